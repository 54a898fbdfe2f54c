/// A policy run with settings of its own: `s3-fifo(small_ratio=0.2)` is `s3-fifo` with its
/// `small_ratio` at 0.2, a run of its own beside `s3-fifo` and any other variant of it.
///
/// A variant is a ``PolicyName`` whose text is the registered policy's name, then in parentheses
/// `parameter=value` pairs separated by commas. Its settings override the scenario's
/// `cache.parameters` for that policy, which override the declared defaults. The canonical text
/// (``PolicyName/variant(of:settings:)``) lists the settings in the order the policy declares its
/// parameters, numbers in their shortest form and a list of sizes as `1:4`, so two spellings of
/// one variant are one run.
extension PolicyName {
    /// The name a variant runs (`s3-fifo` of `s3-fifo(small_ratio=0.2)`); the name itself otherwise.
    public var base: PolicyName {
        guard let open = rawValue.firstIndex(of: "(") else { return self }
        return PolicyName(String(rawValue[..<open]))
    }

    /// Whether the name is a policy with settings of its own (`s3-fifo(small_ratio=0.2)`).
    public var isVariant: Bool { rawValue.contains("(") }

    /// Whether the name is one of `names`, or a variant of one of them.
    public func isAmong(_ names: [PolicyName]) -> Bool {
        names.contains(self) || (isVariant && names.contains(base))
    }

    /// The canonical variant of `base` with `settings` (declared order, shortest numbers); `base`
    /// itself when `settings` is empty.
    public static func variant(of base: PolicyName, settings: [String: PolicyParameterValue]) -> PolicyName {
        guard !settings.isEmpty else { return base }
        let declared = base.descriptor?.parameters.map(\.name) ?? []
        let order = declared.filter { settings[$0] != nil } + settings.keys.filter { !declared.contains($0) }.sorted()
        let pairs = order.compactMap { name in settings[name].map { "\(name)=\(Self.variantText($0))" } }
        return PolicyName(base.rawValue + "(" + pairs.joined(separator: ",") + ")")
    }

    /// How a value is written in a variant's name.
    static func variantText(_ value: PolicyParameterValue) -> String {
        switch value {
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
        case .integer(let number): String(number)
        case .word(let word): word
        case .weights(let list): list.map(String.init).joined(separator: ":")
        }
    }

    /// The variant's own settings, each checked against the parameter its policy declares; empty
    /// for a name that is not a variant. Throws a message naming what to fix.
    public func variantSettings() throws(PolicyVariantError) -> [String: PolicyParameterValue] {
        guard isVariant else { return [:] }
        let text = rawValue
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")"), text.filter({ $0 == "(" }).count == 1,
            text.filter({ $0 == ")" }).count == 1
        else {
            throw PolicyVariantError(
                "'\(text)' is not a policy with settings (expected e.g. s3-fifo(small_ratio=0.2); in a [flow, list] quote a variant with several settings)")
        }
        let base = base
        guard let descriptor = base.descriptor else {
            throw PolicyVariantError(
                "unknown policy '\(base.rawValue)' in '\(text)' (a variant names an eviction policy: "
                    + PolicyRegistry.names.map(\.rawValue).joined(separator: ", ") + ")")
        }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard !inside.trimmingSpaces.isEmpty else {
            throw PolicyVariantError("'\(text)' sets nothing (expected parameter=value inside the parentheses)")
        }
        var settings: [String: PolicyParameterValue] = [:]
        for pair in inside.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw PolicyVariantError("'\(pair.trimmingSpaces)' in '\(text)' is not parameter=value")
            }
            guard let parameter = descriptor.parameter(named: parts[0]) else {
                let declared = descriptor.parameters.map(\.name)
                throw PolicyVariantError(
                    "\(base.rawValue) has no parameter '\(parts[0])' ("
                        + (declared.isEmpty ? "it takes none" : "expected one of: " + declared.joined(separator: ", ")) + ")")
            }
            guard settings[parameter.name] == nil else {
                throw PolicyVariantError("'\(text)' sets \(parameter.name) twice")
            }
            let value = try parameter.value(parsing: parts[1])
            if let problem = parameter.problem(with: value) {
                throw PolicyVariantError("\(base.rawValue) \(parameter.name) \(problem) (found \(parts[1]))")
            }
            settings[parameter.name] = value
        }
        return settings
    }

    /// The variant's canonical name (``variant(of:settings:)``), checked; the name itself when it
    /// is not a variant.
    public func canonicalVariant() throws(PolicyVariantError) -> PolicyName {
        guard isVariant else { return self }
        return Self.variant(of: base, settings: try variantSettings())
    }

    /// Splits a comma-separated list of names (`lru, s3-fifo(small_ratio=0.2,ghost_ratio=0.5)`)
    /// at the commas outside parentheses, each part trimmed.
    public static func splitList(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth <= 0:
                parts.append(current.trimmingSpaces)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current.trimmingSpaces)
        return parts
    }
}

extension PolicyParameter {
    /// Reads `text` as a value of this parameter's kind (a number, a whole number, a word, or
    /// sizes written `1:4`).
    public func value(parsing text: String) throws(PolicyVariantError) -> PolicyParameterValue {
        switch kind {
        case .share, .number:
            guard let number = Double(text), number.isFinite else {
                throw PolicyVariantError("\(name) expected \(kind.summary), found '\(text)'")
            }
            return .number(number)
        case .integer:
            guard let number = Int(text) else { throw PolicyVariantError("\(name) expected \(kind.summary), found '\(text)'") }
            return .integer(number)
        case .word:
            return .word(text)
        case .weights:
            let list = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard !list.isEmpty, list.allSatisfy({ $0 != nil }) else {
                throw PolicyVariantError("\(name) expected \(kind.summary) written as 1:4, found '\(text)'")
            }
            return .weights(list.compactMap { $0 })
        }
    }
}

/// Why a policy variant's name was refused: what to fix, in a sentence.
public struct PolicyVariantError: Error, CustomStringConvertible, Equatable {
    public let description: String

    init(_ description: String) { self.description = description }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
