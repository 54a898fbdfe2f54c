// The policy parameters a `cache:` block may set, shared by every kind that takes eviction policies.

import Models

extension EvictionParameters {
    /// The keys: `s3_fifo_small_ratio` (S3-FIFO's small FIFO) and `w_tinylfu_window` (W-TinyLFU's
    /// window LRU), each a share of the capacity in (0, 1).
    static let keys = ["s3_fifo_small_ratio", "w_tinylfu_window"]

    /// Reads the parameters `f` sets, the reference simulator's defaults for the others.
    /// - Throws: a `file:line:column` error at a ratio ≤ 0 or ≥ 1.
    init(from f: Fields) throws {
        self.init()
        if let ratio = try f.optionalNumber("s3_fifo_small_ratio") {
            try f.check("s3_fifo_small_ratio", ratio > 0 && ratio < 1, "must be > 0 and < 1")
            smallRatio = ratio
        }
        if let ratio = try f.optionalNumber("w_tinylfu_window") {
            try f.check("w_tinylfu_window", ratio > 0 && ratio < 1, "must be > 0 and < 1")
            windowRatio = ratio
        }
    }

    /// Writes both parameters under their keys.
    func encode(to container: inout KeyedEncodingContainer<AnyCodingKey>) throws {
        try container.encode(smallRatio, for: "s3_fifo_small_ratio")
        try container.encode(windowRatio, for: "w_tinylfu_window")
    }
}
