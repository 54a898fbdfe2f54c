/// A tunable parameter of an eviction policy, declared once by the policy: its name in a
/// scenario's `cache.parameters.<policy>` block, what it means, the values it takes and its default.
public struct PolicyParameter: Sendable {
    /// The values a parameter takes.
    public enum Kind: Sendable, Equatable {
        /// A share of the capacity, strictly between 0 and 1.
        case share
        /// A number within the range.
        case number(ClosedRange<Double>)
        /// A whole number within the range.
        case integer(ClosedRange<Int>)
        /// One of the words.
        case word([String])
        /// A list of positive whole numbers (relative sizes), as many as the range allows.
        case weights(ClosedRange<Int>)

        /// The values, as the reference and `workbench policies` state them.
        public var summary: String {
            switch self {
            case .share: "a share in (0, 1)"
            case .number(let range): "a number in \(range.lowerBound)...\(range.upperBound)"
            case .integer(let range): "an integer in \(range.lowerBound)...\(range.upperBound)"
            case .word(let words): "one of: \(words.joined(separator: ", "))"
            case .weights(let range):
                "a list of \(range.lowerBound)...\(range.upperBound) positive integers (relative sizes)"
            }
        }
    }

    /// The key in the policy's parameter block (`small_ratio`).
    public let name: String
    /// What it sets, in one line.
    public let summary: String
    /// The values it takes.
    public let kind: Kind
    /// Its value when a scenario does not set it.
    public let defaultValue: PolicyParameterValue

    /// Declares a parameter; `defaultValue` must be one of the values `kind` allows.
    public init(_ name: String, _ summary: String, kind: Kind, default defaultValue: PolicyParameterValue) {
        self.name = name
        self.summary = summary
        self.kind = kind
        self.defaultValue = defaultValue
    }

    /// Why `value` is not one this parameter takes (a message naming the expected values), or `nil`.
    public func problem(with value: PolicyParameterValue) -> String? {
        switch (kind, value) {
        case (.share, .number(let number)):
            return number > 0 && number < 1 ? nil : "must be > 0 and < 1"
        case (.share, .integer):
            return "must be > 0 and < 1"
        case (.number(let range), .number(let number)):
            return range.contains(number) ? nil : "must be a number in \(range.lowerBound)...\(range.upperBound)"
        case (.number(let range), .integer(let number)):
            return range.contains(Double(number)) ? nil : "must be a number in \(range.lowerBound)...\(range.upperBound)"
        case (.integer(let range), .integer(let number)):
            return range.contains(number) ? nil : "must be an integer in \(range.lowerBound)...\(range.upperBound)"
        case (.word(let words), .word(let word)):
            return words.contains(word) ? nil : "expected one of: \(words.joined(separator: ", "))"
        case (.weights(let range), .weights(let list)):
            if !range.contains(list.count) {
                return "must list \(range.lowerBound)...\(range.upperBound) sizes, found \(list.count)"
            }
            return list.allSatisfy { $0 > 0 } ? nil : "every size must be > 0"
        default:
            return "expected \(kind.summary)"
        }
    }
}

/// A parameter's value.
public enum PolicyParameterValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case integer(Int)
    case word(String)
    case weights([Int])

    /// As a scenario file writes it.
    public var description: String {
        switch self {
        case .number(let number): "\(number)"
        case .integer(let number): "\(number)"
        case .word(let word): word
        case .weights(let list): "[" + list.map(String.init).joined(separator: ", ") + "]"
        }
    }
}

/// The parameter values a scenario sets, per policy (`cache.parameters: {s3-fifo: {small_ratio: 0.2}}`);
/// a policy reads its own with ``settings(for:)``, the defaults filling what is not set.
public struct PolicyParameters: Hashable, Sendable {
    /// The values set, by policy and parameter name.
    public var values: [PolicyName: [String: PolicyParameterValue]]

    /// No value set: every policy runs with its defaults.
    public init(_ values: [PolicyName: [String: PolicyParameterValue]] = [:]) { self.values = values }

    /// Sets one value.
    public mutating func set(_ value: PolicyParameterValue, for parameter: String, of policy: PolicyName) {
        values[policy, default: [:]][parameter] = value
    }

