// The `cache:` block of the kinds whose cache holds view controllers: a scrolling table's cells
// and details, a navigation app's views. One type; the kinds differ only in the policies a file
// runs when it lists none.

import Models

/// The policies a kind's `cache:` block runs when it lists none.
public protocol ControllerCacheDefaults: Sendable {
    static var policies: [PolicyName] { get }
}

/// A scrolling table's defaults: the baseline, a bounded store and the seed's own store.
public enum TableCacheDefaults: ControllerCacheDefaults {
    public static var policies: [PolicyName] { ScenarioDefaults.policies }
}

/// A navigation app's defaults: the factory's own store and a bounded one.
public enum NavigationCacheDefaults: ControllerCacheDefaults {
    public static var policies: [PolicyName] { ScenarioDefaults.navigationPolicies }
}

/// `cache:` of a scrolling-table scenario.
public typealias CacheSpec = ControllerCacheSpec<TableCacheDefaults>
/// `cache:` of a navigation scenario.
public typealias ViewCacheSpec = ControllerCacheSpec<NavigationCacheDefaults>

/// `cache:` — the controller cache under test. The scenario runs once per
/// (policy, in_use mode) combination.
public struct ControllerCacheSpec<Defaults: ControllerCacheDefaults>: DeclaredMapping, Equatable, Sendable {
    /// Controllers, > 0; required when a bounded policy (lru, fifo, random) is listed. `forever`
    /// (the seed's unlimited store) and `none` ignore it.
    public var capacity: Int?
    /// Non-empty, no duplicates.
    public var policies: [PolicyName]
    /// Non-empty, no duplicates.
    public var inUse: [InUseModeName]
    /// `s3_fifo_small_ratio` and `w_tinylfu_window`: shares of the capacity, each in (0, 1).
    public var parameters: PolicyParameters

    public init(
        capacity: Int?,
        policies: [PolicyName] = Defaults.policies,
        inUse: [InUseModeName] = ScenarioDefaults.inUse,
        parameters: PolicyParameters = PolicyParameters()
    ) {
        self.capacity = capacity
        self.policies = policies
        self.inUse = inUse
        self.parameters = parameters
    }

    public static var blank: Self { Self(capacity: nil) }

    public static var schema: Schema<Self> {
        Schema([
            .optional(
                "capacity", \.capacity, absent: "unbounded: only none and forever may run",
                "How many controllers the cache holds.", example: "12",
                .must("must be > 0") { $0 > 0 }),
            .optional(
                "policies", \.policies, default: Defaults.policies,
                "The eviction policies to run, one run each (with each in_use mode).",
                example: "[lru, s3-fifo]",
                .must("must list at least one policy") { !$0.isEmpty },
                .check("no duplicates") { values, _, f, key in try rejectDuplicates(values, key: key, in: f) },
                .check("policies that hold controllers, \(PolicyName.listed(PolicyName.controllerPolicies))") { values, _, f, key in
                    try rejectPolicies(notIn: PolicyName.controllerPolicies, values, key: key, in: f)
                }),
            .optional(
                "in_use", \.inUse, default: ScenarioDefaults.inUse,
                "What happens to a controller still in use when it is evicted, one run each.",
                example: "[repopulate, drop]",
                .must("must list at least one mode") { !$0.isEmpty },
                .check("no duplicates") { values, _, f, key in try rejectDuplicates(values, key: key, in: f) }),
            .rule("capacity is required when a bounded policy is listed") { spec, f in
                if spec.capacity == nil, let bounded = spec.policies.first(where: \.isBounded) {
                    let path = f.path("capacity")
                    throw SchemaViolation(
                        .message(
                            "missing required key '\(renderKeyPath(path))' (policy '\(bounded.rawValue)' bounds the cache to it; only none and forever run without one)"
                        ),
                        at: path, target: .mapping)
                }
            },
            .inline(\.parameters, PolicyParameters.schema),
        ])
    }
}
