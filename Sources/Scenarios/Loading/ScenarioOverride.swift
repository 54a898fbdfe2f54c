import Yams

/// A change to a scenario file given on the command line: `--set KEY.PATH=VALUE` replaces (or
/// adds) one key's value; `--sweep KEY.PATH=V1,V2,...` sets the file's `sweep:` to run that key at
/// those values. The key path follows the declared keys (`cache.capacity`,
/// `table.cells[0].nib.views`); the value is YAML (`8`, `[lru, fifo]`, `{views: 70, depth: 4}`).
///
/// An override edits the file's YAML tree before it is read, so the value meets every rule a
/// value written in the file meets; an error in it names the option, the key path and what is
/// allowed, and `scenario.yaml` records the scenario as changed.
public struct ScenarioOverride: Sendable, Equatable {
    /// The option as given, for messages: `--set cache.capacity=8`.
    public let option: String
    /// The key path, as given.
    public let path: String
    /// The YAML the key is set to.
    public let value: String

    /// Parses `KEY.PATH=VALUE` given to `option` (`--set`).
    public static func set(_ text: String) throws(OptionValueError) -> ScenarioOverride {
        let (path, value) = try split(text, option: "--set")
        guard !value.isEmpty else {
            throw OptionValueError(message: "--set \(text): expected KEY.PATH=VALUE with a value after '='")
        }
        return ScenarioOverride(option: "--set \(text)", path: path, value: value)
    }

    /// Parses `KEY.PATH=V1,V2,...` given to `--sweep`: the file's `sweep:` becomes that key at
    /// those values.
    public static func sweep(_ text: String) throws(OptionValueError) -> ScenarioOverride {
        let (path, list) = try split(text, option: "--sweep")
        let values = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !values.contains(where: \.isEmpty) else {
            throw OptionValueError(message: "--sweep \(text): expected KEY.PATH=V1,V2,... (numbers, comma-separated)")
        }
        var seen: [Double: String] = [:]
        for value in values {
            guard let number = Double(value) else {
                throw OptionValueError(
                    message: "--sweep \(text): '\(value)' is not a number (a sweep runs a numeric key at several values)")
            }
            if let earlier = seen[number] {
                let same = earlier == value ? "'\(value)' is given twice" : "'\(value)' is '\(earlier)' again"
                throw OptionValueError(message: "--sweep \(text): \(same) (each point runs once)")
            }
            seen[number] = value
        }
        return ScenarioOverride(
            option: "--sweep \(text)", path: "sweep", value: "{key: \"\(path)\", values: [\(values.joined(separator: ", "))]}",
            sweptPath: path)
    }

    /// For `--sweep`: the key path swept, checked against the declarations like a `--set` path.
    let sweptPath: String?

    init(option: String, path: String, value: String, sweptPath: String? = nil) {
        self.option = option
        self.path = path
        self.value = value
        self.sweptPath = sweptPath
    }

