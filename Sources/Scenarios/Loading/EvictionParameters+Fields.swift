// The policy parameters a `cache:` block may set, shared by every kind that takes eviction policies.

import Models

extension EvictionParameters {
    /// `s3_fifo_small_ratio` (S3-FIFO's small FIFO) and `w_tinylfu_window` (W-TinyLFU's window
    /// LRU), each a share of the capacity in (0, 1); the reference simulator's defaults.
    static let schema = Schema<EvictionParameters>([
        .optional(
            "s3_fifo_small_ratio", \.smallRatio, default: EvictionParameters().smallRatio,
            "s3-fifo: the small FIFO's share of the capacity.", example: "0.1",
            .must("must be > 0 and < 1") { $0 > 0 && $0 < 1 }),
        .optional(
            "w_tinylfu_window", \.windowRatio, default: EvictionParameters().windowRatio,
            "w-tinylfu: the window LRU's share of the capacity.", example: "0.01",
            .must("must be > 0 and < 1") { $0 > 0 && $0 < 1 }),
    ])
}
