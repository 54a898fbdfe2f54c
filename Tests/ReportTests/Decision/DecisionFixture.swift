import Foundation

@testable import Report

/// Small synthetic results directories for the decision tests: a `summary.csv` of runs at
/// capacities (`cache.capacity`), its `columns.csv` and `plots.csv`, and with seeds a
/// `seeds.csv` (the summary then holds each configuration's median).
enum DecisionFixture {
    /// The columns: identities, `hit_rate` (higher is better), `instantiations` (lower is better),
    /// `allocated_bytes` (measured, lower is better), `requests` (neutral).
    static let columns = ResultColumns(summary: [
        .identity("scenario", .text, "the scenario"), .identity("policy", .text, "the policy"),
        .identity("in_use", .text, "the in-use mode"), .identity("sweep_key", .text, "the swept key"),
        .identity("sweep_value", .number, "the swept value"), .identity("seed", .number, "the seed"),
        .count("hit_rate", .higherIsBetter, "hits / requests", unit: .ratio, views: [.table]),
        .count("instantiations", .lowerIsBetter, "misses"),
        .measured("allocated_bytes", .bytes, .lowerIsBetter, "bytes allocated"),
        .count("requests", .neutral, "requests"),
    ])

    /// One configuration: run `policy` at `capacity` (nil: no sweep) with its values.
    struct Row {
        var policy: String
        var capacity: Int?
        var hitRate: Double
        var instantiations: Int = 0
        var bytes: Int = 1000
    }

    /// The three runs at capacities 2, 4, 8, 16 the one-seed tests decide on (goal
    /// `hit_rate >= 0.9`):
    ///
    /// | run | 2 | 4 | 8 | 16 |
    /// |---|---|---|---|---|
    /// | a/x | 0.2 | 0.6 | 0.9 | 0.95 |  meets from 8 on; knee 8
    /// | b/x | 0.5 | 0.92 | 0.85 | 0.95 | meets at 4, not at 8, again at 16
    /// | c/x | 0.1 | 0.2 | 0.3 | 0.5 |  never; knee 4
    ///
    /// Instantiations a: 80 40 10 5, b: 50 8 15 5, c: 90 80 70 50.
    static let sweep: [Row] = [
        Row(policy: "a", capacity: 2, hitRate: 0.2, instantiations: 80), Row(policy: "b", capacity: 2, hitRate: 0.5, instantiations: 50),
        Row(policy: "c", capacity: 2, hitRate: 0.1, instantiations: 90), Row(policy: "a", capacity: 4, hitRate: 0.6, instantiations: 40),
        Row(policy: "b", capacity: 4, hitRate: 0.92, instantiations: 8), Row(policy: "c", capacity: 4, hitRate: 0.2, instantiations: 80),
        Row(policy: "a", capacity: 8, hitRate: 0.9, instantiations: 10), Row(policy: "b", capacity: 8, hitRate: 0.85, instantiations: 15),
        Row(policy: "c", capacity: 8, hitRate: 0.3, instantiations: 70), Row(policy: "a", capacity: 16, hitRate: 0.95, instantiations: 5),
        Row(policy: "b", capacity: 16, hitRate: 0.95, instantiations: 5), Row(policy: "c", capacity: 16, hitRate: 0.5, instantiations: 50),
    ]

    /// Writes scenario `name` under `results`: `rows` as the summary (with seeds, per run the
    /// median of `seeds`' values, and `seeds.csv`), and its description; returns its directory.
    ///
    /// - Parameter seeds: Per policy, its hit rate in each seed (same seeds for every run); the
    ///   rows' own hit rates are then ignored.
    @discardableResult
    static func write(
        _ rows: [Row], named name: String = "feed", in results: URL, seeds: [String: [Double]] = [:], plotMetric: String? = "hit_rate"
    ) throws -> URL {
        let directory = results.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let header = [
            "scenario", "policy", "in_use", "sweep_key", "sweep_value", "seed", "hit_rate", "instantiations", "allocated_bytes", "requests",
        ]
        func identity(_ row: Row, seed: String) -> [String] {
            [name, row.policy, "x", row.capacity == nil ? "" : "cache.capacity", row.capacity.map(String.init) ?? "", seed]
        }
        var summary = [header.joined(separator: ",")]
        var seedLines = [header.joined(separator: ",")]
        for row in rows {
            let perSeed = seeds[row.policy] ?? []
            let hitRate = perSeed.isEmpty ? row.hitRate : median(perSeed)
            summary.append(
                (identity(row, seed: "7") + [CSVValue.format(hitRate), "\(row.instantiations)", "\(row.bytes)", "100"]).joined(
                    separator: ","))
            for (index, value) in perSeed.enumerated() {
                seedLines.append(
                    (identity(row, seed: "\(7 + index)") + [CSVValue.format(value), "\(row.instantiations)", "\(row.bytes)", "100"]).joined(
                        separator: ","))
            }
        }
        try AtomicFile.write(summary.joined(separator: "\r\n") + "\r\n", to: directory.appendingPathComponent("summary.csv"))
        if !seeds.isEmpty {
            try AtomicFile.write(seedLines.joined(separator: "\r\n") + "\r\n", to: directory.appendingPathComponent("seeds.csv"))
        }
        try AtomicFile.write(columns.render(), to: directory.appendingPathComponent(ResultColumns.fileName))
        if let plotMetric {
            let view = PlotView(name: "sweep", script: "sweep.gp", input: .sweep, metric: plotMetric, variables: [])
            try AtomicFile.write(PlotView.render([view]), to: directory.appendingPathComponent(PlotView.fileName))
        }
        try AtomicFile.write("name: \(name)\nkind: scrolling-table\n", to: directory.appendingPathComponent("scenario.yaml"))
        return directory
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// `hit_rate >= 0.9`, minimising the swept value, at `share`.
    static func question(_ goal: String = "hit_rate>=0.9", share: Double = 0.95, minimize: String = "sweep") -> DecisionQuestion {
        DecisionQuestion(
            goal: goal.split(separator: ",").compactMap { DecisionQuestion.Condition(parsing: String($0)) }, share: share,
            minimize: minimize)
    }
}
