import Foundation
import Yams
import Models

/// A loaded scenario file and what it runs: the scenario itself, or one variant per sweep point.
public struct ScenarioPlan: Sendable {
    /// The file as written.
    public var base: Scenario
    /// What runs, in order: `[(nil, base)]` without a sweep, one variant per value with one.
    public var points: [(point: SweepPoint?, scenario: Scenario)]

    public var name: String { base.header.name }

    /// The files its variants read besides the scenario file, each once, in order
    /// (``KindScenario/inputFiles``).
    public var inputFiles: [String] {
        var seen: Set<String> = []
        return points.flatMap { $0.scenario.body.inputFiles }.filter { seen.insert($0).inserted }
    }
}

extension ScenarioLoader {
    /// Loads a scenario file and, if it has a `sweep`, one variant per swept value: the file's
    /// YAML with the swept key's value replaced, decoded and checked like the file itself (an
    /// invalid value is reported at the swept key, naming the value).
    /// - Parameter maxDuration: caps every variant's `duration` and `warmup` (each) after it has
    ///   been checked as written; `nil` runs them as written.
    /// - Parameter memoryLimit: refuses a plan whose estimate exceeds it (``MemoryGuard``),
    ///   after the cap; `nil` checks nothing (`validate` and `run` pass `--memory-limit`).
    /// - Parameter options: what the estimate counts runs and copies under (`--seeds`,
    ///   `--repeat`, `--policy`, `--in-use`).
    public static func loadPlan(
        contentsOf url: URL, maxDuration: Seconds? = nil, memoryLimit: Double? = nil, overrides: [ScenarioOverride] = [],
        options: RunOptions = RunOptions()
    ) throws(ScenarioError) -> ScenarioPlan {
        let file = url.isFileURL ? url.relativePath : url.absoluteString
        let yaml = try readText(url, file: file)
        let plan = try loadPlan(yaml: yaml, file: file, maxDuration: maxDuration, overrides: overrides)
        if let memoryLimit { try MemoryGuard.check(plan, file: file, limit: memoryLimit, options: options) }
        return plan
    }

    /// `loadPlan(contentsOf:maxDuration:)` for YAML text; `file` is only used in errors.
    public static func loadPlan(
        yaml: String, file: String, maxDuration: Seconds? = nil, overrides: [ScenarioOverride] = []
    ) throws(ScenarioError) -> ScenarioPlan {
        let root = try applying(overrides, to: compose(yaml: yaml, file: file), file: file)
        var base = try decode(Scenario.self, from: root, file: file, overrides: overrides)
        var trees: [(point: SweepPoint?, root: Node)] = [(nil, root)]
        if let sweep = base.header.sweep, let swept = sweep.policyParameter {
            let sweeping: PolicySweep
            do {
                sweeping = try policyTrees(sweep, swept, list: base.body.policyList, root: root, file: file)
            } catch {
                throw relocated(error, overrides: overrides)
            }
            switch sweeping {
            case .variants(let expanded):
                do {
                    base = try decode(Scenario.self, from: expanded, file: file, overrides: overrides)
                } catch {
                    var located = error
                    located.message += " (with the sweep of \(sweep.key))"
                    throw located
                }
                trees = [(nil, expanded)]
            case .points(let points):
                trees = points
            }
        } else if let sweep = base.header.sweep {
            do {
                trees = try sweptTrees(sweep, root: root, file: file)
            } catch {
                throw relocated(error, overrides: overrides)
            }
        }
        var points: [(point: SweepPoint?, scenario: Scenario)] = []
        for (point, tree) in trees {
            do {
                var scenario = point == nil ? base : try decode(Scenario.self, from: tree, file: file, overrides: overrides)
                if let maxDuration {
                    scenario = try decode(
                        Scenario.self, from: capDurations(in: tree, at: maxDuration), file: file, overrides: overrides)
                }
                points.append((point, scenario))
            } catch {
                var located = error
                if let point { located.message += " (with sweep value \(SweepSpec.text(point.value)))" }
                throw located
            }
        }
        return ScenarioPlan(base: base, points: points)
    }

