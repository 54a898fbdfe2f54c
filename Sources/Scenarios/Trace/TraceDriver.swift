import Foundation
import Models
import Report

/// Replays a trace scenario's requests through one policy at one capacity, chunk by chunk, and
/// records the counts, a timeseries row per `window` requests, and the replay's speed.
///
/// `lru` at several capacities is replayed in one pass: the first of its runs reads the trace
/// once and feeds every capacity's cache (each its own, so each run counts exactly what a
/// separate run would); the others' outputs wait in ``TraceScenario/runsAhead`` for their turn.
struct TraceDriver {
    let scenario: TraceScenario
    let configuration: RunConfiguration

    /// The capacity of `run` (its sweep point).
    func capacity(of run: RunConfiguration) -> ReplayCapacity {
        let value = Int(saturating: run.sweep?.value ?? 0)
        return scenario.cache.inBytes ? .bytes(value) : .objects(value)
    }

    /// The runs one pass replays with this one: a policy that follows LRU stack distances runs at every capacity of the scenario
    /// (indices as the runner numbers them: a policy's capacities are consecutive), else this one.
    var onePass: [RunConfiguration] {
        // Under callgrind (`run --instructions`) every run replays by itself: one pass would count
        // every capacity's work in the first run.
        guard configuration.policy.descriptor?.followsLRUStackDistances == true, scenario.capacities.count > 1,
            !scenario.sideBySide.active, !InstructionCounter.isActive,
            let position = scenario.capacities.firstIndex(where: { Double($0.value) == configuration.sweep?.value })
        else { return [configuration] }
        return scenario.capacities.enumerated().map { offset, capacity in
            var sibling = configuration
            sibling.sweep?.value = Double(capacity.value)
            sibling.index = configuration.index - position + offset
            return sibling
        }
    }

    func run(isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        let runs = onePass
        if runs.count > 1, let ready = scenario.runsAhead.take(configuration.index) { return ready }
        let outputs = replay(runs, isCancelled: isCancelled, progress: progress)
        var mine = outputs[0]
        var ahead: [Int: RunOutput] = [:]
        for (run, output) in zip(runs, outputs) {
            if run.index == configuration.index {
                mine = output
            } else if output.complete {
                ahead[run.index] = output
            }
        }
        // A new pass replaces what an earlier one left (runs that were not selected).
        if runs.count > 1 { scenario.runsAhead.replace(with: ahead) }
        return mine
    }

