import Report
import Testing

@testable import Scenarios

/// `device_recreation_ms` of a drawing: the stated cost of each fresh draw of a drawing made
/// before in the run (the memory tier lost it), and the stated cost reaching a cost-aware eviction.
@Suite("Drawing: device time lost to re-creation")
struct DrawingRecreationCostTests {
    /// Two 48×48 views (9,216 B a drawing), the memory tier holding `capacity`: avatar's title
    /// alternates every 100 ms (its two drawings come back), its draw costing 20 ms; badge's content
    /// changes every frame (never drawn twice), 1 ms a draw.
    static func yaml(capacity: String, eviction: String = "lru") -> String {
        """
        name: redraws
        kind: drawing
        seed: 2
        duration: 2s
        warmup: 100ms
        views:
          - {name: avatar, size: [48, 48], effects: {gradient: false}, content: {titles: [A, B], every: 100ms}, cost: 20ms}
          - {name: badge, size: [48, 48], effects: {gradient: false}, content: every_frame, cost: 1ms}
        cache: {policies: [memory], eviction: \(eviction), capacity: \(capacity)}

        """
    }

    static let number = CalibratedCostTests.number

    static func summary(_ yaml: String) throws -> ResultRow? {
        ScenarioRunner.run(try DrawingScenarioTests.load(yaml)).summary.first
    }

    @Test("a drawing drawn again after the memory tier lost it is time lost to re-creation; a tier that keeps every drawing loses none")
    func drawingRecreationCountsRedraws() throws {
        let small = try Self.summary(Self.yaml(capacity: "20KB"))
        #expect(Self.number(small, "device_recreation_ms") > 0)
        #expect(Self.number(small, "device_recreation_ms") <= Self.number(small, "device_cost_ms"))
        let large = try Self.summary(Self.yaml(capacity: "1MB"))
        #expect(Self.number(large, "device_recreation_ms") == 0)
        #expect(Self.number(large, "device_cost_ms") > 0)
    }

    @Test("greedy-dual keeps the costly drawings in a small memory tier and loses less device time than lru")
    func drawingCostAwareEviction() throws {
        // Three drawings fit: lru lets the avatar's other title go behind the badges; greedy-dual
        // keeps it (20 ms to draw again against the badges' 1 ms).
        let lru = try Self.summary(Self.yaml(capacity: "30KB"))
        let greedy = try Self.summary(Self.yaml(capacity: "30KB", eviction: "greedy-dual"))
        #expect(Self.number(lru, "device_recreation_ms") > 0)
        #expect(Self.number(greedy, "device_recreation_ms") < Self.number(lru, "device_recreation_ms"))
    }
}

/// The memory behind `device_recreation_ms`: bounded by the scenario's views, whatever the run's length.
@Suite("Drawing: the drawings remembered for re-creation")
struct DrawnContentMemoryTests {
    @Test("the drawings remembered for device_recreation_ms are bounded by the scenario, not the run's length, and name the same re-creations as remembering every drawing")
    func drawnContentMemoryIsBounded() throws {
        let scenario = try #require(
            try DrawingScenarioTests.drawing(
                """
                name: remembered
                kind: drawing
                duration: 1s
                views:
                  - {name: icon, size: [24, 24], count: 3}
                  - {name: title, size: [96, 24], count: 2, content: {titles: [Inbox, Sent, Drafts], every: 2s}}
                  - {name: chart, size: [96, 48], count: 2, content: {changes_every: 5s}}
                  - {name: clock, size: [48, 24], content: every_frame}
                cache: {policies: [memory], capacity: 1MB}

                """))
        var memory = DrawnContentMemory()
        var everything: Set<String> = []
        var disagreements = 0
        var again = 0
        // Ten minutes at 60 frames a second, every instance drawing fresh on every frame.
        for frame in 0..<36_000 {
            let time = Double(frame) / 60
            for (viewIndex, view) in scenario.views.enumerated() {
                for instance in 0..<view.count {
                    let salt = DrawingDriver.content(of: view, instance: instance, frame: frame, time: time)
                    let remembered = memory.noteFreshDraw(
                        content: view.content, viewIndex: viewIndex, instance: instance, salt: salt)
                    let drawnBefore = !everything.insert("\(view.name)\u{1}\(salt)").inserted
                    if remembered != drawnBefore { disagreements += 1 }
                    if remembered { again += 1 }
                }
            }
        }
        #expect(disagreements == 0)
        #expect(again > 200_000)
        // Every drawing of the run: one per every_frame frame, one per chart version.
        #expect(everything.count > 36_000)
        // Remembered: the three icons, the three titles and each chart's current version.
        #expect(memory.count == 3 + 3 + 2)
    }
}
