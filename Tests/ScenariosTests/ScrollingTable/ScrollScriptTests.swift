import Models
import Testing

@testable import Scenarios

/// A table stand-in for the script: fixed extent, records nothing.
struct FakeGeometry: ScrollGeometry {
    var contentOffset: Double = 0
    var maximumOffset: Double = 10_000
    var sectionCount = 10
    var itemCount = 100
    func offset(ofItemAt index: Int) -> Double { Double(index) * 50 }
    func offset(ofSection section: Int) -> Double { Double(section) * 1000 }
}

@Suite("Scroll script")
struct ScrollScriptTests {
    /// Plays `frames` frames, applying scrolls to the geometry; returns every action.
    static func play(_ steps: [ScrollStep], frames: Int, geometry: inout FakeGeometry) -> [ScrollAction] {
        var script = ScrollScript(steps: steps, frameRate: 60, seed: 3)
        var all: [ScrollAction] = []
        for _ in 0..<frames {
            for action in script.advance(geometry) {
                if case .scroll(let offset) = action { geometry.contentOffset = offset }
                all.append(action)
            }
        }
        return all
    }

    @Test("steady scrolls speed × frame time each frame for its duration")
    func steady() {
        var geometry = FakeGeometry()
        _ = Self.play([.steady(SteadyScroll(speed: 600, duration: .seconds(1))), .pause(.seconds(5))], frames: 60, geometry: &geometry)
        #expect(abs(geometry.contentOffset - 600) < 1e-6)
    }

    @Test("a fling decelerates at the UIScrollView rate and stops")
    func fling() {
        var geometry = FakeGeometry()
        let actions = Self.play([.fling(Fling(velocity: 3000)), .pause(.seconds(60))], frames: 600, geometry: &geometry)
        let scrolls = actions.compactMap { if case .scroll(let y) = $0 { return y } else { return nil } }
        let steps = zip(scrolls.dropFirst(), scrolls).map { $0 - $1 }
        #expect(steps.first.map { abs($0 - 3000 * 0.998 / 60) < 5 } == true)
        #expect(zip(steps.dropFirst(), steps).allSatisfy { $0 <= $1 + 1e-9 }, "speed never increases")
        // v0 / ln(1/0.998) per ms ≈ 1498 pt in total.
        #expect(geometry.contentOffset > 1300 && geometry.contentOffset < 1550)
    }

    @Test("scrolling is clamped to the content")
    func clamped() {
        var geometry = FakeGeometry(maximumOffset: 100)
        _ = Self.play([.steady(SteadyScroll(speed: -900, duration: .seconds(1)))], frames: 30, geometry: &geometry)
        #expect(geometry.contentOffset == 0)
    }

    @Test("tap_disclose discloses one section per dwell; sequential goes in order")
    func tapDisclose() {
        var geometry = FakeGeometry()
        let actions = Self.play(
            [.tapDisclose(TapDisclose(count: 3, dwell: .seconds(1), order: .sequential)), .pause(.seconds(60))],
            frames: 200, geometry: &geometry)
        #expect(actions == [.disclose(section: 0), .disclose(section: 1), .disclose(section: 2)])
    }

    @Test("random jumps land on section starts, one per interval, the same for the same seed")
    func randomJumps() {
        var first = FakeGeometry()
        var second = FakeGeometry()
        let steps: [ScrollStep] = [.randomJumps(RandomJumps(count: 4, every: .milliseconds(500), target: .section)), .pause(.seconds(60))]
        let a = Self.play(steps, frames: 150, geometry: &first)
        let b = Self.play(steps, frames: 150, geometry: &second)
        #expect(a == b)
        #expect(a.count == 4)
        #expect(a.allSatisfy { if case .scroll(let y) = $0 { return y.truncatingRemainder(dividingBy: 1000) == 0 } else { return false } })
    }

    @Test("push opens a detail, holds it for the dwell without scrolling, closes it, then opens the next")
    func pushDwellsThenCloses() {
        var script = ScrollScript(
            steps: [.push(OpenDetails(count: 2, dwell: .seconds(0.5))), .pause(.seconds(60))], frameRate: 60, seed: 3,
            detailWeights: [1, 1, 1])
        let geometry = FakeGeometry()
        let frames = (0..<70).map { _ in script.advance(geometry) }
        let opens = frames.indices.filter { frames[$0].contains { if case .openDetail(_, false) = $0 { true } else { false } } }
        let closes = frames.indices.filter { frames[$0].contains(.closeDetail(modal: false)) }
        #expect(opens == [0, 30])
        #expect(closes == [30, 60], "each detail stays 30 frames (0.5 s at 60 Hz); the last closes before the pause")
        #expect(frames[30].first == .closeDetail(modal: false), "back first, then the next row's tap")
        #expect(!frames.joined().contains { if case .scroll = $0 { true } else { false } })
    }

    @Test("present opens details modally, picked by weight with the script's seed")
    func presentPicksByWeight() {
        func opened(seed: UInt64) -> [Int] {
            var script = ScrollScript(
                steps: [.present(OpenDetails(count: 40, dwell: .seconds(0.1)))], frameRate: 60, seed: seed,
                detailWeights: [8, 1, 1])
            return (0..<240).flatMap { _ in script.advance(FakeGeometry()) }.compactMap {
                if case .openDetail(let detail, true) = $0 { detail } else { nil }
            }
        }
        let picks = opened(seed: 5)
        #expect(picks.count == 40)
        #expect(picks == opened(seed: 5))
        #expect(picks.filter { $0 == 0 }.count > 20, "weight 8 of 10")
        #expect(Set(picks).isSubset(of: [0, 1, 2]))
    }

    @Test("an instant step does not use up the frame, and a script of instant steps cannot spin")
    func instantSteps() {
        var geometry = FakeGeometry()
        let actions = Self.play(
            [.removeFromCache(.all), .steady(SteadyScroll(speed: 60, duration: .seconds(1)))], frames: 1, geometry: &geometry)
        #expect(actions == [.removeFromCache(.all), .scroll(to: 1)])
        var script = ScrollScript(steps: [.removeFromCache(.all)], frameRate: 60, seed: 1)
        #expect(script.advance(geometry).count <= 2)
    }
}
