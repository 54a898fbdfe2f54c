/// Renders `results/index.md`: the index page in (GitHub-flavoured) Markdown, with the same
/// sections as `index.html` and the PNG plots as images.
enum MarkdownIndex {
    /// The page for `entries`, in their order.
    static func render(_ entries: [ScenarioEntry]) -> String {
        var page = "# workbench results\n\n"
        let count = entries.count == 1 ? "1 scenario" : "\(entries.count) scenarios"
        page += "\(count). Plots are drawn from the CSV files by gnuplot; `scripts/plot.sh DIR` redraws them.\n"
        if entries.isEmpty {
            page += "\nNo scenario results here (no `*/summary.csv`).\n"
        }
        for entry in entries {
            page += section(entry)
        }
        return page
    }

    private static func section(_ entry: ScenarioEntry) -> String {
        var text = "\n## \(PageText.markdown(entry.name))\n\n"
        var meta: [String] = []
        if let kind = entry.kind {
            meta.append(kind)
        }
        if let excerpt = entry.excerpt {
            meta.append(excerpt.rows.count == 1 ? "1 run" : "\(excerpt.rows.count) runs")
        }
        if !meta.isEmpty {
            text += PageText.markdown(meta.joined(separator: ", ")) + ".\n\n"
        }
        if let description = entry.description?.description {
            text += PageText.markdown(description) + "\n\n"
        }
        if let record = entry.description?.record, !record.isEmpty {
            text += record.map { "\($0.key): \(PageText.markdown($0.value))" }.joined(separator: " · ") + "\n\n"
        }
        if !entry.warnings.isEmpty {
            text += entry.warnings.map { "- warning: \(PageText.markdown($0))\n" }.joined() + "\n"
        }
        // What the results answer comes first: the answer, the grid and the main plot; then the
        // expectations (failed first, those that held collapsed); then the tables and other plots.
        if let decision = entry.decision?.decision {
            text += DecisionSection.markdown(decision, scenario: entry.name)
        }
        if let grid = entry.decision?.grid {
            text += DecisionSection.markdown(grid, scenario: entry.name, knees: entry.decision?.decision == nil)
        }
        if let main = entry.mainImage {
            text += image(main, of: entry)
        }
        if let expectations = entry.expectations {
            text += DecisionSection.markdown(expectations: expectations)
        }
        if !entry.dataFiles.isEmpty {
            let links = entry.dataFiles.map { file in
                "[\(PageText.markdown(file))](\(PageText.url(entry.name, file)))"
            }
            text += "Data: \(links.joined(separator: " · "))\n\n"
        }
        if let excerpt = entry.excerpt {
            text += table(excerpt)
            if let note = excerpt.deviceNote {
                text += "\n\(PageText.markdown(note)).\n"
            }
            text +=
                "\nThe columns a reader needs first; [all columns](\(PageText.url(entry.name, "summary.csv"))) "
                + "(described in [columns.csv](\(PageText.url(entry.name, "columns.csv")))).\n\n"
        } else if let problem = entry.summaryProblem {
            text += "summary.csv could not be read: \(PageText.markdown(problem))\n\n"
        }
        if entry.images.isEmpty {
            text += "No plots yet: `scripts/plot.sh` draws them.\n"
        }
        for image in entry.images where image != entry.mainImage {
            text += self.image(image, of: entry)
        }
        return text
    }

    /// A plot of the scenario as a Markdown image.
    private static func image(_ image: String, of entry: ScenarioEntry) -> String {
        let view = String(image.dropLast(4))
        return "![\(PageText.markdown("\(entry.name): \(view)"))](\(PageText.url(entry.name, image)))\n\n"
    }

    private static func table(_ excerpt: SummaryExcerpt) -> String {
        guard !excerpt.headings.isEmpty else {
            return ""
        }
        var text = "| " + excerpt.headings.map(PageText.markdown).joined(separator: " | ") + " |\n"
        let numeric = excerpt.headings.indices.map { column in
            !excerpt.rows.isEmpty && excerpt.rows.allSatisfy { SummaryExcerpt.isNumeric($0[column]) }
        }
        text += "|" + numeric.map { $0 ? " ---: |" : " --- |" }.joined() + "\n"
        for (rowIndex, row) in excerpt.rows.enumerated() {
            // An unreliable percentile in italics.
            let cells = row.enumerated().map { column, cell in
                excerpt.unreliable[rowIndex][column] == nil || cell.isEmpty ? PageText.markdown(cell) : "*\(PageText.markdown(cell))*"
            }
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        if excerpt.hasUnreliable {
            text += "\n" + SummaryExcerpt.unreliableNote + " (in italics).\n"
        }
        return text
    }
}
