import Foundation
import Models

// The `trace` scenario kind: a recorded or generated request stream replayed under every policy
// and capacity. Types and validation only; the driver lives beside it.

/// `kind: trace`. Top-level keys: `ScenarioHeader.keys` + `trace` or `generate`, `cache`,
/// `warmup_requests`, `window`. `duration` is not needed (the trace decides how long a run is);
/// `warmup` is trace time (requests before the first request's time + warmup are not counted).
public struct TraceScenario: DeclaredMapping, Equatable, Sendable {
    public var header: ScenarioHeader
    public var source: TraceSource
    public var cache: TraceCacheSpec
    /// Requests replayed before counting starts (with `warmup`, both must have passed).
    public var warmupRequests: Int
    /// Requests per timeseries row.
    public var window: Int
    /// What the trace's first pass found when the file loaded (none for a csv or text trace
    /// that needs no working set and no count: see ``TraceScan``).
    public var scan: TraceScan
    /// `cache.capacities` with shares of the working set resolved, in order.
    public var capacities: [ReplayCapacity]
    /// `lru`'s runs replayed ahead by the one pass of its first run, until their turn.
    var runsAhead = TraceRunsAhead()
    /// What its runs share when they run side by side (``concurrentCopy(memoryBudget:)``).
    var sideBySide = TraceSideBySide()

    /// This kind's own top-level keys (besides the header's).
    public static var keys: [String] { schema.keyNames.filter { !ScenarioHeader.keys.contains($0) } }
    /// The default `window`.
    public static let defaultWindow = 10_000
    /// `optimal` holds the trace's keys and each request's next use (16 bytes a request): it is
    /// refused on traces of more requests than this (about 320 MB).
    public static let maxOptimalRequests = 20_000_000

    public static var blank: Self {
        Self(
            header: .blank, source: .generated(.blank), cache: .blank, warmupRequests: 0, window: defaultWindow,
            scan: TraceScan(), capacities: [])
    }

    public static var schema: Schema<Self> {
        Schema([
            .header(\.header, of: .trace, ScenarioHeader.schema(defaultDuration: .seconds(1))),
            .rule("no sweep: cache.capacities lists the capacities") { scenario, f in
                if let sweep = scenario.header.sweep, sweep.policyParameter == nil {
                    throw f.invalid("sweep", "a trace scenario sweeps its cache capacities itself (list them in cache.capacities)")
                }
            },
            .rule("no memory_pressure") { scenario, f in
                if !scenario.header.memoryPressure.isEmpty {
                    throw f.invalid("memory_pressure", "a trace replay has no memory-pressure notifications")
                }
            },
            .custom(
                [
                    .key(
                        "trace", TraceFileSpec.self, .optional("give generate instead"),
                        "A trace file to replay; give trace or generate, not both.", example: "{path: traces/a.csv}"),
                    .key(
                        "generate", GenerateSpec.self, .optional("give trace instead"),
                        "A synthetic trace made in-process.", example: "{distribution: zipf, objects: 10000, requests: 1000000}"),
                ],
                decode: { scenario, f in try scenario.decodeSource(f) },
                encode: { scenario, container in
                    switch scenario.source {
                    case .file(let spec): try container.encode(spec, for: "trace")
                    case .generated(let spec): try container.encode(spec, for: "generate")
                    }
                }),
            .required("cache", \.cache, "The policies to replay the trace under, and the capacities."),
            .optional(
                "warmup_requests", \.warmupRequests, default: 0,
                "Requests replayed before counting starts (with warmup, both must have passed).", example: "100000",
                .must("must be >= 0") { $0 >= 0 }),
            .optional(
                "window", \.window, default: defaultWindow, "Requests per timeseries row.", example: "1000",
                .within(1...1_000_000_000)),
            // optimal is refused above a number of requests: it needs them counted before it runs.
            .custom(
                [],
                decode: { scenario, _ in
                    let cache = scenario.cache
                    let needsWorkingSet = cache.capacities.contains { if case .percent = $0 { true } else { false } }
                    scenario.scan = try TraceScan(
                        scenario.source, seed: scenario.header.seed, workingSet: needsWorkingSet,
                        countRows: cache.policies.contains(where: \.needsFuture))
                },
                encode: { _, _ in }),
            .rule("optimal only on traces of at most \(maxOptimalRequests) requests") { scenario, f in
                if scenario.cache.policies.contains(where: \.needsFuture) {
                    try f.check(
                        "cache", scenario.scan.requests <= maxOptimalRequests,
                        "lists optimal, which holds the whole trace's next uses: at most \(maxOptimalRequests) requests (the trace has \(scenario.scan.requests))"
                    )
                }
            },
            .custom(
                [],
                decode: { scenario, f in scenario.capacities = try resolve(scenario.cache, scan: scenario.scan, fields: f) },
                encode: { _, _ in }),
            .rule("expectations name runs and metrics of this scenario") { scenario, f in
                try scenario.header.expect.validate(
                    policies: scenario.cache.policies, modes: [], metrics: summaryColumns, fields: f,
                    points: scenario.capacities.map { Double($0.value) })
            },
        ])
    }

