import Models
import Foundation
import Yams

/// Loads scenario files: YAML → composed `Yams.Node` tree → `Scenario` via `YAMLDecoder`.
///
/// Every failure is a `ScenarioError` (typed throws) with a 1-based line and column in the file:
/// decoding errors and validation errors are located by following their coding path through the
/// composed tree (unknown/extra keys point at the key, bad values at the value, missing keys at
/// the enclosing mapping).
public enum ScenarioLoader {
    /// Reads and loads a scenario file. An unreadable file is an error at 1:1,
    /// `cannot read file: <path> (<reason>)`. `ScenarioError.file` is the URL's path as given.
    public static func load(contentsOf url: URL, overrides: [ScenarioOverride] = []) throws(ScenarioError) -> Scenario {
        let file = url.isFileURL ? url.relativePath : url.absoluteString
        return try load(yaml: readText(url, file: file), file: file, overrides: overrides)
    }

    /// Reads only the keys every kind shares (``ScenarioHeader``: name, kind, `decide`, ...) of a
    /// scenario file, not the kind's own: nothing the file names (a trace file) is opened, so a
    /// results directory's `scenario.yaml`, whose relative paths name files beside the scenario
    /// it was run from, reads wherever the results are.
    public static func loadHeader(contentsOf url: URL) throws(ScenarioError) -> ScenarioHeader {
        let file = url.isFileURL ? url.relativePath : url.absoluteString
        return try decode(ScenarioHeader.self, from: compose(yaml: readText(url, file: file), file: file), file: file)
    }

    /// Loads a scenario from YAML text; `file` is only used in errors.
    public static func load(yaml: String, file: String, overrides: [ScenarioOverride] = []) throws(ScenarioError) -> Scenario {
        let root = try applying(overrides, to: compose(yaml: yaml, file: file), file: file)
        return try decode(Scenario.self, from: root, file: file, overrides: overrides)
    }

    /// The composed tree of a scenario file's text, refused first if its aliases and merge keys
    /// would expand it past ``YAMLBounds``.
    static func compose(yaml: String, file: String) throws(ScenarioError) -> Node {
        try YAMLBounds.check(yaml, file: file)
        let root: Node
        do {
            guard let composed = try Yams.compose(yaml: yaml) else {
                throw ScenarioError(
                    file: file, line: 1, column: 1, keyPath: "",
                    message: "empty scenario file (expected a mapping with at least name, kind and duration)")
            }
            root = composed
        } catch let error as ScenarioError {
            throw error
        } catch let error as YamlError {
            throw syntaxError(error, file: file)
        } catch {
            throw ScenarioError(file: file, line: 1, column: 1, keyPath: "", message: "invalid YAML: \(error)")
        }
        return root
    }

    /// `root` with the command line's `--set` and `--sweep` changes applied, their key paths
    /// checked against the declarations of the file's kind.
    static func applying(_ overrides: [ScenarioOverride], to root: Node, file: String) throws(ScenarioError) -> Node {
        guard !overrides.isEmpty else { return root }
        // A file without a known kind gets its error from decoding, with its position.
        guard let name = root.mapping?["kind"]?.string, let kind = KindRegistry.named(name) as? any DeclaredMapping.Type else {
            return root
        }
        var tree = root
        for override in overrides {
            tree = try override.apply(to: tree, kind: kind, file: file)
        }
        return tree
    }

    /// Decodes any scenario type from a composed tree, mapping all failures to `ScenarioError`;
    /// an error in a value the command line set names that option instead of a file position.
    static func decode<T: Decodable>(
        _ type: T.Type, from root: Node, file: String, overrides: [ScenarioOverride]
    ) throws(ScenarioError) -> T {
        do {
            return try decode(type, from: root, file: file)
        } catch {
            throw relocated(error, overrides: overrides)
        }
    }

    /// `error`, or, when it lies in what an override set, the same message naming the option.
    static func relocated(_ error: ScenarioError, overrides: [ScenarioOverride]) -> ScenarioError {
        guard error.line != 0, let override = overrides.last(where: { $0.covers(error.keyPath) }) else { return error }
        return ScenarioError(file: error.file, line: 0, column: 0, keyPath: error.keyPath, message: "\(override.option): \(error.message)")
    }

