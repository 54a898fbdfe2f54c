/// Everything that can go wrong in the Report module: building and parsing CSV, assembling
/// result rows, and writing result files.
public enum ReportError: Error, CustomStringConvertible, Equatable {
    /// A row appended to a ``CSVTable`` has a different number of fields than the header.
    case rowWidthMismatch(expected: Int, found: Int)
    /// CSV text to parse is empty: there is no header record.
    case csvMissingHeader
    /// A quoted CSV field is still open at the end of the text; `line` is where it started.
    case csvUnterminatedQuote(line: Int)
    /// A double quote appears inside an unquoted CSV field.
    case csvQuoteInUnquotedField(line: Int)
    /// Something other than a comma or line break follows a closing quote.
    case csvTextAfterClosingQuote(line: Int)
    /// A CSV record has a different number of fields than the header; `line` is where it starts.
    case csvRaggedRecord(line: Int, expected: Int, found: Int)
    /// A row of a result file does not have the same columns, in the same order, as the file's
    /// first row. `row` is 0-based; `expected`/`found` are the first column names that differ
    /// (nil where one of the rows has run out of columns).
    case columnMismatch(file: String, row: Int, expected: String?, found: String?)
    /// A result file's rows name the same column twice.
    case duplicateColumn(file: String, column: String)
    /// A scenario name that cannot be used as a single directory name.
    case invalidScenarioName(String)
    /// Writing the file at `path` failed; its temporary file was removed and the file itself
    /// left as it was.
    case writeFailed(path: String, reason: String)
    /// A scenario directory without `columns.csv`: results written before result directories
    /// described their columns.
    case missingColumns(path: String)
    /// A `columns.csv` that cannot be read or parsed.
    case malformedColumns(path: String, reason: String)
    /// A `plots.csv` that cannot be read, or holds something other than plot views: a name or
    /// script that is not a plain file name, variables that are not `name='text'` or
    /// `name=12` assignments. `line` is 1-based.
    case malformedPlots(path: String, line: Int, reason: String)
    /// A result file has a column its kind does not describe.
    case undescribedColumn(file: String, column: String)
    /// A row of a result file gives a column a role (`role`) its kind's declaration (`declared`,
    /// nil when it declares no such column) does not let a row override.
    case undeclaredRole(file: String, column: String, role: MetricRole, declared: MetricRole?)
    /// Another process holds the lock on the results directory at `path` (its pid, when known).
    case directoryInUse(path: String, pid: Int32?)
    /// A field of a result file's metric column (a count, a measured figure, an instruction or
    /// tail-sample count) that is neither empty nor a finite number: `nan`, `inf` or text.
    /// `line` and `column` are 1-based; `name` is the column's name, `value` the field.
    case notANumber(path: String, line: Int, column: Int, name: String, value: String)

    /// A one-line explanation for the command line.
    public var description: String {
        switch self {
        case let .rowWidthMismatch(expected, found):
            return "CSV row has \(found) fields, but the header has \(expected)"
        case .csvMissingHeader:
            return "CSV text is empty: no header record"
        case let .csvUnterminatedQuote(line):
            return "CSV quoted field starting on line \(line) is never closed"
        case let .csvQuoteInUnquotedField(line):
            return "CSV line \(line): a double quote inside an unquoted field"
        case let .csvTextAfterClosingQuote(line):
            return "CSV line \(line): text after a closing quote (expected a comma or line break)"
        case let .csvRaggedRecord(line, expected, found):
            return "CSV record on line \(line) has \(found) fields, but the header has \(expected)"
        case let .columnMismatch(file, row, expected, found):
            return "\(file): row \(row) has column \(Self.name(found)) where the first row has "
                + "\(Self.name(expected)); all rows of a file need the same columns in the same order"
        case let .duplicateColumn(file, column):
            return "\(file): column '\(column)' appears more than once"
        case let .invalidScenarioName(name):
            return "invalid scenario name '\(name)': it must be a non-empty directory name "
                + "without '/', not starting with '.'"
        case let .writeFailed(path, reason):
            return "cannot write \(path): \(reason)"
        case let .missingColumns(path):
            return "\(path): no such file: these results do not describe their columns "
                + "(written by an older workbench); run the scenario again to write columns.csv"
        case let .malformedColumns(path, reason):
            return "\(path): not a columns file: \(reason)"
        case let .malformedPlots(path, line, reason):
            return "\(path):\(line): not a plots file: \(reason)"
        case let .undescribedColumn(file, column):
            return "\(file): column '\(column)' is not described by its scenario kind"
        case let .undeclaredRole(file, column, role, declared):
            return "\(file): a row makes column '\(column)' \(role.rawValue), but its scenario kind "
                + (declared.map { "declares it \($0.rawValue)" } ?? "does not describe it")
                + "; a row may only make a declared count measured, or a measured column a count"
        case let .directoryInUse(path, pid):
            return "\(path) is in use by another workbench process\(pid.map { " (pid \($0))" } ?? ""); "
                + "wait for it to finish or choose another --out"
        case let .notANumber(path, line, column, name, value):
            return "\(path):\(line):\(column): \(Self.notANumberReason(name: name, value: value))"
        }
    }

    /// Why a ``notANumber(path:line:column:name:value:)`` field is refused, without its place.
    public static func notANumberReason(name: String, value: String) -> String {
        let shown = value.count > 40 ? String(value.prefix(40)) + "..." : value
        return "column '\(name)' holds '\(shown)', not a finite number (a result is a number, or empty where "
            + "there was nothing to measure): these results were not written by `run` as they are (or were edited)"
    }

    private static func name(_ column: String?) -> String {
        column.map { "'\($0)'" } ?? "(none)"
    }
}
