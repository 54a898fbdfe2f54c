import Synchronization

/// What a policy is made from: the store's capacity, its unit, the run's seed, the scenario's
/// parameter values for the policy and, for a policy that needs it, the request stream's future.
public struct PolicyContext {
    /// The capacity in the policy's unit (0: learnt at the first eviction, when the store is full).
    public var capacity: Int
    /// Whether the capacity is in bytes (entries weigh their sizes) rather than entries (each weighs 1).
    public var sized: Bool
    /// The run's seed, for a policy that draws (`random`).
    public var seed: UInt64
    /// The policy's parameter values, defaults filled in.
    public var settings: PolicySettings
    /// The identities of the whole request stream in order, for a policy that looks ahead
    /// (``RegisteredPolicy/needsFuture``); empty otherwise.
    public var future: [UInt64]
    /// The log of the run's requests the policy follows its position in the future by, when
    /// the store makes calls of its own between requests (a scenario kind's second pass).
    public var log: CacheRequestLog?

    /// A context; `settings` defaults to the policy's declared defaults.
    public init(
        capacity: Int = 0, sized: Bool = false, seed: UInt64 = 0, settings: PolicySettings = PolicySettings(),
        future: [UInt64] = [], log: CacheRequestLog? = nil
    ) {
        self.log = log
        self.capacity = capacity
        self.sized = sized
        self.seed = seed
        self.settings = settings
        self.future = future
    }
}

/// Figures a policy's reference simulator measured for it, that `bench --suite policies` prints beside ours.
public struct PolicyReferenceFigures: Sendable {
    /// In-memory replay of trace A at 100, 1000 and 5000 objects, M requests/s, median of its runs.
    /// The built-in policies state libCacheSim's (aa0fc40, release build): measured on 2026-11-29 on
    /// this project's 2-core machine, quiet (load average 1-2, so its wall clock and thread CPU time
    /// agree), two rounds of 3 runs interleaved with this project's own; a policy's comment says
    /// where a figure covers only part of the trace (docs/measured.md).
    public var requestsPerSecond: [Double]
    /// Peak resident set of the process replaying one cache, MiB, if measured (the built-in policies:
    /// libCacheSim's driver at 5000 objects, its trace arrays included, 2026-11-29).
    public var peakRSSMiB: Int?

    /// Figures as measured: requests/s at the three capacities, and the peak resident set if known.
    public init(requestsPerSecond: [Double], peakRSSMiB: Int? = nil) {
        self.requestsPerSecond = requestsPerSecond
        self.peakRSSMiB = peakRSSMiB
    }
}

/// An eviction policy that can be named in a scenario file: its type states its name, help text,
/// reference and parameters, and how it is made; one line in ``PolicyRegistry`` (or a call to
/// `PolicyRegistry.register(_:)`) makes it available to every kind that takes a policy.
public protocol RegisteredPolicy: EvictionPolicy {
    /// The name a scenario file uses.
    static var policyName: PolicyName { get }
    /// What the policy evicts, in a sentence or two (`workbench policies`).
    static var summary: String { get }
    /// Where its rule comes from (paper, reference simulator's source file).
    static var reference: String { get }
    /// Its tunable parameters (none by default).
    static var parameters: [PolicyParameter] { get }
    /// Whether it needs the request stream's future (``PolicyContext/future``): a run then first
    /// records its stream in a pass under ``PolicyRegistry/recordingPolicy``.
    static var needsFuture: Bool { get }
    /// Whether its misses at every capacity follow from one pass of LRU stack distances (true of
    /// LRU alone): a trace study of several capacities then replays once.
    static var followsLRUStackDistances: Bool { get }
    /// The reference simulator's figures for it, if measured.
    static var referenceFigures: PolicyReferenceFigures? { get }
    /// Makes the policy for one store or replay.
    init(_ context: PolicyContext)
}

