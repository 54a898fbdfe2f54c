import Models
import Foundation
import Report

/// One `expect` line: a recorded metric of a policy's runs must satisfy a comparison.
///
/// In a scenario file, under the header key `expect`, keyed by policy (every in-use mode of it)
/// or by `policy/in_use` (one run), then by metric (a summary column of the kind):
///
/// ```yaml
/// expect:
///   lru: {hit_rate: ">= 0.75", instantiations: "<= 120"}
///   lru/drop: {in_use_dropped: "> 0"}
///   lru/pin: {hits: ">= fifo/pin"}               # relative: another run of the scenario
///   big-reader: {get_per_s: ">= 3x gcd-barrier"}  # a factor times that run's value
///   fifo: {hit_rate: ">= 0.95 in 95% of seeds"}  # in at least that share of the seeds
/// ```
public struct Expectation: Equatable, Sendable, CustomStringConvertible {
    public var policy: PolicyName
    /// `nil`: every in-use mode the policy runs with.
    public var inUse: InUseModeName?
    public var metric: String
    public var condition: Condition
    /// `lru@1000`: only the runs at this sweep point (a trace scenario's capacity); `nil`: every one.
    public var point: Double?

    public init(policy: PolicyName, inUse: InUseModeName? = nil, metric: String, condition: Condition, point: Double? = nil) {
        self.policy = policy
        self.inUse = inUse
        self.metric = metric
        self.condition = condition
        self.point = point
    }

    /// The policy key as written: `lru`, `lru/drop` or `lru@1000`.
    public var policyKey: String {
        (inUse.map { "\(policy.rawValue)/\($0.rawValue)" } ?? policy.rawValue) + (point.map { "@\(formatNumber($0))" } ?? "")
    }

    public var description: String { "\(policyKey): \(metric) \(condition)" }

    /// Another run of the same scenario a condition compares with, times a factor:
    /// `gcd-barrier`, `3x gcd-barrier`, `0.5x fifo/pin`.
    public struct Reference: Equatable, Sendable, CustomStringConvertible {
        /// The run's policy.
        public var policy: PolicyName
        /// Its in-use mode; nil: the mode of the run being checked (or the policy's only run).
        public var inUse: InUseModeName?
        /// What the reference's value is multiplied by.
        public var factor: Double

        public init(policy: PolicyName, inUse: InUseModeName? = nil, factor: Double = 1) {
            self.policy = policy
            self.inUse = inUse
            self.factor = factor
        }

        /// The run as written: `fifo` or `fifo/pin`.
        public var run: String { inUse.map { "\(policy.rawValue)/\($0.rawValue)" } ?? policy.rawValue }

        public var description: String { factor == 1 ? run : "\(formatNumber(factor))x \(run)" }

        /// Parses `fifo`, `fifo/pin`, `3x gcd-barrier`; nil when it is not of that form (an
        /// unknown run name is reported by the caller, at its place in the file).
        init?(parsing text: String) throws(ReferenceError) {
            var rest = Substring(text)
            var factor = 1.0
            if let x = rest.firstIndex(of: "x"), let number = Double(rest[..<x].trimmingCharacters(in: .whitespaces)) {
                guard number.isFinite, number > 0 else { return nil }
                factor = number
                rest = rest[rest.index(after: x)...]
            }
            let name = rest.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, Double(name) == nil, !name.contains(" ") else { return nil }
            let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count <= 2, let policy = PolicyName(known: parts[0]) else { throw ReferenceError(name: name) }
            var mode: InUseModeName? = nil
            if parts.count == 2 {
                guard let parsed = InUseModeName(rawValue: parts[1]) else { throw ReferenceError(name: name) }
                mode = parsed
            }
            self.init(policy: policy, inUse: mode, factor: factor)
        }
    }

    /// A reference naming no policy or in-use mode.
    struct ReferenceError: Error {
        var name: String
    }

    /// A comparison with a number, `>= 0.9`, `< 20000`, `== 0`, or with another run of the
    /// scenario, `< gcd-barrier`, `>= 3x gcd-barrier` (``reference``).
    public struct Condition: Equatable, Sendable, CustomStringConvertible {
        /// The comparison, shared with `decide` goals.
        public typealias Operator = ComparisonOperator

        public var op: Operator
        /// The number compared with (0 for a relative condition).
        public var value: Double
        /// The run compared with, for a relative condition.
        public var reference: Reference?
        /// `in 95% of seeds`: the share of the run's seeds (in (0, 1]) whose own value must
        /// satisfy the comparison, as `decide:`'s `share`; nil: the median over the seeds must.
        public var seedShare: Double?