    /// One tree per swept value: `root` with the number at the sweep's key replaced.
    private static func sweptTrees(_ sweep: SweepSpec, root: Node, file: String) throws(ScenarioError) -> [(
        point: SweepPoint?, root: Node
    )] {
        let locator = NodeLocator(root: root, file: file)
        let sweepKeyPath: [CodingKey] = [AnyCodingKey("sweep"), AnyCodingKey("key")]
        guard let path = SweepPath(sweep.key), !path.components.isEmpty, path.components.first?.key != "sweep" else {
            throw locator.error(
                for: SchemaViolation(
                    .invalid("cannot read key path '\(sweep.key)' (expected e.g. cache.capacity or table.cells[0].weight)"),
                    at: sweepKeyPath))
        }
        var trees: [(point: SweepPoint?, root: Node)] = []
        for value in sweep.values {
            guard let swept = path.replacing(in: root, with: SweepSpec.text(value)) else {
                throw locator.error(
                    for: SchemaViolation(
                        .invalid("'\(sweep.key)' is not a numeric key written in this file (a sweep replaces a number that is there)"),
                        at: sweepKeyPath))
            }
            trees.append((SweepPoint(key: sweep.key, value: value), swept))
        }
        return trees
    }

    /// What a sweep of a policy's parameter runs.
    private enum PolicySweep {
        /// The file with the swept policy replaced, in its list, by one variant per value (`sweep` dropped).
        case variants(Node)
        /// One tree per value, the one policy every run uses set to that value's variant.
        case points([(point: SweepPoint?, root: Node)])
    }

    /// A sweep of `POLICY.PARAMETER`: each value checked against the parameter (at its place in
    /// `sweep.values`), then the variants `POLICY(PARAMETER=value)` put where the file names the
    /// policy (`list`, the kind's). A list runs each variant beside the file's other policies; a
    /// key holding one policy runs one sweep point per variant.
    private static func policyTrees(
        _ sweep: SweepSpec, _ swept: (policy: PolicyName, parameter: PolicyParameter), list: PolicyList?, root: Node, file: String
    ) throws(ScenarioError) -> PolicySweep {
        let locator = NodeLocator(root: root, file: file)
        let keyPath: [CodingKey] = [AnyCodingKey("sweep"), AnyCodingKey("key")]
        var variants: [PolicyName] = []
        for (index, value) in sweep.values.enumerated() {
            let parameterValue: PolicyParameterValue
            switch swept.parameter.kind {
            case .share, .number: parameterValue = .number(value)
            case .integer where value == value.rounded() && abs(value) < 1e15: parameterValue = .integer(Int(value))
            default:
                throw locator.error(
                    for: SchemaViolation(
                        .invalid("\(sweep.key) takes \(swept.parameter.kind.summary), found \(SweepSpec.text(value))"),
                        at: [AnyCodingKey("sweep"), AnyCodingKey("values"), AnyCodingKey(index: index)]))
            }
            if let problem = swept.parameter.problem(with: parameterValue) {
                throw locator.error(
                    for: SchemaViolation(
                        .invalid("\(sweep.key) \(problem) (found \(SweepSpec.text(value)))"),
                        at: [AnyCodingKey("sweep"), AnyCodingKey("values"), AnyCodingKey(index: index)]))
            }
            variants.append(.variant(of: swept.policy, settings: [swept.parameter.name: parameterValue]))
        }
        guard let list else {
            throw locator.error(
                for: SchemaViolation(.invalid("this kind runs no eviction policy, so '\(sweep.key)' varies nothing"), at: keyPath))
        }
        let listed = list.path.joined(separator: ".")
        guard let position = list.names.firstIndex(of: swept.policy) else {
            let names = list.names.map(\.rawValue).joined(separator: ", ")
            throw locator.error(
                for: SchemaViolation(
                    .invalid(
                        "\(swept.policy.rawValue) is not run by this file (\(listed): \(names)); "
                            + (list.single ? "set \(listed) to \(swept.policy.rawValue)" : "list it in \(listed)")
                            + " to sweep its \(swept.parameter.name)"),
                    at: keyPath))
        }
        func setting(_ value: Node, in root: Node) -> Node {
            func set(_ path: ArraySlice<String>, in node: Node?) -> Node {
                guard let first = path.first else { return value }
                var mapping: Node.Mapping
                if case .mapping(let existing)? = node { mapping = existing } else { mapping = Node.Mapping([]) }
                mapping[first] = set(path.dropFirst(), in: mapping[first])
                return .mapping(mapping)
            }
            return set(list.path[...], in: root)
        }
        if list.single {
            return .points(
                zip(sweep.values, variants).map { value, variant in
                    (SweepPoint(key: sweep.key, value: value), setting(Node(variant.rawValue), in: root))
                })
        }
        var names = list.names
        names.replaceSubrange(position...position, with: variants)
        var expanded = setting(.sequence(Node.Sequence(names.map { Node($0.rawValue) })), in: root)
        if case .mapping(var mapping) = expanded {
            mapping["sweep"] = nil
            expanded = .mapping(mapping)
        }
        return .variants(expanded)
    }

