extension RunOptions {
    /// The workload seeds a scenario with `header` runs over, as the file or `--seeds` says
    /// (``seedsSpec(for:)``): a count starts at the base seed (`--seed`, else the file's
    /// `seed:`) and derives the others from it (``SeedsSpec/seeds(base:)``); a list is used as
    /// it is (`--seed` does not change it).
    public func seeds(for header: ScenarioHeader) -> [UInt64] {
        seedsSpec(for: header).seeds(base: seed ?? header.seed)
    }

    /// The `seeds:` a scenario with `header` runs with: `--seeds N` (``seedCount``) replaces the
    /// file's, count or list.
    public func seedsSpec(for header: ScenarioHeader) -> SeedsSpec {
        seedCount.map(SeedsSpec.count) ?? header.seeds
    }
}
