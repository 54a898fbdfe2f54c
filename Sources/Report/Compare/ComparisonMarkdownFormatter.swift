/// A comparison as GitHub-flavoured markdown, for a CI job summary: a bold one-line verdict,
/// what the configuration and the repetitions make of it as a list, then a table per section
/// (regressions, improvements, neutral changes, and every metric with `all`), then the notes
/// as a list. With `summary`, a line per scenario and one table of the top regressions instead
/// (``ComparisonSummary``): what the CI recipes post.
///
/// ```markdown
/// **1 regression, 1 improvement** in 1 scenario
///
/// ### Regressions
///
/// | scenario | run | metric | baseline | current | delta | change | threshold |
/// |---|---|---|--:|--:|--:|--:|---|
/// | feed | lru/repopulate | instantiations | 10 | 11 | +1 | +10% | exact |
/// ```
public struct ComparisonMarkdownFormatter: Sendable {
    /// Whether to list every compared metric after the changes.
    public var all: Bool
    /// Whether to print the summary (``ComparisonSummary``) instead of the tables.
    public var summary: Bool

    /// A formatter; `all` adds a table of every metric, `summary` prints a line per scenario and
    /// the top regressions instead of the tables (`all` is then ignored).
    public init(all: Bool = false, summary: Bool = false) {
        self.all = all
        self.summary = summary
    }

    /// The report, ending with a line break.
    public func render(_ comparison: Comparison) -> String {
        var text = "**\(ComparisonFormatting.verdictCounts(comparison))**\(ComparisonFormatting.headlineTail(comparison))\n"
        let digest = summary ? ComparisonSummary(comparison) : nil
        let items =
            (digest?.scenarios.map { "**\(Self.escape($0.scenario))**: \(Self.escape($0.details))" } ?? [])
            + ComparisonFormatting.statements(comparison, summary: summary).map(Self.escape)
        if !items.isEmpty {
            text += "\n" + items.map { "- \($0)\n" }.joined()
        }
        if let digest {
            if !digest.top.isEmpty {
                text += "\n" + Self.row(ComparisonFormatting.summaryTitles(digest)) + "|---|---|---|---|\n"
                text += digest.top.map { Self.row(ComparisonFormatting.summaryCells($0)) }.joined()
            }
            let notes = ComparisonFormatting.notes(comparison, limit: 5)
            if !notes.isEmpty {
                text += "\n" + notes.map { "- \(Self.escape($0))\n" }.joined()
            }
            return text
        }
        for section in ComparisonFormatting.sections(comparison, all: all) {
            text += "\n### \(section.title)\n\n"
            let titles = ComparisonFormatting.titles(showVerdict: section.showVerdict)
            text += Self.row(titles)
            // Text columns left-aligned, numbers right-aligned.
            text += "|" + titles.indices.map { $0 < 3 || $0 >= 8 ? "---" : "--:" }.joined(separator: "|") + "|\n"
            for metric in section.metrics {
                let cells = ComparisonFormatting.cells(metric, showVerdict: section.showVerdict)
                // An unreliable percentile's row in italics: shown, not judged.
                text += metric.judgment.isUnreliable ? Self.row(cells, emphasis: "*") : Self.row(cells)
            }
        }
        if !comparison.notes.isEmpty {
            text += "\n### Notes\n\n"
            for note in comparison.notes {
                text += "- \(Self.escape(note.description))\n"
            }
        }
        return text
    }

    /// `| a | b |` and a line break; with `emphasis`, each non-empty cell between it (`*a*`).
    static func row(_ cells: [String], emphasis: String = "") -> String {
        "| " + cells.map { $0.isEmpty ? "" : emphasis + escape($0) + emphasis }.joined(separator: " | ") + " |\n"
    }

    /// `text` with the characters markdown would read as table or emphasis syntax escaped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "|" || character == "*" || character == "\\" {
                escaped.append("\\")
            }
            escaped.append(character)
        }
        return escaped
    }
}
