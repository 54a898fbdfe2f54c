import Foundation

/// What a scenario directory says about itself: its kind and description (from
/// `scenario.yaml`) and its columns (`columns.csv`). Plots and index pages work from this alone.
public struct ResultsDescription: Sendable, Equatable {
    /// The `kind:` of the scenario that wrote the results.
    public var kind: String
    /// The scenario's `description:`, or nil.
    public var description: String?
    /// The results' columns.
    public var columns: ResultColumns

    public init(kind: String, description: String? = nil, columns: ResultColumns) {
        self.kind = kind
        self.description = description
        self.columns = columns
    }

    /// Reads `columns.csv` and `scenario.yaml` in `directory`.
    ///
    /// - Throws: ``ReportError/missingColumns(path:)`` or ``ReportError/malformedColumns(path:reason:)``
    ///   for `columns.csv`; ``ReportError/missingColumns(path:)`` naming `scenario.yaml` when it is
    ///   missing or has no `kind:`.
    public static func load(scenarioDirectory directory: URL) throws -> ResultsDescription {
        let columns = try ResultColumns.load(scenarioDirectory: directory)
        let url = directory.appendingPathComponent(ResultsWriter.scenarioFileName, isDirectory: false)
        guard let text = try? String(contentsOf: url, encoding: .utf8), let kind = topLevelValue("kind", in: text) else {
            throw ReportError.missingColumns(path: url.path)
        }
        return ResultsDescription(kind: kind, description: topLevelValue("description", in: text), columns: columns)
    }

    /// The plain scalar of a top-level `key: value` line (quotes removed), or nil. Enough for
    /// the `kind` and `description` the workbench writes itself.
    static func topLevelValue(_ key: String, in yaml: String) -> String? {
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: true) where line.hasPrefix(key + ":") {
            var value = line.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "'" || first == "\"", value.last == first {
                value = String(value.dropFirst().dropLast())
                if first == "'" { value = value.replacingOccurrences(of: "''", with: "'") }
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
