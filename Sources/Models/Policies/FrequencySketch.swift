import Foundation

/// The counting Bloom filter W-TinyLFU estimates frequencies with, as the reference simulator
/// builds it: sized for `entries` at a 0.1% error rate (⌈14.38 × entries⌉ 32-bit counters and
/// 10 hash functions), indices `(a + i·b) mod m` from two 64-bit XXH64 hashes of the identity;
/// an add increments every indexed counter, an estimate is their minimum, and the filter can be
/// halved to age it.
struct FrequencySketch {
    private var counters: [UInt32]
    private let hashCount: Int

    /// Sizes the filter as the reference does: `-ln(errorRate) / ln(2)²` counters per entry,
    /// rounded up over all entries (at least two per hash function), `ln(2)` × that many hashes.
    init(entries: Int, errorRate: Double = 0.001) {
        let bitsPerEntry = -(log(errorRate) / 0.480_453_013_918_201)
        hashCount = Int(saturating: (0.693_147_180_559_945 * bitsPerEntry).rounded(.up))
        let wanted = Int(saturating: min((bitsPerEntry * Double(max(1, entries))).rounded(.up), Double(Int32.max)))
        counters = Array(repeating: 0, count: max(wanted, 2 * hashCount))
    }

    var counterCount: Int { counters.count }

    /// Adds one occurrence of `identity`.
    /// - Complexity: O(1): ten counters.
    mutating func add(_ identity: UInt64) {
        let (a, b) = Self.hashes(identity)
        let m = UInt32(truncatingIfNeeded: counters.count)
        counters.withUnsafeMutableBufferPointer { buffer in
            for i in 0..<UInt32(hashCount) {
                let index = Int((a &+ i &* b) % m)
                buffer[index] &+= 1
            }
        }
    }

    /// The estimated number of occurrences of `identity`.
    func estimate(_ identity: UInt64) -> UInt32 {
        let (a, b) = Self.hashes(identity)
        let m = UInt32(truncatingIfNeeded: counters.count)
        return counters.withUnsafeBufferPointer { buffer in
            var minimum = UInt32.max
            for i in 0..<UInt32(hashCount) {
                minimum = min(minimum, buffer[Int((a &+ i &* b) % m)])
            }
            return minimum
        }
    }

    /// Halves every counter.
    mutating func halve() {
        counters.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] >>= 1 }
        }
    }

    @inline(__always)
    private static func hashes(_ identity: UInt64) -> (UInt32, UInt32) {
        (
            UInt32(truncatingIfNeeded: xxh64(identity, seed: 0x1234_5678)),
            UInt32(truncatingIfNeeded: xxh64(identity, seed: 0x1234_4321))
        )
    }

    /// XXH64 of the 8 little-endian bytes of `value`.
    @inline(__always)
    static func xxh64(_ value: UInt64, seed: UInt64) -> UInt64 {
        let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
        let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        let prime3: UInt64 = 0x1656_67B1_9E37_79F9
        let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
        let prime5: UInt64 = 0x27D4_EB2F_1656_67C5
        var hash = seed &+ prime5 &+ 8
        let lane = ((value &* prime2) << 31 | (value &* prime2) >> 33) &* prime1
        hash ^= lane
        hash = (hash << 27 | hash >> 37) &* prime1 &+ prime4
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }
}