    /// `policy`'s values: a variant's own settings (`s3-fifo(small_ratio=0.2)`), then the values
    /// set for its policy, then the declared defaults.
    public func settings(for policy: PolicyName) -> PolicySettings {
        let declared = policy.descriptor?.parameters ?? []
        var resolved: [String: PolicyParameterValue] = [:]
        for parameter in declared { resolved[parameter.name] = parameter.defaultValue }
        for (name, value) in values[policy.base] ?? [:] { resolved[name] = value }
        for (name, value) in (try? policy.variantSettings()) ?? [:] { resolved[name] = value }
        return PolicySettings(resolved)
    }
}

/// One policy's parameter values, defaults filled in: what its ``RegisteredPolicy/init(_:)`` reads.
public struct PolicySettings: Hashable, Sendable {
    private let values: [String: PolicyParameterValue]

    /// Values by parameter name.
    public init(_ values: [String: PolicyParameterValue] = [:]) { self.values = values }

    /// The value of `name`, if set or declared.
    public subscript(name: String) -> PolicyParameterValue? { values[name] }

    /// A share or other number (an integer value reads as a number).
    public func number(_ name: String, or fallback: Double) -> Double {
        switch values[name] {
        case .number(let number): number
        case .integer(let number): Double(number)
        default: fallback
        }
    }

    /// A whole number.
    public func integer(_ name: String, or fallback: Int) -> Int {
        if case .integer(let number) = values[name] { return number }
        return fallback
    }

    /// A word.
    public func word(_ name: String, or fallback: String) -> String {
        if case .word(let word) = values[name] { return word }
        return fallback
    }

    /// A list of relative sizes.
    public func weights(_ name: String, or fallback: [Int]) -> [Int] {
        if case .weights(let list) = values[name] { return list }
        return fallback
    }
}

extension PolicyParameters: Codable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes `{policy: {parameter: value}}`, refusing a policy that is not registered, a
    /// parameter it does not declare and a value outside the parameter's range, each at its path.
    public init(from decoder: Decoder) throws {
        let policies = try decoder.container(keyedBy: Key.self)
        var values: [PolicyName: [String: PolicyParameterValue]] = [:]
        for policyKey in policies.allKeys {
            let path = policies.codingPath + [policyKey]
            guard let descriptor = PolicyRegistry.descriptor(named: PolicyName(policyKey.stringValue)) else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: path,
                    debugDescription: "unknown policy '\(policyKey.stringValue)' (expected one of: "
                        + PolicyRegistry.names.map(\.rawValue).joined(separator: ", ") + ")"))
            }
            let settings = try policies.nestedContainer(keyedBy: Key.self, forKey: policyKey)
            var set: [String: PolicyParameterValue] = [:]
            for key in settings.allKeys {
                guard let parameter = descriptor.parameter(named: key.stringValue) else {
                    let declared = descriptor.parameters.map(\.name)
                    throw DecodingError.dataCorrupted(.init(
                        codingPath: path + [key],
                        debugDescription: "\(descriptor.name) has no parameter '\(key.stringValue)' ("
                            + (declared.isEmpty ? "it takes none" : "expected one of: " + declared.joined(separator: ", ")) + ")"))
                }
                let value: PolicyParameterValue
                do {
                    switch parameter.kind {
                    case .share, .number: value = .number(try settings.decode(Double.self, forKey: key))
                    case .integer: value = .integer(try settings.decode(Int.self, forKey: key))
                    case .word: value = .word(try settings.decode(String.self, forKey: key))
                    case .weights: value = .weights(try settings.decode([Int].self, forKey: key))
                    }
                } catch is DecodingError {
                    throw DecodingError.dataCorrupted(.init(
                        codingPath: path + [key], debugDescription: "expected \(parameter.kind.summary)"))
                }
                if let problem = parameter.problem(with: value) {
                    throw DecodingError.dataCorrupted(
                        .init(codingPath: path + [key], debugDescription: "\(problem) (found \(value))"))
                }
                set[parameter.name] = value
            }
            values[descriptor.name] = set
        }
        self.init(values)
    }

    /// Encodes what was set, policies and parameters sorted (a stable `scenario.yaml`).
    public func encode(to encoder: Encoder) throws {
        var policies = encoder.container(keyedBy: Key.self)
        for policy in values.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            var settings = policies.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: policy.rawValue))
            for (name, value) in (values[policy] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let key = Key(stringValue: name)
                switch value {
                case .number(let number): try settings.encode(number, forKey: key)
                case .integer(let number): try settings.encode(number, forKey: key)
                case .word(let word): try settings.encode(word, forKey: key)
                case .weights(let list): try settings.encode(list, forKey: key)
                }
            }
        }
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { values.values.allSatisfy(\.isEmpty) }
}
