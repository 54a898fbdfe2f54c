/// The parts of a scenario's section that lead it on the index pages: the answer to its
/// question and its grid (``DecisionReport``), then its expectations, failed ones first and the
/// ones that held collapsed behind a disclosure (`<details>`, in Markdown too: forges render it).
enum DecisionSection {
    // MARK: - HTML

    /// The answer: a line, the per-run table, the best runs per sweep value, notes.
    static func html(_ decision: Decision, scenario: String) -> String {
        let summary = DecisionSummary(decision)
        var html = "<div class=\"decision\">\n"
        html += "<p class=\"answer\"><strong>Answer:</strong> \(PageText.html(summary.answer))</p>\n"
        let file = PageText.html(PageText.url(scenario, Decision.fileName))
        html += "<p class=\"meta\">Goal: \(PageText.html(summary.question)) (<a href=\"\(file)\">decision.csv</a>)</p>\n"
        html += htmlTable(summary.perRun)
        if decision.sweepKey != nil || decision.runs.count > 1 {
            html += "<p class=\"meta\">\(PageText.html(summary.perValueTitle))</p>\n"
            let rows = summary.perValue.map { [$0.value, DecisionSummary.group(best: $0.best, tied: $0.tied, runs: decision.runs.count)] }
            html += htmlTable([[decision.sweepKey ?? "", "best"]] + rows)
        }
        for note in summary.notes {
            html += "<p class=\"note\">\(PageText.html(note))</p>\n"
        }
        return html + "</div>\n"
    }

