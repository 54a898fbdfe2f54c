import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// Every kind's rows are as its columns declare them, and its counts are identical across
/// repetitions: a small scenario of each kind, run once and with `repeat: 2`, writes exactly the
/// declared columns with their declared roles, has no determinism failure, and its counts equal
/// those of a single run (and its merged latency spectrum lies within the repetitions' band).
@Suite("Running: rows as declared, counts identical across repetitions, in every kind")
struct RepeatedCountsTests {
    /// The summary columns whose role a kind's rows may override, by kind: parallel-readers'
    /// operation counts, measured when its threads run for the duration.
    static let overridable: [String: Set<String>] = [
        "parallel-readers": Set(["total_ops"] + ParallelReadersRecorder.operations.map { "\($0.rawValue)_ops" })
    ]

    /// Runs `yaml` once and with 2 repetitions; expects every row of both as declared
    /// (``declaredRows(_:kind:sourceLocation:)``), no determinism failure and the same counts (role
    /// count, not overridden) in every row.
    @discardableResult
    static func check(
        _ yaml: String, file: String = "repeated.yaml", sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (single: ScenarioResult, repeated: ScenarioResult) {
        let scenario = try ScenarioLoader.load(yaml: yaml, file: file)
        let single = ScenarioRunner.run(scenario)
        var options = RunOptions()
        options.repetitions = 2
        let repeated = ScenarioRunner.run(scenario, options: options)
        declaredRows(single, kind: scenario.kind.rawValue, sourceLocation: sourceLocation)
        declaredRows(repeated, kind: scenario.kind.rawValue, sourceLocation: sourceLocation)
        #expect(repeated.determinismFailure == nil, "\(String(describing: repeated.determinismFailure))", sourceLocation: sourceLocation)
        #expect(!repeated.repetitions.isEmpty, "two repetitions ran", sourceLocation: sourceLocation)
        let counts = counts(single, columns: single.columns)
        #expect(!counts.isEmpty && counts.allSatisfy { !$0.isEmpty }, sourceLocation: sourceLocation)
        #expect(Self.counts(repeated, columns: single.columns) == counts, sourceLocation: sourceLocation)
        // The merged spectrum lies within the repetitions' band at every percentile.
        let outside = repeated.latency.filter { row in
            guard let low = row[SharedColumns.spectrumLow]?.number, let high = row[SharedColumns.spectrumHigh]?.number,
                let value = row["latency_ns"]?.number
            else { return true }
            return value < low || value > high
        }
        #expect(outside.isEmpty, "\(outside.count) latency rows outside their band", sourceLocation: sourceLocation)
        return (single, repeated)
    }

    /// Expects every row of every file of `result` to have exactly the columns `result.columns`
    /// declare for that file, in order, each with its declared role: a row may override a role
    /// only where ``overridable`` lists the column for `kind`, and only as the results writer
    /// allows (which refuses anything else: ``ResultsWriter/checkOverrides(of:declared:file:)``).
    static func declaredRows(_ result: ScenarioResult, kind: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let files: [(ResultFile, [ResultRow])] = [
            (.summary, result.summary), (.timeseries, Array(result.timeseries)), (.latency, result.latency),
            (.repetitions, result.repetitions),
        ]
        for (file, rows) in files {
            let declared = result.columns.columns(of: file)
            var otherRoles: Set<String> = []
            for (index, row) in rows.enumerated() {
                #expect(
                    row.names == declared.map(\.name), "\(kind) \(file.fileName) row \(index): columns differ from the declaration",
                    sourceLocation: sourceLocation)
                for column in declared where row.role(of: column.name, declaredBy: declared) != column.role {
                    otherRoles.insert(column.name)
                }
            }
            let allowed = file == .summary ? Self.overridable[kind] ?? [] : []
            #expect(
                otherRoles.subtracting(allowed).isEmpty,
                "\(kind) \(file.fileName): rows give \(otherRoles.subtracting(allowed).sorted()) roles their declaration does not",
                sourceLocation: sourceLocation)
            #expect(throws: Never.self, sourceLocation: sourceLocation) {
                _ = try ResultsWriter.table(file: file.fileName, rows: rows, declared: declared)
            }
        }
    }

    /// Every row's count columns (role count in `columns`, not overridden by the run).
    static func counts(_ result: ScenarioResult, columns: ResultColumns) -> [[String]] {
        result.summary.map { row in
            row.columns.filter { row.role(of: $0.name, declaredBy: columns.summary) == .count }.map { "\($0.name)=\($0.value.text)" }
        }
    }

    /// A small scenario of each kind, by kind.
    static let scenarios: [String: String] = [
        "scrolling-table": ScrollingTableDriverTests.table,
        "navigation": NavigationDriverTests.markovApp,
        "drawing": DrawingScenarioTests.yaml,
        "parallel-readers": ParallelReadersLoadingTests.yaml,
        "trace": """
            name: repeated-trace
            kind: trace
            generate: {distribution: zipf, alpha: 1.0, objects: 300, requests: 6000, seed: 42}
            cache: {policies: [lru, fifo], capacities: [16, 64]}

            """,
    ]

    @Test("every kind has a scenario here")
    func everyKindCovered() {
        #expect(Set(KindRegistry.builtIn.map { $0.kind.rawValue }) == Set(Self.scenarios.keys))
    }

    @Test(
        "each kind: rows as declared; repeat 2 runs without a determinism failure, its counts those of a single run, its spectrum within the band",
        arguments: ["scrolling-table", "navigation", "drawing", "parallel-readers", "trace"])
    func repeatedCounts(_ kind: String) throws {
        try Self.check(try #require(Self.scenarios[kind]))
    }

    @Test("parallel-readers threads that run for the duration make the operation counts measured: the rows override their declared role")
    func timeBoundOperations() throws {
        let operations = try #require(Self.overridable["parallel-readers"])
        // Count-bound (the scenario `repeatedCounts` checks): every row keeps the declared roles.
        let bound = ScenarioRunner.run(try ScenarioLoader.load(yaml: try #require(Self.scenarios["parallel-readers"]), file: "bound.yaml"))
        #expect(!bound.summary.isEmpty && bound.summary.allSatisfy { $0.roleOverrides.isEmpty })
        // The readers read for the duration: the operation counts are measured, here and in the repetitions' medians.
        let timed = try Self.check(ParallelReadersLoadingTests.yaml.replacingOccurrences(of: "  operations: 3000\n", with: ""))
        for row in timed.single.summary + timed.repeated.summary {
            #expect(row.roleOverrides == Dictionary(uniqueKeysWithValues: operations.map { ($0, MetricRole.measured) }))
        }
    }
}
