import Models
/// Every default of the scenario file format, in one place. The decoders use these for
/// absent (or null) optional keys; the public initializers use them as default arguments.
public enum ScenarioDefaults {
    // Header
    public static let version = 1
    public static let seed: UInt64 = 1
    public static let warmup = Seconds.zero
    public static let sampleInterval = Seconds(1)
    public static let memoryPressure: [MemoryPressureEvent] = []
    /// One repetition of each run: measured figures are single samples.
    public static let repetitions = 1
    /// One workload seed: the file's.
    public static let seeds = SeedsSpec.single
    /// `decide.share`: the goal must hold in 95% of the seeds.
    public static let decideShare = 0.95

    // scrolling-table: table
    public static let viewportHeight = 667.0
    public static let refreshHz = 60
    public static let disclosure = Disclosure.all
    public static let cellWeight = 1.0
    public static let nibLabel = "Label"

    // scrolling-table: scroll steps
    /// UIScrollView.DecelerationRate.normal: velocity factor per millisecond.
    public static let flingDeceleration = 0.998
    public static let backAndForthCycles = 1
    public static let jumpTarget = JumpTarget.row
    public static let tapOrder = TapOrder.random

    // scrolling-table: details
    public static let details: [DetailSpec] = []
    public static let detailWeight = 1.0

    // scrolling-table: cache
    /// The baseline, a bounded store, and the seed's own store (`forever`: unlimited, emptied by
    /// memory warnings).
    public static let policies: [PolicyName] = [.none, PolicyRegistry.defaultPolicy, .forever]
    public static let inUse: [InUseModeName] = [.repopulate]

    // navigation: cache
    /// The factory's own unlimited store and a bounded one.
    public static let navigationPolicies: [PolicyName] = [.forever, PolicyRegistry.defaultPolicy]

    // trace: generate
    /// hotspot: the hot set's share of the objects.
    public static let hotFraction = 0.2
    /// hotspot: the hot set's share of the requests.
    public static let hotShare = 0.8
    /// latest: the share of requests that ask for a new object.
    public static let insertShare = 0.05
}