    private static func split(_ text: String, option: String) throws(OptionValueError) -> (String, String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw OptionValueError(message: "\(option) \(text): expected KEY.PATH=VALUE, e.g. cache.capacity=8")
        }
        let path = String(text[..<equals]).trimmingCharacters(in: .whitespaces)
        let value = String(text[text.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
        guard SweepPath(path) != nil else {
            throw OptionValueError(
                message: "\(option) \(text): cannot read key path '\(path)' (expected e.g. cache.capacity or table.cells[0].nib.views)")
        }
        return (path, value)
    }

    /// Whether an error at `keyPath` lies in what this override set.
    func covers(_ keyPath: String) -> Bool {
        keyPath == path || keyPath.hasPrefix(path + ".") || keyPath.hasPrefix(path + "[")
    }

    /// `root` with this override applied; `kind` is the scenario's type, whose declarations the
    /// path must follow.
    func apply(to root: Node, kind: any DeclaredMapping.Type, file: String) throws(ScenarioError) -> Node {
        if let sweptPath, SweepSpec.policyParameter(of: sweptPath) == nil { try check(path: sweptPath, kind: kind, file: file) }
        guard let parsedPath = SweepPath(path) else { throw error(file, "cannot read key path '\(path)'") }
        let valueNode: Node
        do {
            try YAMLBounds.check(value, file: file, subject: "the value")
        } catch {
            throw self.error(file, error.message)
        }
        do {
            guard let composed = try Yams.compose(yaml: value) else { throw error(file, "the value is empty") }
            valueNode = composed
        } catch let failure as ScenarioError {
            throw failure
        } catch {
            throw self.error(file, "the value is not valid YAML: \(error)")
        }
        return try set(parsedPath.components[...], in: root, type: kind, walked: "", to: valueNode, file: file)
    }

    /// Checks that `path` names declared keys (for `--sweep`, whose value the sweep replaces).
    private func check(path text: String, kind: any DeclaredMapping.Type, file: String) throws(ScenarioError) {
        guard let parsed = SweepPath(text) else { throw error(file, "cannot read key path '\(text)'") }
        var type: Any.Type? = kind
        var walked = ""
        for component in parsed.components {
            guard case .key(let name) = component else { continue }
            guard let current = type, let keys = Self.declaredKeys(of: current) else { break }
            guard let doc = keys.first(where: { $0.name == name }) else {
                throw error(file, Self.unknownKey(name, in: walked, keys: keys))
            }
            walked = walked.isEmpty ? name : "\(walked).\(name)"
            type = doc.nested
        }
    }

    private func set(
        _ path: ArraySlice<SweepPath.Component>, in node: Node?, type: Any.Type?, walked: String, to value: Node, file: String
    ) throws(ScenarioError) -> Node {
        guard let first = path.first else { return value }
        switch first {
        case .key(let name):
            let keys = type.flatMap(Self.declaredKeys(of:))
            var nestedType: Any.Type?
            if let keys {
                guard let doc = keys.first(where: { $0.name == name }) else {
                    throw error(file, Self.unknownKey(name, in: walked, keys: keys))
                }
                nestedType = doc.nested
            }
            let here = walked.isEmpty ? name : "\(walked).\(name)"
            var mapping: Node.Mapping
            switch node {
            case .mapping(let existing)?: mapping = existing
            case nil: mapping = Node.Mapping([])
            default: throw error(file, "'\(walked)' is not a mapping in this file, so it has no key '\(name)'")
            }
            mapping[name] = try set(path.dropFirst(), in: mapping[name], type: nestedType, walked: here, to: value, file: file)
            return .mapping(mapping)
        case .index(let index):
            guard case .sequence(var sequence)? = node else {
                throw error(file, "'\(walked)' is not a list in this file, so it has no entry [\(index)]")
            }
            guard index < sequence.count else {
                throw error(file, "'\(walked)' has \(sequence.count) entr\(sequence.count == 1 ? "y" : "ies") in this file (indices from 0), so no [\(index)]")
            }
            let position = sequence.index(sequence.startIndex, offsetBy: index)
            sequence[position] = try set(
                path.dropFirst(), in: sequence[position], type: type, walked: "\(walked)[\(index)]", to: value, file: file)
            return .sequence(sequence)
        }
    }

    /// The keys a mapping of `type` declares (a union's variants too), or nil for a value whose
    /// inside is not declared (an `expect` block, a list of words).
    static func declaredKeys(of type: Any.Type) -> [KeyDoc]? {
        if let declared = type as? any DeclaredMapping.Type { return keyDocs(declared) }
        if let union = type as? any DeclaredUnion.Type { return union.variantDocs }
        return nil
    }

    private static func keyDocs<T: DeclaredMapping>(_ type: T.Type) -> [KeyDoc] { T.schema.keyDocs }

    private static func unknownKey(_ name: String, in walked: String, keys: [KeyDoc]) -> String {
        "unknown key \(NodeLocator.excerpt(name)) \(walked.isEmpty ? "at the top level" : "in \(walked)") (expected one of: \(keys.map(\.name).joined(separator: ", ")))"
    }

    func error(_ file: String, _ message: String) -> ScenarioError {
        ScenarioError(file: file, line: 0, column: 0, keyPath: path, message: "\(option): \(message)")
    }
}