    /// `root` with its top-level `duration` and `warmup` lowered to `cap` where they exceed it.
    private static func capDurations(in root: Node, at cap: Seconds) -> Node {
        guard case .mapping(var mapping) = root else { return root }
        for key in ["duration", "warmup"] {
            guard case .scalar(var scalar)? = mapping[key], case .success(let value) = Seconds.parse(scalar.string), value > cap
            else { continue }
            scalar.string = formatNumber(cap.value)
            mapping[key] = .scalar(scalar)
        }
        return .mapping(mapping)
    }

    /// Parses a duration given on the command line (`--max-duration 2s`), with the rules of a
    /// duration in a file.
    public static func parseDurationOption(_ text: String, option: String) throws(OptionValueError) -> Seconds {
        switch Seconds.parse(text) {
        case .success(let seconds) where seconds.value > 0:
            return seconds
        case .success, .failure(.negative):
            throw OptionValueError(message: "\(option): must be > 0 (found '\(text)')")
        case .failure(.outOfRange):
            throw OptionValueError(message: "\(option): \(Seconds.rangeRequirement) (found '\(text)')")
        case .failure(.malformed):
            throw OptionValueError(message: "\(option): expected \(Seconds.schemaDescription), found '\(text)'")
        }
    }

    /// Scenario files larger than this are refused before reading (16 MiB).
    static let maxFileBytes = 16 << 20

    /// The file's text, or an error at 1:1. Only regular files are read: a device (`/dev/zero`)
    /// or a FIFO would never end or block (see ``readFile(_:noun:)``).
    static func readText(_ url: URL, file: String) throws(ScenarioError) -> String {
        switch readFile(url, noun: "a scenario file") {
        case .success(let text):
            return text
        case .failure(let failure):
            throw ScenarioError(file: file, line: 1, column: 1, keyPath: "", message: "cannot read file: \(file) (\(failure.reason))")
        }
    }

    /// Why a file was not read: a short reason (`a FIFO, not a regular file`, `no such file`).
    struct ReadFailure: Error {
        let reason: String
    }

