import Foundation

/// One `expect` line: a recorded metric of a policy's runs must satisfy a comparison.
///
/// In a scenario file, under the header key `expect`, keyed by policy (every in-use mode of it)
/// or by `policy/in_use` (one run), then by metric (a summary column of the kind):
///
/// ```yaml
/// expect:
///   lru: {hit_rate: ">= 0.75", instantiations: "<= 120"}
///   lru/drop: {in_use_dropped: "> 0"}
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

    /// A comparison with a number: `>= 0.9`, `< 20000`, `== 0`.
    public struct Condition: Equatable, Sendable, CustomStringConvertible {
        public enum Operator: String, CaseIterable, Sendable {
            case atLeast = ">="
            case atMost = "<="
            case notEqual = "!="
            case equal = "=="
            case greater = ">"
            case less = "<"
        }

        public var op: Operator
        public var value: Double

        public init(_ op: Operator, _ value: Double) {
            self.op = op
            self.value = value
        }

        /// Parses `">= 0.9"`, `"<20000"`, `"== 0"`; nil if malformed.
        public init?(parsing text: String) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            // Longest operators first, so ">=" wins over ">".
            guard let op = Operator.allCases.first(where: { trimmed.hasPrefix($0.rawValue) }) else { return nil }
            let number = trimmed.dropFirst(op.rawValue.count).trimmingCharacters(in: .whitespaces)
            guard let value = Double(number), value.isFinite else { return nil }
            self.op = op
            self.value = value
        }

        /// Whether `actual` satisfies the condition.
        public func holds(for actual: Double) -> Bool {
            switch op {
            case .atLeast: actual >= value
            case .atMost: actual <= value
            case .notEqual: actual != value
            case .equal: actual == value
            case .greater: actual > value
            case .less: actual < value
            }
        }

        public var description: String { "\(op.rawValue) \(formatNumber(value))" }
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
            guard parts.count <= 2, let policy = PolicyName(rawValue: parts[0]) else {
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
                guard let condition = Expectation.Condition(parsing: text) else {
                    throw SchemaViolation(
                        .invalid(
                            "cannot read condition '\(text)' (expected an operator >=, <=, >, <, == or != and a number, e.g. \">= 0.9\")"),
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
        }
    }
}
