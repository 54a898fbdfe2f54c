import Foundation
import Models

/// What `workbench trace stats` reports about a trace: its size, its working set, how skewed its
/// popularity is, and how soon keys come back.
public struct TraceStatistics: Equatable, Sendable {
    public var requests = 0
    public var uniqueKeys = 0
    /// The distinct keys' sizes (each at its first request), in bytes.
    public var workingSetBytes = 0
    /// The exponent α of the Zipf law fitted to the keys' request counts: the least-squares slope
    /// of log(count) against log(rank), ranks by decreasing count, over the keys requested at
    /// least twice (negated); nil with fewer than two such keys.
    public var zipfAlpha: Double?
    /// Reuse times: for each request of a key seen before, the requests since its previous one;
    /// bucket *i* counts reuse times in [2^i, 2^(i+1)). First requests are `coldRequests`.
    public var reuseHistogram: [Int] = []
    public var coldRequests = 0

    /// Reads the trace once (holding a count and a last position per distinct key).
    /// - Throws: the trace's first bad row, as `file:line:column`.
    public init(_ file: TraceFileSpec) throws(ScenarioError) {
        var seen: [UInt64: (count: Int, last: Int)] = [:]
        var histogram = [Int](repeating: 0, count: 64)
        var index = 0
        var bytes = 0
        try file.reader.forEachChunk { chunk in
            for request in chunk {
                if let previous = seen[request.key] {
                    let distance = index - previous.last
                    histogram[Int.bitWidth - 1 - distance.leadingZeroBitCount] += 1
                    seen[request.key] = (previous.count + 1, index)
                } else {
                    seen[request.key] = (1, index)
                    bytes += Int(request.size)
                }
                index += 1
            }
            return true
        }
        requests = index
        uniqueKeys = seen.count
        workingSetBytes = bytes
        coldRequests = seen.count
        let used = (histogram.lastIndex { $0 > 0 } ?? -1) + 1
        reuseHistogram = Array(histogram[0..<used])
        zipfAlpha = Self.fitZipf(seen.values.map(\.count))
    }

    /// The negated least-squares slope of log(count) on log(rank) over counts of at least 2.
    static func fitZipf(_ counts: [Int]) -> Double? {
        let sorted = counts.filter { $0 >= 2 }.sorted(by: >)
        guard sorted.count >= 2 else { return nil }
        var sumX = 0.0, sumY = 0.0, sumXX = 0.0, sumXY = 0.0
        for (offset, count) in sorted.enumerated() {
            let x = log(Double(offset + 1))
            let y = log(Double(count))
            sumX += x
            sumY += y
            sumXX += x * x
            sumXY += x * y
        }
        let n = Double(sorted.count)
        let denominator = n * sumXX - sumX * sumX
        guard denominator > 0 else { return nil }
        return -(n * sumXY - sumX * sumY) / denominator
    }

    /// The report `workbench trace stats` prints.
    public var text: String {
        var lines = [
            "requests          \(requests)",
            "unique keys       \(uniqueKeys)",
            "working set bytes \(workingSetBytes)",
            "zipf alpha (fit)  \(zipfAlpha.map { String(format: "%.4f", $0) } ?? "-")",
            "reuse time (requests since the key's previous request):",
            "  first request   \(coldRequests)",
        ]
        for (bucket, count) in reuseHistogram.enumerated() where count > 0 {
            let low = 1 << bucket
            lines.append("  \(String("\(low)-\(2 * low - 1)").padding(toLength: 15, withPad: " ", startingAt: 0)) \(count)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Generating and converting trace files (`workbench trace generate` and `convert`).
public enum TraceFiles {
    /// The most requests written as oracle-general: each request's key and next use are held,
    /// and each distinct key's last use (about 48 bytes a request in all), within half of the
    /// machine's memory and at most 2^30.
    public static var maxOracleRequests: Int {
        Int(min(MemoryGuard.defaultLimit / 48, Double(1 << 30)))
    }

    private static func oracleCountMessage(_ requests: Int, limit: Int) -> String {
        "oracle-general is written with every request's key and next use in memory (about 48 bytes a request): at most \(limit) requests on this machine (half its memory), and this trace has \(requests == limit + 1 ? "more" : "\(requests)"); write csv or binary instead"
    }

    /// Writes the requests of `source` to `path` in `format` (oracle-general computes each
    /// request's next use first, holding the trace's keys: 16 bytes a request).
    /// - Returns: the number of requests written.
    /// - Throws: a `ScenarioError` for a bad input row, a `TraceWriteError` for the output; a
    ///   failed write leaves no file behind.
    public static func write(_ source: TraceSource, seed: UInt64, to path: String, format: TraceFormat) throws -> Int {
        var nextUse: [Int64] = []
        if format == .oracleGeneral {
            // Checked before anything is written: the request count (the keys and next uses are
            // held) and each time (a 32-bit unsigned number of seconds in the output).
            let limit = maxOracleRequests
            if case .generated(let spec) = source, spec.requests > limit {
                throw ScenarioError(file: path, line: 0, column: 0, keyPath: "", message: oracleCountMessage(spec.requests, limit: limit))
            }
            var keys: [UInt64] = []
            var tooMany = false
            var badTime: (index: Int, time: Double)?
            try source.forEachChunk(seed: seed) { chunk in
                guard keys.count + chunk.count <= limit else {
                    tooMany = true
                    return false
                }
                if let offset = chunk.firstIndex(where: { !(0...Double(UInt32.max)).contains($0.time) }) {
                    badTime = (keys.count + offset, chunk[offset].time)
                    return false
                }
                keys += chunk.map(\.key)
                return true
            }
            if let badTime { throw try TraceRequestLocator.timeRefusal(source, request: badTime.index, time: badTime.time) }
            if tooMany {
                throw ScenarioError(file: path, line: 0, column: 0, keyPath: "", message: oracleCountMessage(limit + 1, limit: limit))
            }
            nextUse = TraceWriter.nextUses(of: keys)
        }
        // A generated csv has the reference generator's header, so that its bytes are the same.
        let header = if case .generated = source { "time,obj_id,obj_size" } else { "time,key,size" }
        let writer = try TraceWriter(path: path, format: format, nextUse: nextUse, csvHeader: header)
        var count = 0
        var failure: Error?
        var badTime: (index: Int, time: Double)?
        do {
            try source.forEachChunk(seed: seed) { chunk in
                // vscsi's time is whole microseconds in a u64: a time outside it is located in the input.
                if format == .vscsi, let offset = chunk.firstIndex(where: { !VSCSITrace.fits($0.time) }) {
                    badTime = (count + offset, chunk[offset].time)
                    return false
                }
                do {
                    try writer.write(chunk)
                } catch {
                    failure = error
                    return false
                }
                count += chunk.count
                return true
            }
        } catch {
            writer.discard()
            throw error
        }
        if let failure {
            writer.discard()
            throw failure
        }
        if let badTime {
            writer.discard()
            throw try TraceRequestLocator.timeRefusal(source, request: badTime.index, time: badTime.time, format: format)
        }
        try writer.finish()
        return count
    }
}
