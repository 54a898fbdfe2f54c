import Foundation
import Yams

/// A loaded scenario file and what it runs: the scenario itself, or one variant per sweep point.
public struct ScenarioPlan: Sendable {
    /// The file as written.
    public var base: Scenario
    /// What runs, in order: `[(nil, base)]` without a sweep, one variant per value with one.
    public var points: [(point: SweepPoint?, scenario: Scenario)]

    public var name: String { base.header.name }
}

extension ScenarioLoader {
    /// Loads a scenario file and, if it has a `sweep`, one variant per swept value: the file's
    /// YAML with the swept key's value replaced, decoded and checked like the file itself (an
    /// invalid value is reported at the swept key, naming the value).
    public static func loadPlan(contentsOf url: URL) throws(ScenarioError) -> ScenarioPlan {
        let file = url.isFileURL ? url.relativePath : url.absoluteString
        let yaml = try readText(url, file: file)
        return try loadPlan(yaml: yaml, file: file)
    }

    /// `loadPlan(contentsOf:)` for YAML text; `file` is only used in errors.
    public static func loadPlan(yaml: String, file: String) throws(ScenarioError) -> ScenarioPlan {
        let base = try load(yaml: yaml, file: file)
        guard let sweep = base.header.sweep else {
            return ScenarioPlan(base: base, points: [(nil, base)])
        }
        let root: Node
        do {
            guard let composed = try Yams.compose(yaml: yaml) else {
                return ScenarioPlan(base: base, points: [(nil, base)])
            }
            root = composed
        } catch {
            throw ScenarioError(file: file, line: 1, column: 1, keyPath: "", message: "invalid YAML: \(error)")
        }
        let locator = NodeLocator(root: root, file: file)
        let sweepKeyPath: [CodingKey] = [AnyCodingKey("sweep"), AnyCodingKey("key")]
        guard let path = SweepPath(sweep.key), !path.components.isEmpty, path.components.first?.key != "sweep" else {
            throw locator.error(
                for: SchemaViolation(
                    .invalid("cannot read key path '\(sweep.key)' (expected e.g. cache.capacity or table.cells[0].weight)"),
                    at: sweepKeyPath))
        }
        var points: [(point: SweepPoint?, scenario: Scenario)] = []
        for value in sweep.values {
            guard let swept = path.replacing(in: root, with: SweepSpec.text(value)) else {
                throw locator.error(
                    for: SchemaViolation(
                        .invalid("'\(sweep.key)' is not a numeric key written in this file (a sweep replaces a number that is there)"),
                        at: sweepKeyPath))
            }
            do {
                let scenario = try decode(Scenario.self, from: swept, file: file)
                points.append((SweepPoint(key: sweep.key, value: value), scenario))
            } catch {
                var located = error
                located.message += " (with sweep value \(SweepSpec.text(value)))"
                throw located
            }
        }
        return ScenarioPlan(base: base, points: points)
    }

    /// The file's text, or an error at 1:1.
    static func readText(_ url: URL, file: String) throws(ScenarioError) -> String {
        do {
            let data = try Data(contentsOf: url)
            guard let text = String(data: data, encoding: .utf8) else {
                throw ScenarioError(file: file, line: 1, column: 1, keyPath: "", message: "cannot read file: \(file) (not valid UTF-8)")
            }
            return text
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError(
                file: file, line: 1, column: 1, keyPath: "", message: "cannot read file: \(file) (\(readFailureReason(url, error)))")
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
