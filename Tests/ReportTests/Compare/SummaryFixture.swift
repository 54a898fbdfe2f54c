import Foundation
import Report

/// Hand-written results directories for the comparison tests: `<dir>/<side>/<scenario>/summary.csv`.
enum SummaryFixture {
    /// The columns of the fixture summaries: identity, counts (one neutral), measured.
    static let header = [
        "scenario", "policy", "in_use", "run", "sweep_key", "sweep_value", "seed", "capacity", "complete",
        "requests", "hits", "hit_rate", "instantiations", "allocated_bytes", "dequeue_latency_p99_ns",
    ]

    /// One row's values by column; missing columns take ``defaults``.
    static let defaults: [String: String] = [
        "scenario": "feed", "policy": "lru", "in_use": "repopulate", "run": "1", "sweep_key": "", "sweep_value": "",
        "seed": "7", "capacity": "6", "complete": "true", "requests": "100", "hits": "80", "hit_rate": "0.8",
        "instantiations": "10", "allocated_bytes": "10000", "dequeue_latency_p99_ns": "1000",
    ]

    /// A summary row: ``defaults`` overridden by `values`.
    static func row(_ values: [String: String] = [:]) -> [String: String] {
        defaults.merging(values) { $1 }
    }

    /// CRLF CSV text of `rows` under `header`.
    static func csv(_ rows: [[String: String]], header: [String] = header) -> String {
        var table = CSVTable(header: header)
        for row in rows {
            table.rows.append(header.map { .string(row[$0] ?? "") })
        }
        return table.render()
    }

    /// Writes `<directory>/<scenario>/summary.csv` and its `columns.csv` for each scenario and
    /// returns `directory`'s path.
    @discardableResult
    static func write(
        _ scenarios: [String: [[String: String]]], to directory: URL, header: [String] = header
    ) throws -> String {
        for (scenario, rows) in scenarios {
            let folder = directory.appendingPathComponent(scenario, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let rows = rows.map { $0.merging(["scenario": scenario]) { $1 } }
            try csv(rows, header: header).write(
                to: folder.appendingPathComponent("summary.csv"), atomically: false, encoding: .utf8)
            try FixtureColumns.describe(summary: header).render().write(
                to: folder.appendingPathComponent(ResultColumns.fileName), atomically: false, encoding: .utf8)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }

    /// Compares `baseline` with `current` (scenario → rows) written under a fresh temporary
    /// directory. The fixtures hold one repetition, so measured metrics are judged by their
    /// thresholds alone, as `--strict` does, unless `options` say otherwise.
    static func compare(
        baseline: [String: [[String: String]]], current: [String: [[String: String]]],
        thresholds: Thresholds = Thresholds(), header: [String] = header, options: CompareOptions = CompareOptions(strict: true)
    ) throws -> Comparison {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = try write(baseline, to: directory.url.appendingPathComponent("baseline"), header: header)
        let cur = try write(current, to: directory.url.appendingPathComponent("current"), header: header)
        return try Comparison.load(baseline: base, current: cur, thresholds: thresholds, options: options)
    }

    /// Thresholds from `--threshold` arguments.
    static func thresholds(_ assignments: String...) throws -> Thresholds {
        var thresholds = Thresholds()
        for assignment in assignments {
            try thresholds.set(assignment: assignment)
        }
        return thresholds
    }
}

extension Comparison {
    /// The compared metric `metric` of the first run, if any.
    func metric(_ metric: String, policy: String = "lru") -> MetricComparison? {
        metrics.first { $0.metric == metric && $0.key.policy == policy }
    }
}