    /// Decodes any scenario type from a composed tree, mapping all failures to `ScenarioError`.
    static func decode<T: Decodable>(_ type: T.Type, from root: Node, file: String) throws(ScenarioError) -> T {
        let locator = NodeLocator(root: root, file: file)
        do {
            return try YAMLDecoder().decode(T.self, from: root, userInfo: [.scenarioFile: file])
        } catch let error as ScenarioError {
            throw error  // a file the scenario names (a trace), with its own position
        } catch let violation as SchemaViolation {
            throw locator.error(for: violation)
        } catch let error as DecodingError {
            throw locator.error(for: error)
        } catch {
            throw locator.error(for: SchemaViolation(.invalid("\(error)"), at: []))
        }
    }

    /// Checks a `--repeat` value against the range `repeat:` accepts in a file.
    ///
    /// - Throws: an ``OptionValueError`` naming the range.
    public static func validateRepeatOption(_ value: Int) throws(OptionValueError) -> Int {
        guard ScenarioLimits.repetitions.contains(value) else {
            throw OptionValueError(
                message: "--repeat: must be \(ScenarioLimits.repetitions.lowerBound) to \(ScenarioLimits.repetitions.upperBound) (found \(value))")
        }
        return value
    }

    /// Checks a `--warm-up` value: 0 to 10 rounds.
    ///
    /// - Throws: an ``OptionValueError`` naming the range.
    public static func validateWarmUpOption(_ value: Int) throws(OptionValueError) -> Int {
        guard (0...10).contains(value) else {
            throw OptionValueError(message: "--warm-up: must be 0 to 10 (found \(value))")
        }
        return value
    }

    /// Validates names given to a `--policy` option. Each element may also be a
    /// comma-separated list (`--policy lru,fifo`). Empty, unknown or repeated names are errors
    /// whose message lists the valid names. A name may carry an in-use mode, as runs are named
    /// in results and `expect:` (`lru/repopulate`); ``validatePolicySelection(_:)`` keeps them.
    public static func validatePolicyOverride(_ names: [String]) throws(OptionValueError) -> [PolicyName] {
        try validatePolicySelection(names).policies
    }

    /// `--policy` names as a selection of runs: the policies, and for those named with an in-use
    /// mode (`lru/repopulate`), the modes asked for.
    public static func validatePolicySelection(_ names: [String]) throws(OptionValueError) -> PolicySelection {
        let valid = PolicyName.choiceList
        let split =
            names
            .flatMap(PolicyName.splitList)
        guard !split.isEmpty, !split.contains(where: \.isEmpty) else {
            throw OptionValueError(message: "--policy: expected a policy name (one of: \(valid))")
        }
        var selection = PolicySelection(policies: [], modes: [:])
        var seen: Set<String> = []
        for name in split {
            let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
            if PolicyName(parts[0]).isVariant {
                do throws(PolicyVariantError) {
                    _ = try PolicyName(parts[0]).canonicalVariant()
                } catch {
                    throw OptionValueError(message: "--policy: \(error.description)")
                }
            }
            guard let policy = PolicyName(known: parts[0]) else {
                throw OptionValueError(message: "--policy: unknown policy '\(parts[0])' (expected one of: \(valid))")
            }
            guard seen.insert(name).inserted else {
                throw OptionValueError(message: "--policy: policy '\(name)' is given more than once")
            }
            if parts.count == 2 {
                guard let mode = InUseModeName(rawValue: parts[1]) else {
                    throw OptionValueError(
                        message: "--policy: unknown in_use mode '\(parts[1])' in '\(name)' (expected one of: \(InUseModeName.choiceList))")
                }
                guard policy.takesInUseMode else {
                    throw OptionValueError(message: "--policy: '\(policy.rawValue)' has no in_use mode, so '\(name)' names no run")
                }
                if selection.modes[policy] == nil, selection.policies.contains(policy) {
                    throw OptionValueError(message: "--policy: '\(policy.rawValue)' is given both alone and as '\(name)'")
                }
                selection.modes[policy, default: []].append(mode)
            } else if selection.modes[policy] != nil {
                throw OptionValueError(message: "--policy: '\(policy.rawValue)' is given both alone and with an in_use mode")
            }
            if !selection.policies.contains(policy) { selection.policies.append(policy) }
        }
        return selection
    }

