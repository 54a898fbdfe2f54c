import Foundation
import Models

/// One capacity of `cache.capacities` or `cache.capacity_bytes`: a number, a byte count
/// (`capacity_bytes` only: `64MB`), or a share of the trace's working set (`"10%"`).
public enum TraceCapacityValue: Equatable, Sendable, CustomStringConvertible, Encodable {
    case absolute(Int)
    /// Percent of the working set (objects, or bytes), in (0, 100].
    case percent(Double)

    /// A number as a number, a share as `"10%"`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .absolute(let value): try container.encode(value)
        case .percent: try container.encode(description)
        }
    }

    public var description: String {
        switch self {
        case .absolute(let value): "\(value)"
        case .percent(let share): "\(formatNumber(share))%"
        }
    }
}

/// `cache:` — the policies to replay the trace under and the capacities, in objects
/// (`capacities`) or in bytes with sizes honoured (`capacity_bytes`). Every policy runs at every
/// capacity.
public struct TraceCacheSpec: Codable, Equatable, Sendable {
    public var policies: [PolicyName]
    public var capacities: [TraceCapacityValue]
    /// True: capacities are bytes (`capacity_bytes`); false: objects (`capacities`).
    public var inBytes: Bool
    /// `s3_fifo_small_ratio` and `w_tinylfu_window`, as the other kinds accept them.
    public var parameters: EvictionParameters

    /// What `policies` may name: every eviction policy and `optimal`.
    public static let allowedPolicies: [PolicyName] = PolicyName.evictionPolicies + [.optimal]
    /// The seven policies the reference simulator's counts are exact for.
    public static let defaultPolicies: [PolicyName] = [.lru, .fifo, .clock, .lfu, .arc, .s3fifo, .sieve]
    /// A capacity, in objects or bytes: 1 to 2^40.
    public static let capacityRange = 1...(1 << 40)
    /// At most this many capacities.
    public static let maxCapacities = 1_000

    static let keys = ["policies", "capacities", "capacity_bytes", "s3_fifo_small_ratio", "w_tinylfu_window"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        policies = try f.optional("policies") ?? Self.defaultPolicies
        try f.check("policies", !policies.isEmpty, "must list at least one policy")
        try rejectDuplicates(policies, key: "policies", in: f)
        try rejectPolicies(notIn: Self.allowedPolicies, policies, key: "policies", in: f)
        let objects = try f.isPresent("capacities")
        let bytes = try f.isPresent("capacity_bytes")
        if objects && bytes {
            throw f.invalid("capacity_bytes", "give either capacities (objects) or capacity_bytes, not both")
        }
        guard objects || bytes else {
            throw SchemaViolation(
                .message("missing required key '\(renderKeyPath(f.path("capacities")))' (or capacity_bytes)"),
                at: f.path("capacities"), target: .mapping)
        }
        inBytes = bytes
        let key = bytes ? "capacity_bytes" : "capacities"
        let values: [CapacityEntry] = try f.required(key)
        try f.check(key, !values.isEmpty, "must list at least one capacity")
        try f.check(key, values.count <= Self.maxCapacities, "must list at most \(Self.maxCapacities) capacities")
        capacities = values.map(\.value)
        parameters = try EvictionParameters(from: f)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(policies, for: "policies")
        try container.encode(capacities, for: inBytes ? "capacity_bytes" : "capacities")
        try container.encode(parameters.smallRatio, for: "s3_fifo_small_ratio")
        try container.encode(parameters.windowRatio, for: "w_tinylfu_window")
    }

    /// One list entry: a whole number, a byte count with a unit, or `"<p>%"`.
    private struct CapacityEntry: Decodable, SchemaDescribed {
        var value: TraceCapacityValue

        static var schemaDescription: String { "a capacity: a whole number, a byte count such as 64MB, or a share such as \"10%\"" }

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                try decoder.check(
                    TraceCacheSpec.capacityRange.contains(number),
                    TraceCacheSpec.capacityRange.requirement + " (2^40)")
                value = .absolute(number)
                return
            }
            guard let text = try? container.decode(String.self) else {
                throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
            }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix("%") {
                guard let share = Double(trimmed.dropLast().trimmingCharacters(in: .whitespaces)), share > 0, share <= 100
                else {
                    throw SchemaViolation(.invalid("cannot read share '\(text)' (expected a percentage above 0 and at most 100, e.g. \"10%\")"), at: decoder.codingPath)
                }
                value = .percent(share)
                return
            }
            let bytes = try ByteCount(from: decoder).bytes
            try decoder.check(
                TraceCacheSpec.capacityRange.contains(bytes), TraceCacheSpec.capacityRange.requirement + " (2^40)")
            value = .absolute(bytes)
        }
    }
}