extension RegisteredPolicy {
    public static var parameters: [PolicyParameter] { [] }
    public static var needsFuture: Bool { false }
    public static var followsLRUStackDistances: Bool { false }
    public static var referenceFigures: PolicyReferenceFigures? { nil }
    public var name: PolicyName { Self.policyName }
}

/// A registered policy: what the registry knows of it, and its replays, specialised for its type
/// where the descriptor is made (``of(_:)``).
public struct PolicyDescriptor: Sendable {
    /// The name scenario files use (``RegisteredPolicy/policyName``).
    public let name: PolicyName
    /// One line for `workbench policies`.
    public let summary: String
    /// Where the algorithm is published.
    public let reference: String
    /// Its tunable parameters, with kinds, ranges and defaults.
    public let parameters: [PolicyParameter]
    /// Whether a run records its request stream first, for the policy to look ahead in.
    public let needsFuture: Bool
    /// Whether one pass of LRU stack distances gives its misses at every capacity.
    public let followsLRUStackDistances: Bool
    /// The reference simulator's figures for it, if measured.
    public let referenceFigures: PolicyReferenceFigures?
    private let makePolicy: @Sendable (PolicyContext) -> any EvictionPolicy
    let replayMisses: @Sendable (PolicyContext, UnsafeBufferPointer<UInt32>) -> Int
    let makeTraceReplayer: @Sendable (PolicyContext, ReplayCapacity, [UInt64]?, Int?) -> any TraceReplaying

    /// The descriptor of `Policy`: its replay loops are compiled for `Policy` here (inlined where
    /// the registry names the policy, so each closure calls loops specialised for its class).
    /// Inlinable, with the loops: a policy registered from another module gets loops specialised
    /// for its class in that module, as the built-in ones do in this one.
    @inlinable @inline(__always)
    public static func of<Policy: RegisteredPolicy>(_ type: Policy.Type) -> PolicyDescriptor {
        PolicyDescriptor(
            name: Policy.policyName, summary: Policy.summary, reference: Policy.reference,
            parameters: Policy.parameters, needsFuture: Policy.needsFuture,
            followsLRUStackDistances: Policy.followsLRUStackDistances, referenceFigures: Policy.referenceFigures,
            makePolicy: { Policy($0) },
            replayMisses: { context, requests in
                CacheReplay.replay(Policy(context), capacity: context.capacity, requests: requests)
            },
            makeTraceReplayer: { context, capacity, denseKeys, expectedObjects in
                TraceReplay.replayer(Policy(context), capacity: capacity, denseKeys: denseKeys, expectedObjects: expectedObjects)
            })
    }

    /// A descriptor of these parts (``of(_:)`` makes them).
    @usableFromInline
    init(
        name: PolicyName, summary: String, reference: String, parameters: [PolicyParameter],
        needsFuture: Bool, followsLRUStackDistances: Bool, referenceFigures: PolicyReferenceFigures?,
        makePolicy: @escaping @Sendable (PolicyContext) -> any EvictionPolicy,
        replayMisses: @escaping @Sendable (PolicyContext, UnsafeBufferPointer<UInt32>) -> Int,
        makeTraceReplayer: @escaping @Sendable (PolicyContext, ReplayCapacity, [UInt64]?, Int?) -> any TraceReplaying
    ) {
        self.name = name
        self.summary = summary
        self.reference = reference
        self.parameters = parameters
        self.needsFuture = needsFuture
        self.followsLRUStackDistances = followsLRUStackDistances
        self.referenceFigures = referenceFigures
        self.makePolicy = makePolicy
        self.replayMisses = replayMisses
        self.makeTraceReplayer = makeTraceReplayer
    }

    /// Makes the policy.
    public func make(_ context: PolicyContext) -> any EvictionPolicy { makePolicy(context) }

    /// The parameter of this name, if declared.
    public func parameter(named name: String) -> PolicyParameter? { parameters.first { $0.name == name } }
}

/// Why a policy could not be registered.
public struct PolicyRegistrationError: Error, CustomStringConvertible {
    /// What was refused and why (the name taken, reserved or not a plain word).
    public let description: String
}

