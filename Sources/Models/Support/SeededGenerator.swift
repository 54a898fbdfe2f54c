/// A small, fast, seedable random number generator (SplitMix64).
///
/// Every random choice in a model or a scenario comes from one of these, so the same seed gives
/// the same sequence on every machine and every run.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fully determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    /// - Complexity: O(1)
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed value in `0..<upperBound` (`upperBound` > 0), without modulo bias.
    public mutating func next(below upperBound: Int) -> Int {
        Int(truncatingIfNeeded: next(upperBound: UInt64(upperBound)))
    }

    /// A uniformly distributed double in `0..<1`.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Derives an independent generator for a named purpose, so that adding a random choice in
    /// one place does not shift the sequence seen by another.
    public func derived(_ salt: UInt64) -> SeededGenerator {
        var copy = SeededGenerator(seed: state ^ (salt &* 0xD6E8_FEB8_6659_FD93))
        _ = copy.next()
        return copy
    }
}
