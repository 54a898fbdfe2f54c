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
