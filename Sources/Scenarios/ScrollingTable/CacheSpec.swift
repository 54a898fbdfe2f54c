// The `cache:` block of a scrolling-table scenario.

import Models

/// `cache:` — the controller cache under test. The scenario runs once per
/// (policy, in_use mode) combination.
public struct CacheSpec: Codable, Equatable, Sendable {
    /// Controllers, > 0; required when a bounded policy (lru, fifo, random) is listed. `forever`
    /// (the seed's unlimited store) and `none` ignore it.
    public var capacity: Int?
    /// Non-empty, no duplicates.
    public var policies: [PolicyName]
    /// Non-empty, no duplicates.
    public var inUse: [InUseModeName]
    /// `s3_fifo_small_ratio` and `w_tinylfu_window`: shares of the capacity, each in (0, 1).
    public var parameters: EvictionParameters

    public init(
        capacity: Int?,
        policies: [PolicyName] = ScenarioDefaults.policies,
        inUse: [InUseModeName] = ScenarioDefaults.inUse,
        parameters: EvictionParameters = EvictionParameters()
    ) {
        self.capacity = capacity
        self.policies = policies
        self.inUse = inUse
        self.parameters = parameters
    }

    static let keys = ["capacity", "policies", "in_use", "s3_fifo_small_ratio", "w_tinylfu_window"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        capacity = try f.optional("capacity")
        if let capacity { try f.check("capacity", capacity > 0, "must be > 0") }

        policies = try f.optional("policies") ?? ScenarioDefaults.policies
        try f.check("policies", !policies.isEmpty, "must list at least one policy")
        try rejectDuplicates(policies, key: "policies", in: f)
        try rejectPolicies(notIn: PolicyName.controllerPolicies, policies, key: "policies", in: f)

        inUse = try f.optional("in_use") ?? ScenarioDefaults.inUse
        try f.check("in_use", !inUse.isEmpty, "must list at least one mode")
        try rejectDuplicates(inUse, key: "in_use", in: f)

        if capacity == nil, let bounded = policies.first(where: \.isBounded) {
            let path = f.path("capacity")
            throw SchemaViolation(
                .message(
                    "missing required key '\(renderKeyPath(path))' (policy '\(bounded.rawValue)' bounds the cache to it; only none and forever run without one)"
                ),
                at: path, target: .mapping)
        }
        parameters = try EvictionParameters(fields: f)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encodeIfPresent(capacity, for: "capacity")
        try container.encode(policies, for: "policies")
        try container.encode(inUse, for: "in_use")
        try container.encode(parameters.smallRatio, for: "s3_fifo_small_ratio")
        try container.encode(parameters.windowRatio, for: "w_tinylfu_window")
    }
}

extension EvictionParameters {
    /// `s3_fifo_small_ratio` and `w_tinylfu_window` of a `cache:` mapping, each in (0, 1), the
    /// defaults where absent.
    init(fields f: Fields) throws {
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
}
