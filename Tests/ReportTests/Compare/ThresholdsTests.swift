import Report
import Testing

extension CompareTests {
    @Suite("Thresholds")
    struct ThresholdsTests {
        @Test(
            "a threshold is a percentage (5%), an absolute amount (200) or exact",
            arguments: [
                ("5%", Threshold.relative(percent: 5)), ("0.5 %", .relative(percent: 0.5)), ("200", .absolute(200)),
                (" 1e6 ", .absolute(1_000_000)), ("exact", .exact), ("0", .exact), ("0%", .relative(percent: 0)),
            ])
        func parses(text: String, expected: Threshold) {
            #expect(Threshold(parsing: text) == expected)
        }

        @Test(
            "negative, non-finite and non-numeric thresholds are rejected", arguments: ["-5%", "-1", "abc", "", "%", "inf", "nan", "5%%"])
        func rejects(text: String) {
            #expect(Threshold(parsing: text) == nil)
        }

        @Test("a relative threshold allows that share of the baseline's magnitude; an absolute one its amount")
        func allowance() {
            #expect(Threshold.relative(percent: 10).allowance(baseline: 250) == 25)
            #expect(Threshold.relative(percent: 10).allowance(baseline: -250) == 25)
            #expect(Threshold.relative(percent: 10).allowance(baseline: 0) == 0)
            #expect(Threshold.absolute(200).allowance(baseline: 1_000_000) == 200)
        }

        @Test("defaults: counts exact, measured metrics 10%")
        func defaults() {
            let thresholds = Thresholds()
            #expect(thresholds.threshold(for: "instantiations", role: .count) == .exact)
            #expect(thresholds.threshold(for: "dequeue_latency_p99_ns", role: .measured) == .relative(percent: 10))
        }

        @Test("a metric's own entry beats * (measured) and counts; * and counts set their groups only")
        func precedence() throws {
            var thresholds = Thresholds()
            try thresholds.set(assignment: "*=20%")
            try thresholds.set(assignment: "counts=3")
            try thresholds.set(assignment: "dequeue_latency_p99_ns=2%")
            try thresholds.set(assignment: "hit_rate=0.01")
            #expect(thresholds.threshold(for: "dequeue_latency_p99_ns", role: .measured) == .relative(percent: 2))
            #expect(thresholds.threshold(for: "allocated_bytes", role: .measured) == .relative(percent: 20))
            #expect(thresholds.threshold(for: "hit_rate", role: .count) == .absolute(0.01))
            #expect(thresholds.threshold(for: "instantiations", role: .count) == .absolute(3))
        }

        @Test("--threshold arguments that are not METRIC=VALUE, or name an identity column, are errors naming the argument")
        func badAssignments() {
            var thresholds = Thresholds()
            #expect(throws: CompareError.invalidThreshold(text: "p99", reason: "expected METRIC=VALUE, e.g. dequeue_latency_p99_ns=5%")) {
                try thresholds.set(assignment: "p99")
            }
            #expect(
                throws: CompareError.invalidThreshold(
                    text: "p99_ns=fast", reason: "'fast' is not a threshold (expected a percentage like 5%, an amount like 200, or exact)")
            ) {
                try thresholds.set(assignment: "p99_ns=fast")
            }
            #expect(throws: CompareError.invalidThreshold(text: "seed=5%", reason: "'seed' identifies a run and is not compared")) {
                try thresholds.set(assignment: "seed=5%")
            }
            #expect(throws: CompareError.self) { try thresholds.set(assignment: "=5%") }
            #expect(throws: CompareError.self) { try thresholds.set(assignment: "sweep_value=5%") }
            #expect(thresholds == Thresholds())
        }

        @Test("a thresholds file is 'metric: value' lines with comments, blank lines and optional quotes")
        func file() throws {
            var thresholds = Thresholds()
            try thresholds.apply(
                fileText: """
                    # thresholds for CI
                    "*": 15%          # measured metrics

                    counts: exact\r
                    'dequeue_latency_p99_ns': "5%"
                    allocated_bytes: 4096
                    """,
                path: "ci.thresholds")
            #expect(thresholds.measured == .relative(percent: 15))
            #expect(thresholds.counts == .exact)
            #expect(thresholds.perMetric == ["dequeue_latency_p99_ns": .relative(percent: 5), "allocated_bytes": .absolute(4096)])
        }

        @Test("a bad line of a thresholds file is an error at path:line")
        func badFileLine() {
            var thresholds = Thresholds()
            let error = CompareError.invalidThresholdsLine(
                path: "ci.thresholds", line: 3,
                reason: "allocated_bytes: 'lots' is not a threshold (expected a percentage like 5%, an amount like 200, or exact)")
            #expect(throws: error) {
                try thresholds.apply(fileText: "# ok\nhit_rate: 0.01\nallocated_bytes: lots\n", path: "ci.thresholds")
            }
            #expect(error.description.hasPrefix("ci.thresholds:3:1: error: allocated_bytes: 'lots'"))
            #expect(throws: CompareError.invalidThresholdsLine(path: "f", line: 1, reason: "expected 'metric: value', found 'hit_rate 5%'"))
            {
                try thresholds.apply(fileText: "hit_rate 5%", path: "f")
            }
        }

        @Test("flags applied after the file override its entries")
        func flagsOverrideFile() throws {
            var thresholds = Thresholds()
            try thresholds.apply(fileText: "dequeue_latency_p99_ns: 5%\n\"*\": 15%\n", path: "f")
            try thresholds.set(assignment: "dequeue_latency_p99_ns=2%")
            #expect(thresholds.threshold(for: "dequeue_latency_p99_ns", role: .measured) == .relative(percent: 2))
            #expect(thresholds.threshold(for: "allocated_bytes", role: .measured) == .relative(percent: 15))
        }

        @Test("a thresholds file that does not exist is an unreadable-file error naming its path")
        func missingFile() {
            var thresholds = Thresholds()
            #expect(throws: CompareError.unreadableFile(path: "/nonexistent/ci.thresholds", reason: "no such file")) {
                try thresholds.load(file: "/nonexistent/ci.thresholds")
            }
        }
    }
}
