import Testing

@testable import Scenarios

@Suite("Frame timeline")
struct FrameTimelineTests {
    func header(_ yaml: String) throws -> ScenarioHeader {
        try ScenarioLoader.load(yaml: yaml, file: "t.yaml").header
    }

    static let base = """
        name: t
        kind: scrolling-table
        table: {sections: 1, rows_per_section: 3, cells: [{type: c, height: 44, nib: {views: 1, depth: 1}}]}
        scroll: [pause: 1s]
        cache: {capacity: 4}

        """

    @Test("warm-up frames are driven first, then the counted duration")
    func warmupThenDuration() throws {
        let timeline = FrameTimeline(header: try header(Self.base + "duration: 2s\nwarmup: 500ms\n"), refreshRate: 120)
        #expect(timeline.warmupFrames == 60)
        #expect(timeline.totalFrames == 300)
        #expect(!timeline.isCounted(59))
        #expect(timeline.isCounted(60))
    }

    @Test("samples end every sample_interval after the warm-up, and at the last frame")
    func samplingPoints() throws {
        let timeline = FrameTimeline(header: try header(Self.base + "duration: 2.5s\nwarmup: 1s\n"), refreshRate: 60)
        let ends = (0..<timeline.totalFrames).filter(timeline.isSampleEnd)
        #expect(ends == [119, 179, 209])
        #expect(timeline.time(afterFrame: 119) == 2.0)
    }

    @Test("memory pressure: 'at' fires once, 'every' repeats from its start, nothing past the end")
    func pressureSchedule() throws {
        let yaml =
            Self.base + """
                duration: 10s
                memory_pressure:
                  - {at: 1s, level: warning}
                  - {at: 99s, level: warning}
                  - {every: 4s, level: moderate}
                  - {every: 3s, start: 1s, level: moderate}
                """
        let timeline = FrameTimeline(header: try header(yaml), refreshRate: 60)
        #expect(timeline.pressure[60] == [.warning, .moderate])
        #expect(timeline.pressure[240] == [.moderate, .moderate])
        #expect(timeline.pressure[480] == [.moderate])
        #expect(timeline.pressure.keys.sorted() == [60, 240, 420, 480])
    }

    @Test("none runs once; every caching policy runs once per in-use mode")
    func runMatrix() {
        let runs = RunConfiguration.matrix(policies: [.none, .lru, .random], modes: [.repopulate, .drop], seed: 5)
        #expect(runs.map(\.description) == ["none", "lru/repopulate", "lru/drop", "random/repopulate", "random/drop"])
        #expect(runs.allSatisfy { $0.seed == 5 })
    }
}
