import Foundation
import Models

/// LRU's miss-ratio curve of a trace in one pass, for every capacity at once: Mattson's stack
/// distances (``LRUStackDistances``), exact; or, with a sampling rate below 1, SHARDS's estimate
/// (``ShardsLRUCurve``), which holds only the sampled keys. What `workbench trace curve` prints.
public struct TraceCurve: Equatable, Sendable {
    /// One point of the curve.
    public struct Point: Equatable, Sendable {
        public var capacity: Int
        /// Misses (exact), or the estimated miss ratio times the requests (sampled), rounded.
        public var misses: Int
        public var missRatio: Double
    }

    public var requests = 0
    public var distinctKeys: Int?
    /// The sampling rate: 1 for the exact curve.
    public var rate: Double
    public var points: [Point] = []

    /// Reads the trace once.
    /// - Parameters:
    ///   - capacities: The capacities, in objects; empty: 20 capacities spaced evenly on a
    ///     logarithmic scale from 1 to the trace's distinct keys (exact curves only).
    ///   - rate: SHARDS's sampling rate, in (0, 1]; 1 replays every request exactly.
    /// - Throws: the trace's first bad row, as `file:line:column`.
    public init(_ file: TraceFileSpec, capacities: [Int], rate: Double = 1) throws(ScenarioError) {
        self.rate = rate
        if rate >= 1 {
            var stack = LRUStackDistances()
            try file.reader.forEachChunk { chunk in
                for request in chunk { stack.record(request.key) }
                return true
            }
            requests = stack.requests
            distinctKeys = stack.distinctKeys
            let wanted = capacities.isEmpty ? Self.logSpaced(upTo: stack.distinctKeys) : capacities
            points = wanted.map { capacity in
                let misses = stack.misses(capacity: capacity)
                return Point(
                    capacity: capacity, misses: misses, missRatio: requests > 0 ? Double(misses) / Double(requests) : 0)
            }
        } else {
            var sample = ShardsLRUCurve(rate: rate)
            try file.reader.forEachChunk { chunk in
                for request in chunk { sample.record(request.key) }
                return true
            }
            requests = sample.requests
            points = capacities.map { capacity in
                let ratio = sample.missRatio(capacity: capacity)
                return Point(capacity: capacity, misses: Int(saturating: (ratio * Double(requests)).rounded()), missRatio: ratio)
            }
        }
    }

    /// `count` capacities from 1 to `limit`, evenly spaced on a logarithmic scale, distinct.
    static func logSpaced(upTo limit: Int, count: Int = 20) -> [Int] {
        guard limit > 1 else { return [max(limit, 1)] }
        var values: [Int] = []
        for step in 0..<count {
            let value = Int(saturating: pow(Double(limit), Double(step) / Double(count - 1)).rounded())
            if values.last != value { values.append(value) }
        }
        return values
    }

    /// The CSV `workbench trace curve` prints: capacity, misses, miss_ratio.
    public var csv: String {
        var text = "capacity,misses,miss_ratio\n"
        for point in points {
            text += "\(point.capacity),\(point.misses),\(String(format: "%.6f", point.missRatio))\n"
        }
        return text
    }
}