    /// Replays the trace once through one cache per run (the same policy, each run's capacity).
    private func replay(_ runs: [RunConfiguration], isCancelled: () -> Bool, progress: (Double) -> Void) -> [RunOutput] {
        let policy = configuration.policy
        let source = scenario.source
        let seed = configuration.seed
        let started = ContinuousClock.now
        var failure = false
        var inputError: ScenarioError?
        var future: [UInt64] = []
        if policy.needsFuture {
            // Whatever brought optimal in (the file's list or --policy), its look-ahead holds at
            // most maxOptimalRequests requests: a longer trace is refused as it is read.
            let limit = TraceScenario.maxOptimalRequests
            future.reserveCapacity(min(max(scenario.scan.requests, 0), limit))
            do {
                // The read shared by runs side by side holds what the replay reads: the keys,
                // unless the file's records carry dense object ids (a v2 binary trace).
                let body: (UnsafeBufferPointer<TraceRequest>) -> Bool = { chunk in
                    guard future.count + chunk.count <= limit else {
                        inputError = TraceScenario.optimalRefusal(source: source, requests: future.count + chunk.count)
                        failure = true
                        return false
                    }
                    for request in chunk { future.append(request.key) }
                    return true
                }
                if scenario.scan.objectTable == 0 {
                    try scenario.forEachChunk(seed: seed, isCancelled: isCancelled, body)
                } else {
                    try source.forEachChunk(seed: seed, body)
                }
            } catch where LoadInterruption.isInterruption(error) {
                // The replay's first read stops for the same interrupt: the run is cancelled.
            } catch {
                failure = true
                inputError = error
            }
        }
        // A v2 binary trace's requests carry dense object ids: the replay indexes arrays by id.
        var denseKeys: [UInt64]?
        if case .file(let spec) = source {
            do {
                denseKeys = try spec.reader.objectKeys()
            } catch {
                failure = true
                inputError = error
            }
        }
        // Room is reserved for no more objects than the trace can bring.
        let expected = scenario.distinctCacheKeys ?? (scenario.scan.requests > 0 ? scenario.scan.requests : nil)
        let caches = runs.map { run in
            TraceReplay.make(
                policy: policy, capacity: capacity(of: run), seed: seed, parameters: scenario.cache.parameters,
                future: failure ? [] : future, denseKeys: denseKeys, expectedObjects: expected)
        }
        future = []
        // Every recorder cuts its windows at the same requests.
        var recorders = runs.map { WindowRecorder(configuration: $0, scenario: scenario) }
        var cancelled = false
        var replayed = 0
        let warmupRequests = scenario.warmupRequests
        let warmupTime = scenario.header.warmup.value
        var counting = warmupRequests == 0 && warmupTime <= 0
        var firstTime: Double?
        let total = max(1, scenario.scan.requests)
        do {
            // A file whose object table cannot be read is not replayed at all.
            try scenario.forEachChunk(seed: seed, denseIds: denseKeys != nil, isCancelled: isCancelled) { chunk in
                guard !failure else { return false }
                var start = 0
                while start < chunk.count {
                    var end = min(chunk.count, start + recorders[0].left)
                    if !counting {
                        // Warming up until both `warmup_requests` and `warmup` have passed.
                        let first = firstTime ?? chunk[start].time
                        firstTime = first
                        var cut = start
                        while cut < end && (replayed + cut - start < warmupRequests || chunk[cut].time < first + warmupTime) {
                            cut += 1
                        }
                        if cut == start { counting = true } else { end = cut }
                    }
                    let segment = UnsafeBufferPointer(rebasing: chunk[start..<end])
                    replayed += end - start
                    for (position, cache) in caches.enumerated() {
                        let before = cache.counts
                        if counting { InstructionCounter.start() }
                        cache.replay(segment, counted: counting)
                        InstructionCounter.stop()
                        recorders[position].advance(
                            by: end - start, time: chunk[end - 1].time, before: before, after: cache.counts, replayed: replayed)
                    }
                    start = end
                }
                progress(min(1, Double(replayed) / Double(total)))
                if isCancelled() {
                    cancelled = true
                    return false
                }
                return true
            }
        } catch where LoadInterruption.isInterruption(error) {
            // Stopped inside a read (a compressed file's long stretch without a request).
            cancelled = true
        } catch {
            // A csv row the load did not read (its rows are checked here): the run is refused.
            failure = true
            inputError = error
        }
        let elapsed = started.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let complete = !cancelled && !failure
        return runs.indices.map { position in
            recorders[position].flush()
            let run = runs[position]
            var row = run.identityRow(scenario: scenario.header.name)
            let counts = caches[position].counts
            row.append("seed", .uint(seed))
            switch capacity(of: run) {
            case .objects(let value):
                row.append("capacity", .int(value))
                row.append("capacity_bytes", .int(0))
            case .bytes(let value):
                row.append("capacity", .int(0))
                row.append("capacity_bytes", .int(value))
            }
            row.append("warmup_requests", .int(replayed - counts.requests))
            row.append("requests", .int(counts.requests))
            row.append("hits", .int(counts.requests - counts.misses))
            row.append("misses", .int(counts.misses))
            row.append("miss_ratio", .double(counts.missRatio))
            row.append("byte_miss_ratio", .double(counts.byteMissRatio))
            row.append("byte_misses", .int(counts.missedBytes))
            row.append("requested_bytes", .int(counts.requestedBytes))
            row.append("evictions", .int(counts.evictions))
            row.append("complete", .string(complete ? "true" : "false"))
            row.append("replay_s", .double(seconds))
            row.append("requests_per_s", .double(seconds > 0 ? Double(replayed) / seconds : 0))
            var output = RunOutput(summary: row, timeseries: recorders[position].rows, latency: [], complete: complete)
            output.inputError = inputError
            return output
        }
    }
}

/// Runs a one-pass replay computed before their turn (``TraceDriver``), by run index; each taken
/// once. Shared by the copies of a scenario value; equal whatever it holds.
public struct TraceRunsAhead: Equatable, Sendable {
    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var outputs: [Int: RunOutput] = [:]
    }

    private let store = Store()

    public init() {}

    public static func == (lhs: Self, rhs: Self) -> Bool { true }

    func replace(with outputs: [Int: RunOutput]) {
        store.lock.withLock { store.outputs = outputs }
    }

    func take(_ index: Int) -> RunOutput? {
        store.lock.withLock { store.outputs.removeValue(forKey: index) }
    }
}

/// Cuts the replay into windows of `window` requests and writes one timeseries row per window.
private struct WindowRecorder {
    let configuration: RunConfiguration
    let scenario: TraceScenario
    /// The rows so far, on disk (`window: 1` makes a row per request).
    let rows = RowSpool()
    /// Requests left in the current window.
    var left: Int
    private var windowStart = ReplayCounts()
    private var last = ReplayCounts()
    private var lastTime = 0.0
    private var replayed = 0
    private var pending = false

    init(configuration: RunConfiguration, scenario: TraceScenario) {
        self.configuration = configuration
        self.scenario = scenario
        left = scenario.window
    }

    mutating func advance(by count: Int, time: Double, before: ReplayCounts, after: ReplayCounts, replayed: Int) {
        left -= count
        last = after
        lastTime = time
        self.replayed = replayed
        pending = true
        if left == 0 { flush() }
    }

    mutating func flush() {
        guard pending else { return }
        var row = configuration.identityRow(scenario: scenario.header.name)
        let requests = last.requests - windowStart.requests
        let misses = last.misses - windowStart.misses
        row.append("t_s", .double(lastTime))
        row.append("request_end", .int(replayed))
        row.append("requests", .int(requests))
        row.append("misses", .int(misses))
        row.append("miss_ratio", requests == 0 ? .empty : .double(Double(misses) / Double(requests)))
        rows.append(row)
        windowStart = last
        left = scenario.window
        pending = false
    }
}