    /// The grid: a line saying what it shows, then runs × sweep values, the best bold, the tied
    /// in italics; the knee column when no answer lists the knees.
    static func html(_ grid: DecisionGrid, scenario: String, knees: Bool) -> String {
        let file = PageText.html(PageText.url(scenario, DecisionGrid.fileName))
        var html =
            "<p class=\"meta\">Grid (<a href=\"\(file)\">grid.csv</a>): "
            + "\(PageText.html(grid.legend(best: "bold:", tied: "italic:", knees: knees)))</p>\n"
        html += "<table class=\"grid\">\n<thead><tr><th>run</th>"
        html +=
            grid.displayValues.map { "<th>\(PageText.html($0))</th>" }.joined() + (knees ? "<th>knee</th>" : "")
            + "</tr></thead>\n<tbody>\n"
        for run in grid.runs.indices {
            html += "<tr><td>\(PageText.html(grid.names[run]))</td>"
            for value in grid.values.indices {
                let cell = PageText.html(grid.cells[run][value])
                switch grid.standings[value][run] {
                case .best: html += "<td class=\"n best\"><strong>\(cell)</strong></td>"
                case .tied: html += "<td class=\"n tied\"><em>\(cell)</em></td>"
                case .behind: html += "<td class=\"n\">\(cell)</td>"
                }
            }
            if knees { html += "<td class=\"n\">\(PageText.html(grid.knees[run].map { grid.displayValues[$0] } ?? "none"))</td>" }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    /// The expectations: the failed ones in a table, then the ones that held as one line with
    /// their table behind a disclosure.
    static func html(expectations outcomes: ResultsTable) -> String {
        let (failed, held, other) = split(outcomes)
        var html = ""
        if !failed.isEmpty {
            html += "<p class=\"problem\">Expectations: \(failed.count) of \(outcomes.rows.count) failed</p>\n"
            html += expectationTable(outcomes.header, failed, failing: true)
        }
        if !other.isEmpty {
            html += "<p class=\"meta\">\(other.count) of \(outcomes.rows.count) not judged</p>\n"
            html += expectationTable(outcomes.header, other, failing: false)
        }
        if !held.isEmpty {
            html += "<details class=\"expect\"><summary>\(PageText.html(heldLine(held.count, of: outcomes.rows.count)))</summary>\n"
            html += expectationTable(outcomes.header, held, failing: false) + "</details>\n"
        }
        return html
    }

    private static func expectationTable(_ header: [String], _ rows: [[String]], failing: Bool) -> String {
        var html = "<table class=\"expect\">\n<thead><tr>" + header.map { "<th>\(PageText.html($0))</th>" }.joined()
        html += "</tr></thead>\n<tbody>\n"
        for row in rows {
            html += (failing ? "<tr class=\"failed\">" : "<tr>") + row.map { "<td>\(PageText.html($0))</td>" }.joined() + "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    private static func htmlTable(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        var html = "<table>\n<thead><tr>" + header.map { "<th>\(PageText.html($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for row in rows.dropFirst() {
            html +=
                "<tr>"
                + row.map { cell in
                    SummaryExcerpt.isNumeric(cell) ? "<td class=\"n\">\(PageText.html(cell))</td>" : "<td>\(PageText.html(cell))</td>"
                }.joined() + "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    // MARK: - Markdown

    /// The answer in Markdown.
    static func markdown(_ decision: Decision, scenario: String) -> String {
        let summary = DecisionSummary(decision)
        var text = "**Answer:** \(PageText.markdown(summary.answer))\n\n"
        text += "Goal: \(PageText.markdown(summary.question)) ([decision.csv](\(PageText.url(scenario, Decision.fileName)))).\n\n"
        text += markdownTable(summary.perRun)
        if decision.sweepKey != nil || decision.runs.count > 1 {
            text += "\n\(PageText.markdown(summary.perValueTitle)):\n\n"
            let rows = summary.perValue.map { [$0.value, DecisionSummary.group(best: $0.best, tied: $0.tied, runs: decision.runs.count)] }
            text += markdownTable([[decision.sweepKey ?? "", "best"]] + rows)
        }
        for note in summary.notes {
            text += "\nNote: \(PageText.markdown(note)).\n"
        }
        return text + "\n"
    }

    /// The grid in Markdown: the best in bold, the tied in italics.
    static func markdown(_ grid: DecisionGrid, scenario: String, knees: Bool) -> String {
        var text =
            "Grid ([grid.csv](\(PageText.url(scenario, DecisionGrid.fileName)))): "
            + "\(PageText.markdown(grid.legend(best: "bold:", tied: "italic:", knees: knees))).\n\n"
        var rows = [["run"] + grid.displayValues + (knees ? ["knee"] : [])]
        for run in grid.runs.indices {
            var row = [grid.names[run]]
            for value in grid.values.indices {
                row.append(grid.cells[run][value])
            }
            if knees { row.append(grid.knees[run].map { grid.displayValues[$0] } ?? "none") }
            rows.append(row)
        }
        text += markdownTable(rows) { row, column in
            guard row > 0, column > 0, column <= grid.values.count else { return nil }
            switch grid.standings[column - 1][row - 1] {
            case .best: return "**"
            case .tied: return "*"
            case .behind: return nil
            }
        }
        return text + "\n"
    }

    /// The expectations in Markdown: failed ones in a table, the ones that held in a
    /// `<details>` block.
    static func markdown(expectations outcomes: ResultsTable) -> String {
        let (failed, held, other) = split(outcomes)
        var text = ""
        if !failed.isEmpty {
            text += "Expectations: \(failed.count) of \(outcomes.rows.count) FAILED.\n\n"
            text += markdownTable([outcomes.header] + failed) + "\n"
        }
        if !other.isEmpty {
            text += "\(other.count) of \(outcomes.rows.count) not judged:\n\n"
            text += markdownTable([outcomes.header] + other) + "\n"
        }
        if !held.isEmpty {
            text += "<details><summary>\(PageText.html(heldLine(held.count, of: outcomes.rows.count)))</summary>\n\n"
            text += markdownTable([outcomes.header] + held) + "\n</details>\n\n"
        }
        return text
    }

    /// A Markdown table of `rows` (the first the header), numeric columns right-aligned; a cell
    /// `emphasis` returns a marker for is wrapped in it (`**`, `*`).
    private static func markdownTable(_ rows: [[String]], emphasis: (Int, Int) -> String? = { _, _ in nil }) -> String {
        guard let header = rows.first else { return "" }
        let body = rows.dropFirst()
        let numeric = header.indices.map { column in
            !body.isEmpty && body.allSatisfy { column < $0.count && ($0[column].isEmpty || SummaryExcerpt.isNumeric($0[column])) }
        }
        var text = "| " + header.map(PageText.markdown).joined(separator: " | ") + " |\n"
        text += "|" + numeric.map { $0 ? " ---: |" : " --- |" }.joined() + "\n"
        for (index, row) in body.enumerated() {
            let cells = row.enumerated().map { column, cell in
                let escaped = PageText.markdown(cell)
                guard !cell.isEmpty, let marker = emphasis(index + 1, column) else { return escaped }
                return marker + escaped + marker
            }
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    // MARK: - Expectations

    /// The rows that failed (`FAILED...`), held (`ok...`) and the others (`not judged...`), each
    /// in file order.
    private static func split(_ outcomes: ResultsTable) -> (failed: [[String]], held: [[String]], other: [[String]]) {
        let results = outcomes.rows.map { outcomes.value("result", in: $0) ?? "" }
        let rows = Array(zip(outcomes.rows, results))
        return (
            rows.filter { $0.1.hasPrefix("FAILED") }.map(\.0), rows.filter { $0.1.hasPrefix("ok") }.map(\.0),
            rows.filter { !$0.1.hasPrefix("FAILED") && !$0.1.hasPrefix("ok") }.map(\.0)
        )
    }

    /// "all 70 expectations held", "67 of 70 expectations held", "1 expectation held".
    static func heldLine(_ held: Int, of total: Int) -> String {
        if held == total { return held == 1 ? "1 expectation held" : "all \(held) expectations held" }
        return "\(held) of \(total) expectations held"
    }
}
