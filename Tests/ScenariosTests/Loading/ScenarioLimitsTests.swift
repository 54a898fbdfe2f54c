import Foundation
import Scenarios
import Testing

/// Values that used to pass validation and then crash or exhaust memory in `run` are refused up
/// front, at their `file:line:column`, with the range in the message.
@Suite("Scenario loading: limits")
struct ScenarioLimitsTests {
    /// `minimal` with `line` replaced: the error, or a recorded issue if it loads.
    func error(replacing line: String, with replacement: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> ScenarioError?
    {
        let yaml = LoaderFixtures.minimal(replacing: line, with: replacement)
        guard let error = planError(yaml) else {
            Issue.record("expected an error, but the file loaded", sourceLocation: sourceLocation)
            return nil
        }
        return error
    }

    @Test(
        "a duration above 1e9 s is refused at its key, whichever key it is",
        arguments: [
            ("duration: 30", "duration: 1e18", "duration", 3),
            ("duration: 30", "duration: 30\nwarmup: 1e18s", "warmup", 4),
            ("duration: 30", "duration: 30\nsample_interval: 100000000000h", "sample_interval", 4),
            ("duration: 30", "duration: 30\nmemory_pressure: [{at: 1e18s, level: warning}]", "memory_pressure[0].at", 4),
            ("duration: 30", "duration: 30\nmemory_pressure: [{every: 1e18, level: warning}]", "memory_pressure[0].every", 4),
            ("  - pause: 1s", "  - pause: 1e18s", "scroll[0].pause", 10),
            ("  - pause: 1s", "  - push: {count: 1, dwell: 1e300}\ndetails: [{type: d, nib: {views: 2, depth: 1}}]", "scroll[0].push.dwell", 10),
        ])
    func durationLimit(line: String, replacement: String, keyPath: String, at lineNumber: Int) {
        guard let error = error(replacing: line, with: replacement) else { return }
        #expect(error.keyPath == keyPath)
        #expect(error.line == lineNumber)
        #expect(error.message.contains("must be 0 or between 1e-09 s and 1000000000 s (about 31 years)"), "\(error.message)")
    }

    @Test("a sample interval that would take more than 1000000 samples a run is refused with the number")
    func sampleCountLimit() {
        guard let error = error(replacing: "duration: 30", with: "duration: 30\nsample_interval: 1e-9s") else { return }
        #expect(error.keyPath == "sample_interval")
        #expect(error.line == 4 && error.column == 18)
        #expect(
            error.message
                == "sample_interval gives 30000000000 samples per run ((warmup + duration) / sample_interval); at most 1000000 (found '1e-9s')")
    }

    @Test("a pressure interval that would post more than 1000000 notifications a run is refused with the number")
    func pressureCountLimit() {
        guard let error = error(replacing: "duration: 30", with: "duration: 30\nmemory_pressure: [{every: 1e-9s, level: warning}]")
        else { return }
        #expect(error.keyPath == "memory_pressure[0].every")
        #expect(error.message.contains("gives 29999999999 memory-pressure notifications per run"), "\(error.message)")
        #expect(error.message.contains("at most 1000000"))
    }

    @Test("a parallel-readers sample interval of 1e-9 s is refused, not allocated")
    func parallelReadersSampleInterval() {
        let yaml = """
            name: readers
            kind: parallel-readers
            duration: 1s
            sample_interval: 1e-9s
            keys: 10
            readers: {threads: 1, mix: {get: 100}, operations: 10}
            """
        let error = planError(yaml)
        #expect(error?.keyPath == "sample_interval")
        #expect(error?.line == 4)
    }