        public init(_ op: Operator, _ value: Double) {
            self.op = op
            self.value = value
        }

        /// A relative condition: `op` the reference run's value times its factor.
        public init(_ op: Operator, _ reference: Reference) {
            self.op = op
            self.value = 0
            self.reference = reference
        }

        /// Parses `">= 0.9"`, `"<20000"`, `"== 0"`; nil if malformed.
        public init?(parsing text: String) {
            try? self.init(parsingRelative: text)
        }

        /// Parses a condition, relative ones included; nil if malformed.
        /// - Throws: ``ReferenceError`` for a reference naming no policy or mode.
        init?(parsingRelative text: String) throws(ReferenceError) {
            var trimmed = text.trimmingCharacters(in: .whitespaces)
            // `>= 0.95 in 95% of seeds`: the share, then the comparison alone.
            var share: Double?
            if let range = trimmed.range(of: " in ", options: .backwards), trimmed.hasSuffix("% of seeds") {
                let percent = trimmed[range.upperBound...].dropLast("% of seeds".count).trimmingCharacters(in: .whitespaces)
                guard let value = Double(percent), value.isFinite, value > 0, value <= 100 else { return nil }
                share = value / 100
                trimmed = String(trimmed[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
            }
            guard let parsed = try Self.init(parsingComparison: trimmed) else { return nil }
            // A share of seeds bounds each seed's own value by a number, not by another run.
            guard share == nil || parsed.reference == nil else { return nil }
            self = parsed
            seedShare = share
        }

        /// Parses `>= 0.9` or `< gcd-barrier` (no share of seeds).
        private init?(parsingComparison trimmed: String) throws(ReferenceError) {
            // Longest operators first, so ">=" wins over ">".
            guard let op = Operator.allCases.first(where: { trimmed.hasPrefix($0.rawValue) }) else { return nil }
            let number = trimmed.dropFirst(op.rawValue.count).trimmingCharacters(in: .whitespaces)
            if let value = Double(number) {
                guard value.isFinite else { return nil }
                self.init(op, value)
                return
            }
            guard let reference = try Reference(parsing: number) else { return nil }
            self.init(op, reference)
        }

        /// Whether `actual` satisfies the condition.
        public func holds(for actual: Double) -> Bool { op.holds(actual, value) }

        public var description: String {
            "\(op.rawValue) \(reference?.description ?? formatNumber(value))"
                + (seedShare.map { " in \(formatNumber($0 * 100))% of seeds" } ?? "")
        }
    }
}

/// The `expect` block: decoded with the header, checked against the kind's policies and metrics
/// by the kind (which knows them).
struct ExpectBlock: Decodable {
    var expectations: [Expectation] = []

    init(from decoder: Decoder) throws {
        let container: KeyedDecodingContainer<AnyCodingKey>
        do {
            container = try decoder.container(keyedBy: AnyCodingKey.self)
        } catch DecodingError.typeMismatch {
            throw SchemaViolation(.expected("a mapping of policy → {metric: \"<op> <number>\"}"), at: decoder.codingPath)
        }
        for policyKey in container.allKeys {
            let policyPath = decoder.codingPath + [policyKey]
            let (runKey, pointText) = Self.splitPoint(policyKey.stringValue)
            var point: Double?
            if let pointText {
                guard let value = Double(pointText), value.isFinite else {
                    throw SchemaViolation(
                        .invalid("cannot read '@\(pointText)' in '\(policyKey.stringValue)' (expected a number, e.g. lru@1000)"),
                        at: policyPath, target: .key)
                }
                point = value
            }
            let parts = runKey.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count <= 2, let policy = PolicyName(known: parts[0]) else {
                throw SchemaViolation(
                    .invalid(
                        "unknown policy '\(policyKey.stringValue)' (expected one of: \(PolicyName.allCases.map(\.rawValue).joined(separator: ", ")), optionally followed by /<in_use mode>)"
                    ),
                    at: policyPath, target: .key)
            }
            var mode: InUseModeName?
            if parts.count == 2 {
                guard let parsed = InUseModeName(rawValue: parts[1]) else {
                    throw SchemaViolation(
                        .invalid(
                            "unknown in_use mode '\(parts[1])' in '\(policyKey.stringValue)' (expected one of: \(InUseModeName.allCases.map(\.rawValue).joined(separator: ", ")))"
                        ),
                        at: policyPath, target: .key)
                }
                mode = parsed
            }
            let metrics: KeyedDecodingContainer<AnyCodingKey>
            do {
                metrics = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: policyKey)
            } catch DecodingError.typeMismatch {
                throw SchemaViolation(.expected("a mapping of metric → \"<op> <number>\""), at: policyPath)
            }
            for metric in metrics.allKeys {
                let path = policyPath + [metric]
                let text: String
                do {
                    text = try metrics.decode(String.self, forKey: metric)
                } catch DecodingError.typeMismatch {
                    throw SchemaViolation(.expected("a condition such as \">= 0.9\""), at: path)
                }
                let parsed: Expectation.Condition?
                do {
                    parsed = try Expectation.Condition(parsingRelative: text)
                } catch {
                    throw SchemaViolation(
                        .invalid(
                            "unknown run '\(error.name)' in '\(text)' (expected a policy of this scenario, optionally followed by /<in_use mode>)"),
                        at: path)
                }
                guard let condition = parsed else {
                    throw SchemaViolation(
                        .invalid(
                            "cannot read condition '\(text)' (expected an operator >=, <=, >, <, == or != and a number, e.g. \">= 0.9\", or another run, e.g. \"< gcd-barrier\", \">= 3x fifo\"; a number may be required in a share of the seeds, \">= 0.95 in 95% of seeds\", the share above 0% and at most 100%, never with another run)"),
                        at: path)
                }
                expectations.append(
                    Expectation(policy: policy, inUse: mode, metric: metric.stringValue, condition: condition, point: point))
            }
        }
    }

