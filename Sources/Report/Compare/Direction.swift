/// Which way a metric gets better. Each kind declares its columns' directions (``Column``).
public enum Direction: String, Sendable, Equatable, CaseIterable {
    /// More is better (hits, hit rates, reuses): a fall is a regression.
    case higherIsBetter = "higher_is_better"
    /// Less is better (instantiations, evictions, bytes, latencies): a rise is a regression.
    case lowerIsBetter = "lower_is_better"
    /// Neither (requests, frames, intents, levels at the end of a run): a change beyond the
    /// threshold is reported as `changed`, never as a regression or an improvement.
    case neutral
}
