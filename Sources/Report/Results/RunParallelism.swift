/// What of a scenario's runs ran side by side (`run --jobs N`), recorded in `run.json` as
/// `parallel`:
///
/// ```json
/// "parallel": {"alone": [], "beside_others": [0, 1, 2, 3], "jobs": 2, "jobs_measured": false,
///              "memory_limited": false, "most_at_once": 2, "policy": "...", "shared_bytes": 240000000}
/// ```
///
/// A measured figure (a `*_ns`, an allocation count, a throughput) of a run listed in
/// `beside_others` was measured while another run used the machine.
public struct RunParallelism: Codable, Sendable, Equatable {
    /// Runs at once that `--jobs` allowed.
    public var jobs: Int
    /// Whether runs that measure time or memory could run side by side too (`--jobs-measured`).
    public var jobsMeasured: Bool
    /// The rule applied, in words.
    public var policy: String
    /// The most runs that ran at the same time.
    public var mostAtOnce: Int
    /// The runs (their `run` column) kept alone on the machine because they measure.
    public var alone: [Int]
    /// The runs (their `run` column) that ran at the same time as at least one other run.
    public var besideOthers: [Int]
    /// Whether the memory limit kept a run from starting beside others while `--jobs` allowed it.
    public var memoryLimited: Bool
    /// Bytes held once for all the runs side by side (a trace read once), if any.
    public var sharedBytes: Int?

    enum CodingKeys: String, CodingKey {
        case jobs, jobsMeasured = "jobs_measured", policy, mostAtOnce = "most_at_once", alone
        case besideOthers = "beside_others", memoryLimited = "memory_limited", sharedBytes = "shared_bytes"
    }

    public init(
        jobs: Int, jobsMeasured: Bool, policy: String, mostAtOnce: Int = 0, alone: [Int] = [], besideOthers: [Int] = [],
        memoryLimited: Bool = false, sharedBytes: Int? = nil
    ) {
        self.jobs = jobs
        self.jobsMeasured = jobsMeasured
        self.policy = policy
        self.mostAtOnce = mostAtOnce
        self.alone = alone
        self.besideOthers = besideOthers
        self.memoryLimited = memoryLimited
        self.sharedBytes = sharedBytes
    }
}