    /// Reads the file `path` a scenario names (a device profile, a layout, a recorded session),
    /// relative to the scenario file the decoder reads, under the scenario file's rules (a regular
    /// file, at most 16 MiB, UTF-8): its resolved path and its text. `noun` names it in the error,
    /// at the decoder's key: `cannot read <noun> '<path>' (<reason>)`.
    static func readNamedFile(_ path: String, decoder: Decoder, noun: String) throws -> (resolved: String, text: String) {
        let resolved = TraceFileSpec.resolve(path, scenarioFile: decoder.userInfo[.scenarioFile] as? String)
        switch readFile(URL(fileURLWithPath: resolved), noun: "a \(noun)") {
        case .success(let text): return (resolved, text)
        case .failure(let failure):
            throw SchemaViolation(.invalid("cannot read \(noun) '\(resolved)' (\(failure.reason))"), at: decoder.codingPath)
        }
    }

    /// The text of the file at `url` under the scenario file's rules, which every file a scenario
    /// names (a device profile) is read under too: a regular file (never a device, FIFO, socket
    /// or directory, which would never end, block or not be text), at most ``maxFileBytes``,
    /// UTF-8. `noun` names the file in the size reason (`a scenario file`).
    static func readFile(_ url: URL, noun: String) -> Result<String, ReadFailure> {
        var status = stat()
        if url.isFileURL, stat(url.path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                if status.st_size > maxFileBytes {
                    return .failure(ReadFailure(reason: "\(status.st_size) bytes; \(noun) is at most \(maxFileBytes) bytes"))
                }
            case S_IFDIR: return .failure(ReadFailure(reason: "is a directory"))
            case S_IFIFO: return .failure(ReadFailure(reason: "a FIFO, not a regular file"))
            case S_IFCHR, S_IFBLK: return .failure(ReadFailure(reason: "a device, not a regular file"))
            case S_IFSOCK: return .failure(ReadFailure(reason: "a socket, not a regular file"))
            default: return .failure(ReadFailure(reason: "not a regular file"))
            }
        }
        do {
            let data = try Data(contentsOf: url)
            guard let text = String(data: data, encoding: .utf8) else {
                return .failure(ReadFailure(reason: "not valid UTF-8"))
            }
            return .success(text)
        } catch {
            return .failure(ReadFailure(reason: readFailureReason(url, error)))
        }
    }
}

/// A sweep's key path, `cache.capacity` or `table.cells[0].weight`.
struct SweepPath {
    enum Component {
        case key(String)
        case index(Int)

        var key: String? {
            if case .key(let name) = self { return name }
            return nil
        }
    }

    let components: [Component]

    init?(_ text: String) {
        var components: [Component] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(part)
            guard let bracket = rest.firstIndex(of: "[") ?? Optional(rest.endIndex) else { return nil }
            let name = rest[..<bracket]
            guard !name.isEmpty else { return nil }
            components.append(.key(String(name)))
            rest = rest[bracket...]
            while rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0
                else {
                    return nil
                }
                components.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
            guard rest.isEmpty else { return nil }
        }
        self.components = components
    }

    /// `root` with the number at this path replaced by `text`; nil if the path does not lead to
    /// a number written in the file.
    func replacing(in root: Node, with text: String) -> Node? {
        replace(components[...], in: root, with: text)
    }

    private func replace(_ path: ArraySlice<Component>, in node: Node, with text: String) -> Node? {
        guard let first = path.first else {
            guard case .scalar(var scalar) = node, Double(scalar.string) != nil else { return nil }
            scalar.string = text
            return .scalar(scalar)
        }
        switch (first, node) {
        case (.key(let name), .mapping(var mapping)):
            guard let child = mapping[name], let replaced = replace(path.dropFirst(), in: child, with: text) else { return nil }
            mapping[name] = replaced
            return .mapping(mapping)
        case (.index(let index), .sequence(var sequence)):
            guard index < sequence.count else { return nil }
            let position = sequence.index(sequence.startIndex, offsetBy: index)
            guard let replaced = replace(path.dropFirst(), in: sequence[position], with: text) else { return nil }
            sequence[position] = replaced
            return .sequence(sequence)
        default:
            return nil
        }
    }
}