    /// `lru@1000` → (`lru`, `1000`); `lru` → (`lru`, nil).
    private static func splitPoint(_ key: String) -> (String, String?) {
        guard let at = key.firstIndex(of: "@") else { return (key, nil) }
        return (String(key[..<at]), String(key[key.index(after: at)...]))
    }
}

extension Expectation {
    /// Summary columns an expectation cannot name.
    static let notMetrics: Set<String> = ["complete"]
}

extension Array where Element == Expectation {
    /// Checks each expectation against what the scenario runs and records; throws at the
    /// offending key of the `expect` block.
    /// - Parameter points: the sweep points `policy@point` may name (a trace scenario's
    ///   capacities); `nil`: the kind has none.
    func validate(
        policies: [PolicyName], modes: [InUseModeName], metrics allColumns: [String], fields: Fields, points: [Double]? = nil
    ) throws {
        // `complete` says whether the run was interrupted, not what it measured.
        let metrics = allColumns.filter { !Expectation.notMetrics.contains($0) }
        for expectation in self {
            let policyPath = fields.path("expect") + [AnyCodingKey(expectation.policyKey)]
            guard policies.contains(expectation.policy) else {
                throw SchemaViolation(
                    .invalid(
                        "policy '\(expectation.policy.rawValue)' is not run by this scenario (its policies: \(policies.map(\.rawValue).joined(separator: ", ")))"
                    ),
                    at: policyPath, target: .key)
            }
            if let mode = expectation.inUse, !modes.contains(mode) {
                throw SchemaViolation(
                    .invalid(
                        "in_use mode '\(mode.rawValue)' is not run by this scenario (its modes: \(modes.map(\.rawValue).joined(separator: ", ")))"
                    ),
                    at: policyPath, target: .key)
            }
            if let point = expectation.point, !(points ?? []).contains(point) {
                let listed = (points ?? []).map(formatNumber).joined(separator: ", ")
                throw SchemaViolation(
                    .invalid(
                        points == nil
                            ? "'@\(formatNumber(point))' names a capacity, and this kind has none"
                            : "capacity \(formatNumber(point)) is not run by this scenario (its capacities: \(listed))"),
                    at: policyPath, target: .key)
            }
            guard metrics.contains(expectation.metric) else {
                throw SchemaViolation(
                    .invalid("unknown metric '\(expectation.metric)' (expected a summary column: \(metrics.joined(separator: ", ")))"),
                    at: policyPath + [AnyCodingKey(expectation.metric)], target: .key)
            }
            if let reference = expectation.condition.reference {
                let runs = policies.map(\.rawValue).joined(separator: ", ")
                guard policies.contains(reference.policy), reference.inUse.map(modes.contains) ?? true else {
                    throw SchemaViolation(
                        .invalid("run '\(reference.run)' is not run by this scenario (its policies: \(runs))"),
                        at: policyPath + [AnyCodingKey(expectation.metric)])
                }
            }
        }
    }
}