/// The eviction policies scenario files can name: the built-in ones, in the order `workbench
/// policies` lists them, then any a program registers before it loads scenarios.
///
/// Adding a built-in policy is its file in `Sources/Models/Policies/` (a ``RegisteredPolicy``)
/// and one line in ``builtIn``.
public enum PolicyRegistry {
    /// The built-in policies, one line each.
    public static let builtIn: [PolicyDescriptor] = [
        .of(LRUPolicy.self),
        .of(FIFOPolicy.self),
        .of(RandomPolicy.self),
        .of(ClockPolicy.self),
        .of(LFUPolicy.self),
        .of(ARCPolicy.self),
        .of(S3FIFOPolicy.self),
        .of(SievePolicy.self),
        .of(WTinyLFUPolicy.self),
        .of(TwoQueuePolicy.self),
        .of(SLRUPolicy.self),
        .of(OptimalPolicy.self),
        .of(RandomTwoPolicy.self),
        .of(HyperbolicPolicy.self),
        .of(RandomLRUPolicy.self),
        .of(GDSFPolicy.self),
        .of(SizePolicy.self),
        .of(LFUDAPolicy.self),
        .of(BeladySizePolicy.self),
        .of(LIRSPolicy.self),
        .of(QDLPPolicy.self),
        .of(FIFOMergePolicy.self),
        .of(LeCaRPolicy.self),
        .of(CacheusPolicy.self),
        .of(LHDPolicy.self),
        .of(GreedyDualPolicy.self),
    ]

    /// The policy a cache uses when a scenario names none, and a drawing store's default eviction.
    public static let defaultPolicy: PolicyName = LRUPolicy.policyName

    /// The policy a run records its request stream under before a policy that needs the future runs.
    public static let recordingPolicy: PolicyName = LRUPolicy.policyName

    /// The policies a trace study runs when its file names none.
    public static let defaultStudy: [PolicyName] = [
        LRUPolicy.policyName, FIFOPolicy.policyName, ClockPolicy.policyName, LFUPolicy.policyName,
        ARCPolicy.policyName, S3FIFOPolicy.policyName, SievePolicy.policyName,
    ]

    private static let registered = Mutex<[PolicyDescriptor]>(builtIn)

    /// Every registered policy, built-in first.
    public static var all: [PolicyDescriptor] { registered.withLock { $0 } }

    /// Every registered policy's name.
    public static var names: [PolicyName] { all.map(\.name) }

    /// The policy of this name, if registered.
    public static func descriptor(named name: PolicyName) -> PolicyDescriptor? {
        registered.withLock { list in list.first { $0.name == name } }
    }

    /// Names that are not eviction policies but other words of a scenario's policy lists
    /// (``PolicyName/none``, ``PolicyName/forever``, tiers, store designs): a policy may not take one.
    public static let reservedNames: Set<PolicyName> = [.none, .forever]

    /// Registers `descriptor`; refused if its name is taken, reserved, or not a plain word.
    public static func register(_ descriptor: PolicyDescriptor) throws {
        let name = descriptor.name.rawValue
        guard descriptor.name.isPlainWord else {
            throw PolicyRegistrationError(description: "policy name '\(name)' must be letters, digits, '-', '_' or '+'")
        }
        guard !reservedNames.contains(descriptor.name) else {
            throw PolicyRegistrationError(description: "policy name '\(name)' is reserved")
        }
        try registered.withLock { list in
            guard !list.contains(where: { $0.name == descriptor.name }) else {
                throw PolicyRegistrationError(description: "a policy named '\(name)' is already registered")
            }
            list.append(descriptor)
        }
    }

    /// Registers `Policy` (the descriptor ``PolicyDescriptor/of(_:)`` makes of it; see the other `register`).
    /// Inlinable: the descriptor, and so its replay loops, are made for `Policy` in the caller's module.
    @inlinable
    public static func register<Policy: RegisteredPolicy>(_ type: Policy.Type) throws {
        try register(.of(type))
    }
}