    /// Validates `--in-use` names: known, none repeated.
    public static func validateInUseOverride(_ names: [String]) throws(OptionValueError) -> [InUseModeName] {
        let split = names.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !split.isEmpty, !split.contains(where: \.isEmpty) else {
            throw OptionValueError(message: "--in-use: expected an in_use mode (one of: \(InUseModeName.choiceList))")
        }
        var modes: [InUseModeName] = []
        for name in split {
            guard let mode = InUseModeName(rawValue: name) else {
                throw OptionValueError(message: "--in-use: unknown in_use mode '\(name)' (expected one of: \(InUseModeName.choiceList))")
            }
            guard !modes.contains(mode) else { throw OptionValueError(message: "--in-use: '\(name)' is given more than once") }
            modes.append(mode)
        }
        return modes
    }

    // MARK: - Errors

    static func readFailureReason(_ url: URL, _ error: Error) -> String {
        var isDirectory: ObjCBool = false
        let path = url.path
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return "no such file"
        }
        if isDirectory.boolValue {
            return "is a directory"
        }
        if !FileManager.default.isReadableFile(atPath: path) {
            return "permission denied"
        }
        return error.localizedDescription
    }

    static func syntaxError(_ error: YamlError, file: String) -> ScenarioError {
        func make(_ mark: Mark?, _ message: String) -> ScenarioError {
            make(mark.map { (line: $0.line, column: $0.column) }, message)
        }
        func make(_ position: (line: Int, column: Int)?, _ message: String) -> ScenarioError {
            ScenarioError(
                file: file, line: max(position?.line ?? 1, 1), column: max(position?.column ?? 1, 1),
                keyPath: "", message: message)
        }
        func text(_ problem: String, _ context: YamlError.Context?) -> String {
            // libyaml's context reads before its problem: "while scanning a quoted scalar at
            // line 1, column 7: found unexpected end of stream".
            guard let context else { return "invalid YAML: \(problem)" }
            return "invalid YAML: \(context.text) at line \(context.mark.line), column \(context.mark.column): \(problem)"

        }
        switch error {
        case let .scanner(context, problem, mark, _),
            let .parser(context, problem, mark, _),
            let .composer(context, problem, mark, _):
            return make(mark, text(problem, context))
        case let .reader(problem, offset, _, yaml):
            return make(offset.map { position(atCharacterOffset: $0, in: yaml) }, "invalid YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return make(context.mark, "duplicate key \(keys) in the same mapping")
        default:
            return make(Mark?.none, "invalid YAML: \(error)")
        }
    }

    /// 1-based line and column (in Unicode scalars, like libyaml) of a character offset.
    private static func position(atCharacterOffset offset: Int, in yaml: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for (index, character) in yaml.enumerated() {
            if index == offset { break }
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return (line, column)
    }
}

/// Finds the node a coding path refers to in the composed tree, for its mark.
struct NodeLocator {
    let root: Node
    let file: String

    func error(for violation: SchemaViolation) -> ScenarioError {
        let path = violation.codingPath
        let keyPath = renderKeyPath(path)
        let node: Node?
        let markNode: Node?
        switch violation.target {
        case .value:
            node = self.node(at: path)
            markNode = node
        case .key:
            node = nil
            markNode = keyNode(at: path) ?? self.node(at: path)
        case .mapping:
            // Missing keys: the path names the missing key, the mark is its parent mapping.
            let mappingPath = violation.problem.isMissingKey ? Array(path.dropLast()) : path
            node = self.node(at: mappingPath)
            markNode = node
        }
        let message: String
        switch violation.problem {
        case let .unknownKey(noun, allowed):
            let name = path.last?.stringValue ?? ""
            message = "unknown \(noun) \(Self.excerpt(name)) at \(displayKeyPath(path)) (expected one of: \(allowed.joined(separator: ", ")))"
        case .missingKey:
            message = "missing required key '\(keyPath)'"
        case .expected(let what):
            message = "\(displayKeyPath(path)): expected \(what), found \(describeFound(node))"
        case .constraint(let requirement):
            var text = "\(displayKeyPath(path)) \(requirement)"
            if case .scalar(let scalar)? = node {
                text += " (found \(quotedIfNotNumber(scalar.string)))"
            }
            message = text
        case .invalid(let text):
            message = "\(displayKeyPath(path)): \(text)"
        case .message(let text):
            message = text
        }
        return scenarioError(at: markNode, keyPath: keyPath, message: message)
    }

    func error(for error: DecodingError) -> ScenarioError {
        switch error {
        case let .typeMismatch(type, context):
            return self.error(for: SchemaViolation(.expected(describeExpected(type)), at: context.codingPath))
        case let .valueNotFound(type, context):
            return self.error(for: SchemaViolation(.expected(describeExpected(type)), at: context.codingPath))
        case let .keyNotFound(key, context):
            return self.error(for: SchemaViolation.missingKey(key.stringValue, in: context.codingPath))
        case let .dataCorrupted(context):
            return self.error(for: SchemaViolation(.invalid(context.debugDescription), at: context.codingPath))
        @unknown default:
            return self.error(for: SchemaViolation(.invalid("\(error)"), at: []))
        }
    }

    private func scenarioError(at node: Node?, keyPath: String, message: String) -> ScenarioError {
        let mark = node?.mark ?? root.mark
        return ScenarioError(
            file: file, line: max(mark?.line ?? 1, 1), column: max(mark?.column ?? 1, 1),
            keyPath: keyPath, message: message)
    }

    // MARK: Walking the tree

    /// The node at `path`, or the deepest node found on the way (so errors still get a
    /// nearby position if the tree and the path disagree).
    func node(at path: [CodingKey]) -> Node? {
        var current = root
        for key in path {
            guard let next = child(of: current, for: key)?.value else { return current }
            current = next
        }
        return current
    }

    /// The key node of the last path component.
    func keyNode(at path: [CodingKey]) -> Node? {
        guard let last = path.last, let parent = node(at: Array(path.dropLast())) else { return nil }
        return child(of: parent, for: last)?.key
    }

    private func child(of node: Node, for key: CodingKey) -> (key: Node?, value: Node)? {
        switch node {
        case .sequence(let sequence):
            guard let index = key.intValue, sequence.indices.contains(index) else { return nil }
            return (nil, sequence[index])
        case .mapping(let mapping):
            return lookUp(key.stringValue, in: mapping)
        case .scalar, .alias:
            return nil
        }
    }

    /// Like Yams' flattened lookup: own keys (last wins) before keys merged in with `<<`.
    private func lookUp(_ name: String, in mapping: Node.Mapping) -> (key: Node?, value: Node)? {
        for pair in mapping.reversed() where !isMergeKey(pair.key) && pair.key.string == name {
            return (pair.key, pair.value)
        }
        for pair in mapping where isMergeKey(pair.key) {
            switch pair.value {
            case .mapping(let merged):
                if let found = lookUp(name, in: merged) { return found }
            case .sequence(let sequence):
                for case .mapping(let merged) in sequence {
                    if let found = lookUp(name, in: merged) { return found }
                }
            default:
                continue
            }
        }
        return nil
    }

    /// `<<` (plain), which the default resolver tags as a merge key.
    private func isMergeKey(_ key: Node) -> Bool {
        if case .scalar(let scalar) = key, scalar.style == .plain, scalar.string == "<<" { return true }
        return false
    }

    // MARK: Describing values

    private func describeFound(_ node: Node?) -> String {
        switch node {
        case .scalar(let scalar)?:
            if scalar.style == .plain, node?.null != nil {
                return scalar.string.isEmpty ? "an empty value" : "null"
            }
            if scalar.style == .singleQuoted || scalar.style == .doubleQuoted, Double(scalar.string) != nil {
                return "the quoted string '\(scalar.string)'"
            }
            return Self.excerpt(scalar.string)
        case .mapping?:
            return "a mapping"
        case .sequence?:
            return "a list"
        case .alias?, nil:
            return "nothing"
        }
    }

    /// The most characters of a found value an error quotes.
    static let excerptLength = 60

    /// A found value as an error quotes it: `'text'`, or its first line cut at
    /// ``excerptLength`` characters, `'text...' (N characters)`, so that a file read by
    /// mistake (a profile path naming another file) is never echoed whole.
    static func excerpt(_ text: String) -> String {
        let firstLine = text.prefix { !$0.isNewline }
        guard firstLine.count < text.count || text.count > excerptLength else { return "'\(text)'" }
        return "'\(firstLine.prefix(excerptLength))...' (\(text.count) characters)"
    }

    private func quotedIfNotNumber(_ text: String) -> String {
        Double(text) != nil ? text : Self.excerpt(text)
    }
}

extension SchemaViolation.Problem {
    var isMissingKey: Bool {
        if case .missingKey = self { return true }
        return false
    }
}
