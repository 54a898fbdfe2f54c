import Models

extension SeedsSpec {
    /// The seeds themselves, in order, for a scenario whose base seed is `base` (`--seed`, else
    /// the file's `seed:`): for a count N, `base` first, then seeds 1 to N−1 derived from it,
    /// seed *i* being output *i* of SplitMix64 seeded with `base` (the *i*-th `next()` of
    /// `SeededGenerator(seed: base)`); for a list, the list (`base` is not used).
    ///
    /// The same base and count give the same seeds on every machine, so two runs of a scenario
    /// (or two shards, or a repetition's process) replicate over the same workloads.
    public func seeds(base: UInt64) -> [UInt64] {
        switch self {
        case .list(let seeds):
            return seeds
        case .count(let count):
            var generator = SeededGenerator(seed: base)
            return [base] + (1..<Swift.max(count, 1)).map { _ in generator.next() }
        }
    }
}