    @Test("huge table sizes are refused with their range", arguments: [
        ("  sections: 1", "  sections: 1000000000000", "table.sections", "must be between 1 and 100000 (found 1000000000000)"),
        ("  rows_per_section: 10", "  rows_per_section: [0, 1000000000000]", "table.rows_per_section[1]", "must be between 0 and 100000"),
        ("  rows_per_section: 10", "  rows_per_section: 1000000000", "table.rows_per_section", "must be between 0 and 100000"),
        ("  sections: 1", "  sections: 100000\n  rows_per_section: 100000", "", ""),
    ])
    func tableSizeLimits(line: String, replacement: String, keyPath: String, message: String) {
        if keyPath.isEmpty {
            // sections × rows over the limit: both in range alone.
            let yaml = LoaderFixtures.minimal
                .replacingOccurrences(of: "  rows_per_section: 10\n", with: "")
                .replacingOccurrences(of: "  sections: 1", with: replacement)
            let error = planError(yaml)
            #expect(error?.keyPath == "table.rows_per_section")
            #expect(error?.message.contains("gives up to 10000000000 rows (sections × max); at most 1000000") == true)
            return
        }
        guard let error = error(replacing: line, with: replacement) else { return }
        #expect(error.keyPath == keyPath)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("a nib of more than 100000 views is refused")
    func nibViewLimit() {
        guard
            let error = error(
                replacing: "{type: plain, height: 44, nib: {views: 1, depth: 1}}",
                with: "{type: plain, height: 44, nib: {views: 1000000000, depth: 1}}")
        else { return }
        #expect(error.keyPath == "table.cells[0].nib.views")
        #expect(error.message == "table.cells[0].nib.views must be between 1 and 100000 (found 1000000000)")
    }

    @Test("a drawing view count above 1000 is refused")
    func drawnViewCountLimit() {
        let yaml = """
            name: drawing
            kind: drawing
            duration: 1s
            views: [{name: button, count: 1000000000, size: [10, 10]}]
            cache: {capacity: 1MB}
            """
        let error = planError(yaml)
        #expect(error?.keyPath == "views[0].count")
        #expect(error?.message == "views[0].count must be between 1 and 1000 (found 1000000000)")
    }

    @Test("a saved-state payload of more than 10000 entries, or over 1 MiB an intent, is refused")
    func statePayloadLimit() {
        func yaml(_ state: String) -> String {
            """
            name: app
            kind: navigation
            duration: 10s
            app:
              sections: [{name: home, nib: {views: 2, depth: 1}}]
            user:
              state: \(state)
              script: [{dwell: 1s}]
            cache: {policies: [forever]}
            """
        }
        #expect(planError(yaml("{entries: 1000000000, bytes: 1}"))?.keyPath == "user.state.entries")
        let product = planError(yaml("{entries: 10000, bytes: 65536}"))
        #expect(product?.keyPath == "user.state.bytes")
        #expect(product?.message.contains("gives 655360000 bytes per intent (entries × bytes); at most 1048576") == true)
    }

    @Test("a sweep range of more points than an Int holds is refused, not trapped")
    func sweepRangeOverflow() {
        let yaml = LoaderFixtures.minimal + "\nsweep: {key: cache.capacity, from: 1, to: 1e300, step: 1e-9}"
        let error = planError(yaml)
        #expect(error?.keyPath == "sweep.step")
        #expect(error?.message.contains("at most 1000") == true)
    }

    @Test("every sweep point is checked as the scenario it makes")
    func sweepPointsValidated() {
        let yaml = LoaderFixtures.minimal + "\nsweep: {key: cache.capacity, values: [-1, 0, 5]}"
        let error = planError(yaml)
        #expect(error?.keyPath == "cache.capacity")
        #expect(error?.message.contains("(with sweep value -1)") == true)
        let seed = planError("seed: 3\n" + LoaderFixtures.minimal + "\nsweep: {key: seed, values: [-1, 0, 5]}")
        #expect(seed?.keyPath == "seed")
        #expect(seed?.message.contains("(with sweep value -1)") == true)
    }

    @Test("a name longer than 100 characters is refused (it names a directory)")
    func nameLengthLimit() {
        guard let error = error(replacing: "name: minimal", with: "name: " + String(repeating: "a", count: 300)) else { return }
        #expect(error.keyPath == "name")
        #expect(error.message.contains("must be at most 100 characters"))
    }

    @Test("--max-duration caps duration and warm-up after the file is checked as written")
    func maxDurationCaps() throws {
        let yaml = LoaderFixtures.minimal.replacingOccurrences(of: "duration: 30", with: "duration: 1h\nwarmup: 20m")
        let plan = try ScenarioLoader.loadPlan(yaml: yaml, file: "f.yaml", maxDuration: .seconds(2))
        #expect(plan.points.first?.scenario.header.duration == .seconds(2))
        #expect(plan.points.first?.scenario.header.warmup == .seconds(2))
        #expect(plan.base.header.duration == .seconds(3600))
        let tooLong = LoaderFixtures.minimal.replacingOccurrences(of: "duration: 30", with: "duration: 1e18")
        #expect(throws: ScenarioError.self) { try ScenarioLoader.loadPlan(yaml: tooLong, file: "f.yaml", maxDuration: .seconds(2)) }
    }
}
