import Foundation
import Models

/// The cumulative probabilities of a zipfian distribution over ranks `0..<n`: rank `r` has
/// probability ∝ 1/(r+1)^alpha. Built once per run, read by every thread.
public final class ZipfTable: Sendable {
    public let cdf: [Double]

    /// - Complexity: O(*n*)
    public init(count: Int, alpha: Double) {
        var cdf = [Double](repeating: 0, count: count)
        var total = 0.0
        for rank in 0..<count {
            total += 1 / pow(Double(rank + 1), alpha)
            cdf[rank] = total
        }
        for rank in 0..<count { cdf[rank] /= total }
        cdf[count - 1] = 1
        self.cdf = cdf
    }

    /// The rank whose cumulative probability first reaches `unit` (in 0..<1).
    /// - Complexity: O(log *n*)
    @inline(__always)
    public func rank(_ unit: Double) -> Int {
        var low = 0
        var high = cdf.count - 1
        while low < high {
            let middle = (low + high) >> 1
            if cdf[middle] < unit { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Draws the keys one thread touches, from its own seeded generator.
public struct KeySampler: Sendable {
    public let keyCount: Int
    public let distribution: KeyDistributionSpec
    public let zipf: ZipfTable?
    /// `hotspot`: the keys `0..<hotKeys` are the hot set.
    private let hotKeys: Int

    public init(keyCount: Int, distribution: KeyDistributionSpec, zipf: ZipfTable?) {
        self.keyCount = keyCount
        self.distribution = distribution
        self.zipf = zipf
        if case .hotspot(let keys, _) = distribution {
            hotKeys = max(1, min(keyCount - 1, Int(saturating: (Double(keyCount) * keys).rounded())))
        } else {
            hotKeys = 0
        }
    }

    /// The shared table a distribution needs, if any.
    public static func table(keyCount: Int, distribution: KeyDistributionSpec) -> ZipfTable? {
        switch distribution {
        case .zipfian(let alpha), .latest(let alpha): ZipfTable(count: keyCount, alpha: alpha)
        case .uniform, .hotspot: nil
        }
    }

    /// The next key. `latest` is the key written last (for the `latest` distribution).
    @inline(__always)
    public func next(_ generator: inout SeededGenerator, latest: Int) -> Int {
        switch distribution {
        case .uniform:
            return generator.next(below: keyCount)
        // The driver builds a table for every zipfian and latest distribution it samples.
        case .zipfian:
            return zipf?.rank(generator.nextUnit()) ?? generator.next(below: keyCount)
        case .latest:
            let rank = zipf?.rank(generator.nextUnit()) ?? generator.next(below: keyCount)
            return ((latest - rank) % keyCount + keyCount) % keyCount
        case .hotspot(_, let operations):
            if keyCount == 1 { return 0 }
            if generator.nextUnit() < operations { return generator.next(below: hotKeys) }
            return hotKeys + generator.next(below: keyCount - hotKeys)
        }
    }

    /// `key` moved to the nearest key writer `writer` of `writers` owns (`k mod writers == writer`).
    @inline(__always)
    public static func owned(_ key: Int, writer: Int, writers: Int, keyCount: Int) -> Int {
        let candidate = key - key % writers + writer
        return candidate < keyCount ? candidate : candidate - writers
    }
}
