import Foundation
import Models

/// What the scroll script asks of the table in one frame.
enum ScrollAction: Equatable {
    /// Scroll to this content offset.
    case scroll(to: Double)
    /// Collapse the disclosed section and disclose this one (or, when every section is shown,
    /// just jump to it), then show its header at the top.
    case disclose(section: Int)
    /// Remove controllers from the cache by hand.
    case removeFromCache(CacheRemovalTarget)
    /// Remove one controller of this type from the cache by hand.
    case removeController(type: String)
    /// A row was tapped: open a detail controller of `details[detail]`, pushed or presented.
    case openDetail(detail: Int, modal: Bool)
    /// Back (pop) or dismiss: close the open detail controller.
    case closeDetail(modal: Bool)
}

/// What the script may know of the table: its extent and where its parts are.
protocol ScrollGeometry {
    var contentOffset: Double { get }
    var maximumOffset: Double { get }
    var sectionCount: Int { get }
    var itemCount: Int { get }
    func offset(ofItemAt index: Int) -> Double
    func offset(ofSection section: Int) -> Double
}

/// Plays a scenario's `scroll:` steps frame by frame, in order, starting over when they run out.
///
/// Deterministic: its only randomness is its own seeded generator, so every policy sees the same
/// gestures at the same frames.
struct ScrollScript {
    let steps: [ScrollStep]
    let frameRate: Double
    /// The `details` weights, picked from at each row tap.
    let detailWeights: [Double]
    private var generator: SeededGenerator
    private var index = 0
    private var state = StepState.start
    private var disclosedSection = -1

    private enum StepState {
        case start
        case timed(framesLeft: Int, velocity: Double)
        case fling(velocity: Double)
        case backAndForth(origin: Double, travelled: Double)
        case jumps(left: Int, framesToNext: Int)
        case taps(left: Int, framesToNext: Int)
        /// `left` taps to go; `framesToClose` of the open detail's dwell (nil: none open).
        case details(left: Int, framesToClose: Int?)
        /// The replay's next frame, and the sample shown last.
        case replay(frame: Int, sample: Int)
    }

    init(steps: [ScrollStep], frameRate: Int, seed: UInt64, detailWeights: [Double] = []) {
        self.steps = steps
        self.frameRate = Double(frameRate)
        self.detailWeights = detailWeights
        generator = SeededGenerator(seed: seed).derived(0x5C2011)
    }

    private var dt: Double { 1 / frameRate }

    private func frames(_ seconds: Seconds) -> Int {
        max(1, FrameTimeline.frames(seconds.value, rate: frameRate))
    }

    /// The actions for the next frame.
    mutating func advance(_ table: ScrollGeometry) -> [ScrollAction] {
        var actions: [ScrollAction] = []
        // A frame moves through at most one full pass of the steps, so instant steps cannot spin.
        for _ in 0...steps.count {
            let outcome = play(table, into: &actions)
            if outcome.ended {
                index = (index + 1) % steps.count
                state = .start
            }
            if outcome.usedFrame { return actions }
        }
        return actions
    }