    /// Reads exactly one of `trace` and `generate`.
    private mutating func decodeSource(_ f: Fields) throws {
        let file = try f.isPresent("trace")
        let generated = try f.isPresent("generate")
        switch (file, generated) {
        case (true, true):
            throw f.invalid("generate", "give either trace (a file) or generate (a synthetic trace), not both")
        case (true, false):
            source = .file(try f.required("trace"))
        case (false, true):
            source = .generated(try f.required("generate"))
        case (false, false):
            throw SchemaViolation(
                .message("missing required key 'trace' (a trace file) or 'generate' (a synthetic trace)"), at: f.path("trace"),
                target: .mapping)
        }
    }

    /// The capacities in objects or bytes, shares of the working set rounded up.
    private static func resolve(_ cache: TraceCacheSpec, scan: TraceScan, fields f: Fields) throws -> [ReplayCapacity] {
        let key = cache.inBytes ? "capacity_bytes" : "capacities"
        var seen: [Int: Int] = [:]
        return try cache.capacities.enumerated().map { index, value in
            let amount: Int
            switch value {
            case .absolute(let number): amount = number
            case .percent(let share):
                let whole = Double(cache.inBytes ? scan.workingSetBytes : scan.uniqueKeys)
                amount = max(1, Int(saturating: (whole * share / 100).rounded(.up)))
            }
            let path = f.path("cache") + [AnyCodingKey(key), AnyCodingKey(index: index)]
            if let first = seen[amount] {
                throw SchemaViolation(.invalid("capacity \(amount) is listed twice (also at [\(first)])"), at: path)
            }
            seen[amount] = index
            return cache.inBytes ? .bytes(amount) : .objects(amount)
        }
    }

    /// Reads a trace file whose rows loading did not read (a csv or text file, ``TraceScan/estimated``;
    /// a binary file, counted from its size, whose v2 records' object ids are checked as they
    /// are read), refusing its first bad row or record with the error a run would stop at.
    public func checkInputs() throws(ScenarioError) {
        guard case .file(let spec) = source, scan.estimated || spec.format.isBinary else { return }
        try spec.reader.forEachChunk { _ in true }
    }
}

/// What one pass over a trace found: the requests (every row of a text trace checked) and, when asked for,
/// the working set (distinct keys, and their bytes at first sight).
///
/// A csv or text file is read here only when it must be (its working set for a `"10%"`
/// capacity, its count for `optimal`): otherwise its requests are estimated from the file's size
/// (for progress) and its rows are checked by the replay that reads them, so that `run` reads
/// it once; ``TraceScenario/checkInputs()`` (`validate`) reads it in full.
public struct TraceScan: Equatable, Sendable {
    public var requests = 0
    /// `requests` is an estimate from the file's size (its rows not read when it loaded).
    public var estimated = false
    public var uniqueKeys = 0
    public var workingSetBytes = 0
    /// The objects of a v2 binary trace (its object table, held by a replay); 0 for other traces.
    public var objectTable = 0

    /// Nothing read yet (a blank scenario's).
    init() {}

    /// Reads `source` once.
    /// - Parameter workingSet: count distinct keys too (holds a set of them).
    /// - Parameter countRows: read a csv or text file to count its rows even without `workingSet`.
    /// - Throws: the first bad row, as `file:line:column`.
    init(_ source: TraceSource, seed: UInt64, workingSet: Bool, countRows: Bool = true) throws(ScenarioError) {
        if case .file(let spec) = source, let counts = try spec.reader.binaryCounts() {
            objectTable = counts.objects
        }
        // A compressed file cannot be estimated from its size (0): it is counted below, so that
        // the memory estimate knows how many objects it can bring.
        if case .file(let spec) = source, !spec.format.isBinary, !workingSet, !countRows {
            let estimate = try spec.reader.estimatedRequests()
            if estimate > 0 || !(spec.resolvedPath.hasSuffix(".gz") || spec.resolvedPath.hasSuffix(".zst")) {
                requests = estimate
                estimated = true
                return
            }
        }
        if case .generated(let spec) = source, !workingSet {
            requests = spec.requests
            return
        }
        // An uncompressed binary trace is counted (and its last record checked) from its size:
        // its records hold no text to check, so reading it here would only read it twice.
        if case .file(let spec) = source, !workingSet, let count = try spec.reader.recordCount() {
            requests = count
            return
        }
        var keys = Set<UInt64>()
        var requests = 0
        var bytes = 0
        try source.forEachChunk(seed: seed) { chunk in
            requests += chunk.count
            if workingSet {
                for request in chunk where keys.insert(request.key).inserted {
                    bytes += Int(request.size)
                }
            }
            return true
        }
        self.requests = requests
        uniqueKeys = keys.count
        workingSetBytes = bytes
    }
}
