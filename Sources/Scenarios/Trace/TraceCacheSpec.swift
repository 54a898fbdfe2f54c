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
public struct TraceCacheSpec: DeclaredMapping, Equatable, Sendable {
    public var policies: [PolicyName]
    public var capacities: [TraceCapacityValue]
    /// True: capacities are bytes (`capacity_bytes`); false: objects (`capacities`).
    public var inBytes: Bool
    /// `s3_fifo_small_ratio` and `w_tinylfu_window`, as the other kinds accept them.
    public var parameters: PolicyParameters

    /// What `policies` may name: every eviction policy and `optimal`.
    public static var allowedPolicies: [PolicyName] { PolicyName.evictionPolicies }
    /// The seven policies the reference simulator's counts are exact for.
    public static let defaultPolicies: [PolicyName] = PolicyRegistry.defaultStudy
    /// A capacity, in objects or bytes: 1 to 2^40.
    public static let capacityRange = 1...(1 << 40)
    /// At most this many capacities.
    public static let maxCapacities = 1_000

    public static var blank: TraceCacheSpec {
        TraceCacheSpec(policies: [], capacities: [], inBytes: false, parameters: PolicyParameters())
    }

    /// `capacities` or `capacity_bytes` (exactly one) decide the capacities and their unit
    /// together, so one field reads both keys.
    public static var schema: Schema<TraceCacheSpec> {
        let listRules = ["must list at least one capacity", "must list at most \(maxCapacities) capacities"]
        return Schema([
            .optional(
                "policies", \.policies, default: defaultPolicies,
                "The eviction policies to replay the trace under, each at every capacity.", example: "[lru, s3-fifo, optimal]",
                .must("must list at least one policy") { !$0.isEmpty },
                .check("no duplicates") { values, _, f, key in try rejectDuplicates(values, key: key, in: f) },
                .check("eviction policies and optimal, \(PolicyName.listed(allowedPolicies))") { values, _, f, key in
                    try rejectPolicies(notIn: allowedPolicies, values, key: key, in: f)
                }),
            .custom(
                [
                    .key(
                        "capacities", [CapacityEntry].self, .optional("give capacity_bytes instead"),
                        "The capacities in objects: whole numbers, or shares of the trace's distinct keys (\"10%\").",
                        example: "[100, 1000, \"10%\"]", rules: listRules),
                    .key(
                        "capacity_bytes", [CapacityEntry].self, .optional("give capacities instead"),
                        "The capacities in bytes, request sizes honoured: byte counts, or shares of the working set's bytes.",
                        example: "[64MB, 256MB, \"25%\"]", rules: listRules),
                ],
                decode: { spec, f in try spec.decodeCapacities(f) },
                encode: { spec, container in
                    try container.encode(spec.capacities, for: spec.inBytes ? "capacity_bytes" : "capacities")
                }),
            .inline(\.parameters, PolicyParameters.schema),
        ])
    }

    /// Reads exactly one of `capacities` and `capacity_bytes`.
    private mutating func decodeCapacities(_ f: Fields) throws {
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
                guard let share = DecimalText.parse(trimmed.dropLast()), share > 0, share <= 100
                else {
                    throw SchemaViolation(.invalid("cannot read share '\(text)' (expected a percentage above 0 and at most 100, e.g. \"10%\")"), at: decoder.codingPath)
                }
                value = .percent(share)
                return
            }
            // `capacities` counts objects: a whole number or a share, never a byte count (which
            // capacity_bytes takes), so a bad value is worded as an object count.
            if decoder.codingPath.contains(where: { $0.stringValue == "capacities" }) {
                throw SchemaViolation(
                    .invalid(
                        "cannot read object count '\(text)' (capacities counts objects: a whole number such as 1000, "
                            + "or a share such as \"10%\"; capacities in bytes go in capacity_bytes)"),
                    at: decoder.codingPath)
            }
            let bytes = try ByteCount(from: decoder).bytes
            try decoder.check(
                TraceCacheSpec.capacityRange.contains(bytes), TraceCacheSpec.capacityRange.requirement + " (2^40)")
            value = .absolute(bytes)
        }
    }
}
