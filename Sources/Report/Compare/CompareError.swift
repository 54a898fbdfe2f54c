/// What can stop `workbench compare` before it compares anything: an unreadable results
/// directory or summary file, or a threshold it cannot understand.
public enum CompareError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The results directory at `path` does not exist, is not a directory, or cannot be listed.
    case unreadableDirectory(path: String, reason: String)
    /// The file at `path` (a `summary.csv` or a thresholds file) cannot be read.
    case unreadableFile(path: String, reason: String)
    /// The `summary.csv` at `path` is not valid CSV or lacks a column every summary has.
    case malformedSummary(path: String, reason: String)
    /// A scenario directory has a `summary.csv` but no `columns.csv` at `path`: results written
    /// before result directories described their columns.
    case missingColumns(path: String)
    /// The results directory at `path` holds no `<scenario>/summary.csv` at all.
    case noResults(path: String)
    /// Scenario `scenario` has results of kind `baselineKind` in the baseline (at
    /// `baselinePath`) and of kind `currentKind` in the current directory: two different
    /// experiments under one name, whose columns mean different things.
    case kindMismatch(scenario: String, baselinePath: String, baselineKind: String, currentPath: String, currentKind: String)
    /// A `--threshold` argument (`text`) is not `METRIC=VALUE` with a valid metric and value.
    case invalidThreshold(text: String, reason: String)
    /// Line `line` of the thresholds file at `path` is not `metric: value`.
    case invalidThresholdsLine(path: String, line: Int, reason: String)
    /// A metric field of a summary (or `repetitions.csv`) at `path` that is neither empty nor a
    /// finite number: `nan`, `inf` or text. `line` and `column` are 1-based.
    case notANumber(path: String, line: Int, column: Int, name: String, value: String)

    /// A one-line message for the command line, naming the path or argument at fault.
    public var description: String {
        switch self {
        case let .unreadableDirectory(path, reason):
            return "\(path): error: cannot read results directory: \(reason)"
        case let .unreadableFile(path, reason):
            return "\(path): error: cannot read file: \(reason)"
        case let .malformedSummary(path, reason):
            return "\(path): error: not a summary file: \(reason)"
        case let .missingColumns(path):
            return "\(path): error: missing: these results do not say what their columns mean (written by an "
                + "older workbench); run the scenario again to write columns.csv"
        case let .noResults(path):
            return "\(path): error: no results here (expected \(path)/<scenario>/summary.csv)"
        case let .kindMismatch(scenario, baselinePath, baselineKind, currentPath, currentKind):
            return "\(currentPath): error: scenario '\(scenario)' is of kind '\(currentKind)' here but of kind "
                + "'\(baselineKind)' in \(baselinePath): results of different kinds cannot be compared"
        case let .invalidThreshold(text, reason):
            return "error: --threshold '\(text)': \(reason)"
        case let .invalidThresholdsLine(path, line, reason):
            return "\(path):\(line):1: error: \(reason)"
        case let .notANumber(path, line, column, name, value):
            return "\(path):\(line):\(column): error: \(ReportError.notANumberReason(name: name, value: value))"
        }
    }

    /// Checks a parsed result file's numeric columns (``ResultColumns/checkNumbers(header:rows:lines:file:path:)``).
    ///
    /// - Throws: ``notANumber(path:line:column:name:value:)``.
    static func checkNumbers(
        _ parsed: (header: [String], rows: [[String]], lines: [Int]), columns: ResultColumns, file: ResultFile, path: String
    ) throws {
        do {
            try columns.checkNumbers(header: parsed.header, rows: parsed.rows, lines: parsed.lines, file: file, path: path)
        } catch let ReportError.notANumber(path, line, column, name, value) {
            throw CompareError.notANumber(path: path, line: line, column: column, name: name, value: value)
        }
    }
}
