/// Result files hold numbers where their columns say so: what `compare`, `merge` and `decide`
/// check before they judge, combine or decide anything.
extension ResultColumns {
    /// Whether a column of `file` must hold numbers: a count, a measured figure, an instruction
    /// count or a tail-sample count, of a unit that is a number (not text or a flag). A column
    /// `file` does not describe is looked up among the summary's columns; one neither describes
    /// is not checked.
    public func holdsNumbers(_ name: String, in file: ResultFile) -> Bool {
        guard let column = column(name, in: file) ?? column(name, in: .summary) else { return false }
        return column.role != .identity && column.unit != .text && column.unit != .flag
    }

    /// Checks that every field of `file`'s numeric columns (``holdsNumbers(_:in:)``) is empty or
    /// a finite number. An empty field is what a kind writes where there was nothing to measure
    /// (a mean over no samples); `nan`, `inf` and text are refused.
    ///
    /// - Parameters:
    ///   - header: the file's column names.
    ///   - rows: its rows, each as wide as `header`.
    ///   - lines: the 1-based line each row starts on (``CSVTable/parseWithLines(_:)``).
    ///   - file: which result file it is.
    ///   - path: its path, for the message.
    /// - Throws: ``ReportError/notANumber(path:line:column:name:value:)`` for the first field
    ///   that is not, by row, then column.
    /// - Complexity: O(rows × columns).
    public func checkNumbers(header: [String], rows: [[String]], lines: [Int], file: ResultFile, path: String) throws {
        let numeric = header.indices.filter { holdsNumbers(header[$0], in: file) }
        guard !numeric.isEmpty else { return }
        for (index, row) in rows.enumerated() {
            for column in numeric where column < row.count {
                let field = row[column]
                guard !field.isEmpty else { continue }
                if let value = Double(field.trimmingSpaces), value.isFinite { continue }
                throw ReportError.notANumber(
                    path: path, line: index < lines.count ? lines[index] : index + 2, column: column + 1, name: header[column],
                    value: field)
            }
        }
    }

    /// Reads the CSV text of `file` at `path` and checks it as
    /// ``checkNumbers(header:rows:lines:file:path:)`` does.
    ///
    /// - Throws: what ``CSVTable/parse(_:)`` and ``checkNumbers(header:rows:lines:file:path:)`` throw.
    public func checkNumbers(text: String, file: ResultFile, path: String) throws {
        let parsed = try CSVTable.parseWithLines(text)
        try checkNumbers(header: parsed.header, rows: parsed.rows, lines: parsed.lines, file: file, path: path)
    }
}
