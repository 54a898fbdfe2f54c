import Foundation

/// A deterministic bounded-Zipf request stream, the reference simulator's "trace A" generator:
/// SplitMix64 uniforms (output *i* of the generator seeded with `seed`, turned into a double by its
/// top 53 bits), mapped to ranks 1…`objects` by the inverse CDF of weights k^−α summed left to right
/// in doubles (the smallest rank whose prefix sum exceeds u·total, clamped to `objects`).
///
/// Rank 1 is the most popular object. The stream is byte-for-byte the generator's CSV once printed
/// as `time,obj_id,obj_size` rows (see ``csvRows()``).
public struct ZipfTrace: Sendable {
    /// The object ids requested, in order (1-based ranks).
    public let requests: [UInt32]
    /// The number of distinct objects the ranks range over.
    public let objects: Int

    /// Generates `count` requests over `objects` ranks with exponent `alpha`.
    /// - Complexity: O(*count* · log *objects*)
    public init(count: Int, objects: Int, alpha: Double, seed: UInt64) {
        var sums = [Double](repeating: 0, count: objects)
        var sum = 0.0
        for rank in 1...max(1, objects) where rank <= objects {
            sum += pow(Double(rank), -alpha)
            sums[rank - 1] = sum
        }
        let total = sum
        var generator = SeededGenerator(seed: seed)
        var requests = [UInt32](repeating: 0, count: count)
        sums.withUnsafeBufferPointer { prefix in
            for index in 0..<count {
                let target = generator.nextUnit() * total
                var low = 0
                var high = prefix.count
                while low < high {
                    let middle = (low + high) / 2
                    if prefix[middle] > target { high = middle } else { low = middle + 1 }
                }
                requests[index] = UInt32(min(low + 1, objects))
            }
        }
        self.requests = requests
        self.objects = objects
    }

    /// Trace A: 1,000,000 requests over 10,000 objects, α = 1, seed 42.
    public static func traceA() -> ZipfTrace { ZipfTrace(count: 1_000_000, objects: 10_000, alpha: 1.0, seed: 42) }

    /// The CSV text the reference generator writes, header included.
    public func csvRows() -> String {
        var text = "time,obj_id,obj_size\n"
        text.reserveCapacity(requests.count * 12)
        for (index, id) in requests.enumerated() {
            text += "\(index + 1),\(id),1\n"
        }
        return text
    }
}