    /// Plays the current step for one frame: whether it has ended, and whether it used the frame
    /// (an instant step, such as a cache removal, leaves the frame to the next step).
    private mutating func play(_ table: ScrollGeometry, into actions: inout [ScrollAction]) -> (ended: Bool, usedFrame: Bool) {
        let step = steps[index]
        switch (step, state) {
        case (.steady(let steady), .start):
            state = .timed(framesLeft: frames(steady.duration), velocity: steady.speed)
            return play(table, into: &actions)
        case (.pause(let duration), .start):
            state = .timed(framesLeft: frames(duration), velocity: 0)
            return play(table, into: &actions)
        case (_, .timed(let left, let velocity)):
            if velocity != 0 { actions.append(.scroll(to: clamp(table.contentOffset + velocity * dt, table))) }
            state = .timed(framesLeft: left - 1, velocity: velocity)
            return (left - 1 <= 0, true)
        case (.fling(let fling), .start):
            state = .fling(velocity: fling.velocity)
            return play(table, into: &actions)
        case (.fling(let fling), .fling(let velocity)):
            let target = table.contentOffset + velocity * dt
            let clamped = clamp(target, table)
            actions.append(.scroll(to: clamped))
            // UIScrollView's deceleration rate is per millisecond.
            let next = velocity * pow(fling.deceleration, 1000 * dt)
            state = .fling(velocity: next)
            return (abs(next) < 20 || clamped != target, true)
        case (.backAndForth, .start):
            state = .backAndForth(origin: table.contentOffset, travelled: 0)
            return play(table, into: &actions)
        case (.backAndForth(let motion), .backAndForth(let origin, let travelled)):
            let total = 2 * motion.span * Double(motion.cycles)
            let now = min(total, travelled + motion.speed * dt)
            let phase = now.truncatingRemainder(dividingBy: 2 * motion.span)
            let along = phase <= motion.span ? phase : 2 * motion.span - phase
            actions.append(.scroll(to: clamp(origin + along, table)))
            state = .backAndForth(origin: origin, travelled: now)
            return (now >= total, true)
        case (.randomJumps(let jumps), .start):
            state = .jumps(left: jumps.count, framesToNext: 0)
            return play(table, into: &actions)
        case (.randomJumps(let jumps), .jumps(let left, let framesToNext)):
            guard framesToNext <= 0 else {
                state = .jumps(left: left, framesToNext: framesToNext - 1)
                return (false, true)
            }
            guard left > 0 else { return (true, false) }
            switch jumps.target {
            case .row:
                let item = table.itemCount > 0 ? generator.next(below: table.itemCount) : 0
                actions.append(.scroll(to: clamp(table.offset(ofItemAt: item), table)))
            case .section:
                let section = table.sectionCount > 0 ? generator.next(below: table.sectionCount) : 0
                actions.append(.scroll(to: clamp(table.offset(ofSection: section), table)))
            }
            state = .jumps(left: left - 1, framesToNext: frames(jumps.every) - 1)
            return (false, true)
        case (.tapDisclose(let taps), .start):
            state = .taps(left: taps.count, framesToNext: 0)
            return play(table, into: &actions)
        case (.tapDisclose(let taps), .taps(let left, let framesToNext)):
            guard framesToNext <= 0 else {
                state = .taps(left: left, framesToNext: framesToNext - 1)
                return (false, true)
            }
            guard left > 0, table.sectionCount > 0 else { return (true, false) }
            let section: Int
            switch taps.order {
            case .random: section = generator.next(below: table.sectionCount)
            case .sequential: section = (disclosedSection + 1) % table.sectionCount
            }
            disclosedSection = section
            actions.append(.disclose(section: section))
            state = .taps(left: left - 1, framesToNext: frames(taps.dwell) - 1)
            return (false, true)
        case (.push(let open), .start), (.present(let open), .start):
            state = .details(left: open.count, framesToClose: nil)
            return play(table, into: &actions)
        case (.push(let open), .details(let left, let framesToClose)):
            return playDetails(open, modal: false, left: left, framesToClose: framesToClose, into: &actions)
        case (.present(let open), .details(let left, let framesToClose)):
            return playDetails(open, modal: true, left: left, framesToClose: framesToClose, into: &actions)
        case (.recorded, .start):
            state = .replay(frame: 0, sample: 0)
            return play(table, into: &actions)
        case (.recorded(let session), .replay(let frame, var sample)):
            // The last sample at or before this frame's time; a gap holds the offset.
            let time = Double(frame) / frameRate
            while sample + 1 < session.samples.count, session.samples[sample + 1].time <= time + 1e-9 { sample += 1 }
            actions.append(.scroll(to: clamp(session.samples[sample].offset, table)))
            state = .replay(frame: frame + 1, sample: sample)
            return (frame + 1 >= session.frames(at: frameRate), true)
        case (.removeFromCache(let target), _):
            actions.append(.removeFromCache(target))
            return (true, false)
        case (.removeController(let type), _):
            actions.append(.removeController(type: type))
            return (true, false)
        default:
            return (true, false)
        }
    }

    /// One frame of a `push` or `present` step: dwell on the open detail; when the dwell is over
    /// close it, and open the next one in the same frame (a back, then the next row's tap) until
    /// `count` have been opened. The table does not scroll meanwhile.
    private mutating func playDetails(
        _ open: OpenDetails, modal: Bool, left: Int, framesToClose: Int?, into actions: inout [ScrollAction]
    ) -> (ended: Bool, usedFrame: Bool) {
        if let framesToClose {
            if framesToClose > 0 {
                state = .details(left: left, framesToClose: framesToClose - 1)
                return (false, true)
            }
            actions.append(.closeDetail(modal: modal))
            if left <= 0 { return (true, true) }
        }
        guard left > 0, !detailWeights.isEmpty else { return (true, framesToClose != nil) }
        let total = detailWeights.reduce(0, +)
        let detail = TableContent.pick(weights: detailWeights, total: total, using: &generator)
        actions.append(.openDetail(detail: detail, modal: modal))
        state = .details(left: left - 1, framesToClose: frames(open.dwell) - 1)
        return (false, true)
    }

    private func clamp(_ offset: Double, _ table: ScrollGeometry) -> Double {
        min(max(0, offset), table.maximumOffset)
    }
}
