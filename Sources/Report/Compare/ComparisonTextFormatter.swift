/// A comparison for a terminal: a headline, what the configuration and the repetitions make of
/// it, aligned tables of regressions, improvements and neutral changes (and every metric with
/// `all`), then the notes. With `summary`, a line per scenario and the top regressions instead
/// of the tables (``ComparisonSummary``).
///
/// ```text
/// 1 regression, 1 improvement in 1 scenario
/// feed: configuration changed: capacity 12 → 8
/// baseline: base
/// current:  cur
///
/// Regressions
///   scenario  run             metric          baseline  current  delta  change  threshold
///   feed      lru/repopulate  instantiations  10        11       +1     +10%    exact
///
/// Improvements
///   ...
///
/// Notes
///   baseline lacks scenario 'contacts': not compared
/// ```
public struct ComparisonTextFormatter: Sendable {
    /// Whether to list every compared metric after the changes.
    public var all: Bool
    /// Whether to grey unreliable percentiles with ANSI dim (for a terminal only).
    public var dim: Bool
    /// Whether to print the summary (``ComparisonSummary``) instead of the tables.
    public var summary: Bool

    /// ANSI dim, and the reset after it.
    static let dimOn = "\u{1B}[2m"
    static let dimOff = "\u{1B}[0m"

    /// A formatter; `all` adds a table of every metric, `dim` greys the rows of unreliable
    /// percentiles (set it when standard output is a terminal), `summary` prints a line per
    /// scenario and the top regressions instead of the tables (`all` is then ignored).
    public init(all: Bool = false, dim: Bool = false, summary: Bool = false) {
        self.all = all
        self.dim = dim
        self.summary = summary
    }

    /// The report, ending with a line break.
    public func render(_ comparison: Comparison) -> String {
        var text = ComparisonFormatting.verdictCounts(comparison) + ComparisonFormatting.headlineTail(comparison) + "\n"
        let digest = summary ? ComparisonSummary(comparison) : nil
        for line in (digest?.scenarios.map(\.description) ?? []) + ComparisonFormatting.statements(comparison, summary: summary) {
            text += line + "\n"
        }
        text += "baseline: \(comparison.baselinePath)\n"
        text += "current:  \(comparison.currentPath)\n"
        if let digest {
            if !digest.top.isEmpty {
                text += "\nRegressions\n"
                text += Self.align([ComparisonFormatting.summaryTitles(digest)] + digest.top.map(ComparisonFormatting.summaryCells))
            }
            let notes = ComparisonFormatting.notes(comparison, limit: 5)
            if !notes.isEmpty {
                text += "\nNotes\n" + notes.map { "  \($0)\n" }.joined()
            }
            return text
        }
        for section in ComparisonFormatting.sections(comparison, all: all) {
            text += "\n\(section.title)\n"
            let lines =
                [ComparisonFormatting.titles(showVerdict: section.showVerdict)]
                + section.metrics.map { ComparisonFormatting.cells($0, showVerdict: section.showVerdict) }
            let greyed = [false] + section.metrics.map { dim && $0.judgment.isUnreliable }
            text += Self.align(lines, greyed: greyed)
        }
        if !comparison.notes.isEmpty {
            text += "\nNotes\n"
            for note in comparison.notes {
                text += "  \(note)\n"
            }
        }
        return text
    }

    /// The lines as columns padded to their widest cell, indented two spaces, without trailing
    /// spaces; a line whose `greyed` flag is set between ANSI dim and reset.
    static func align(_ lines: [[String]], greyed: [Bool] = []) -> String {
        let width = lines.map(\.count).max() ?? 0
        let widths = (0..<width).map { column in
            lines.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        var text = ""
        for (position, line) in lines.enumerated() {
            var row = ""
            for (index, cell) in line.enumerated() {
                row += index == line.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }
            while row.hasSuffix(" ") { row.removeLast() }
            let grey = position < greyed.count && greyed[position]
            text += "  " + (grey ? Self.dimOn + row + Self.dimOff : row) + "\n"
        }
        return text
    }
}
