import Foundation

/// Renders `results/index.html`: one self-contained HTML page (inline style, no scripts, nothing
/// fetched from elsewhere) linking the scenarios' files by relative URL.
enum HTMLIndex {
    /// The page for `entries`, in their order.
    static func render(_ entries: [ScenarioEntry]) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>workbench results</title>
            <style>
            body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #222; margin: 2rem auto; max-width: 1120px; padding: 0 1rem; }
            h1 { font-size: 1.7rem; margin-bottom: 0.3rem; }
            h2 { font-size: 1.35rem; margin-top: 2.6rem; padding-top: 0.8rem; border-top: 1px solid #ddd; }
            .meta, .files, figcaption, .note { color: #555; font-size: 0.9rem; }
            nav ul { padding-left: 1.2rem; columns: 3; }
            table { border-collapse: collapse; font-size: 0.82rem; margin: 0.8rem 0; display: block; overflow-x: auto; }
            th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; white-space: nowrap; }
            th { background: #f4f4f4; font-weight: 600; white-space: normal; vertical-align: bottom; min-width: 3.5rem; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            tr:nth-child(even) td { background: #fafafa; }
            figure { margin: 1.2rem 0; }
            figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
            .problem, tr.failed td { color: #a00; }
            .description { font-size: 1rem; margin: 0.4rem 0; }
            .record { color: #666; font-size: 0.8rem; }
            .warnings { color: #8a5a00; font-size: 0.9rem; }
            td.unreliable { color: #aaa; }
            .answer { font-size: 1.05rem; margin: 0.6rem 0 0.2rem; }
            td.best { background: #e3f2e6 !important; }
            td.tied { background: #f1f8f2 !important; }
            details { margin: 0.6rem 0; }
            summary { cursor: pointer; color: #555; font-size: 0.9rem; }
            </style>
            </head>
            <body>
            <h1>workbench results</h1>

            """
        let count = entries.count == 1 ? "1 scenario" : "\(entries.count) scenarios"
        page +=
            "<p class=\"meta\">\(count). Plots are drawn from the CSV files by gnuplot; "
            + "<code>scripts/plot.sh DIR</code> redraws them.</p>\n"
        if entries.isEmpty {
            page += "<p class=\"note\">No scenario results here (no <code>*/summary.csv</code>).</p>\n"
        } else {
            page += "<nav><ul>\n"
            for entry in entries {
                page += "<li><a href=\"#\(PageText.html(anchor(entry.name)))\">\(PageText.html(entry.name))</a></li>\n"
            }
            page += "</ul></nav>\n"
        }
        for entry in entries {
            page += section(entry, anchor: anchor(entry.name))
        }
        page += "</body>\n</html>\n"
        return page
    }

    /// The fragment identifier of a scenario: its name (scenario names are `[a-z0-9][a-z0-9_-]*`;
    /// anything else a directory may be called is percent-encoded).
    static func anchor(_ name: String) -> String {
        PageText.url(name)
    }

    private static func section(_ entry: ScenarioEntry, anchor: String) -> String {
        let name = PageText.html(entry.name)
        var html = "\n<section id=\"\(anchor)\">\n<h2>\(name)</h2>\n"
        var meta: [String] = []
        if let kind = entry.kind {
            meta.append(kind)
        }
        if let excerpt = entry.excerpt {
            meta.append(excerpt.rows.count == 1 ? "1 run" : "\(excerpt.rows.count) runs")
        }
        if !meta.isEmpty {
            html += "<p class=\"meta\">\(PageText.html(meta.joined(separator: " · ")))</p>\n"
        }
        if let description = entry.description?.description {
            html += "<p class=\"description\">\(PageText.html(description))</p>\n"
        }
        if let record = entry.description?.record, !record.isEmpty {
            let items = record.map {
                "\(PageText.html($0.key)): \($0.key == "command" ? "<code>\(PageText.html($0.value))</code>" : PageText.html($0.value))"
            }
            html += "<p class=\"record\">\(items.joined(separator: " · "))</p>\n"
        }
        if !entry.warnings.isEmpty {
            html +=
                "<ul class=\"warnings\">\n"
                + entry.warnings.map { "<li>warning: \(PageText.html($0))</li>\n" }.joined() + "</ul>\n"
        }
        // What the results answer comes first: the answer, the grid and the main plot; then the
        // expectations (failed first, those that held collapsed); then the tables and other plots.
        if let decision = entry.decision?.decision {
            html += DecisionSection.html(decision, scenario: entry.name)
        }
        if let grid = entry.decision?.grid {
            html += DecisionSection.html(grid, scenario: entry.name, knees: entry.decision?.decision == nil)
        }
        if let main = entry.mainImage {
            html += figure(main, of: entry)
        }
        if let expectations = entry.expectations {
            html += DecisionSection.html(expectations: expectations)
        }
        if !entry.dataFiles.isEmpty {
            let links = entry.dataFiles.map { file in
                "<a href=\"\(PageText.html(PageText.url(entry.name, file)))\">\(PageText.html(file))</a>"
            }
            html += "<p class=\"files\">Data: \(links.joined(separator: " · "))</p>\n"
        }
        if let excerpt = entry.excerpt {
            html += table(excerpt)
            if let note = excerpt.deviceNote {
                html += "<p class=\"note\">\(PageText.html(note)).</p>\n"
            }
            let summary = PageText.html(PageText.url(entry.name, "summary.csv"))
            html +=
                "<p class=\"note\">The columns a reader needs first; "
                + "<a href=\"\(summary)\">all columns</a> (summary.csv, described in "
                + "<a href=\"\(PageText.html(PageText.url(entry.name, "columns.csv")))\">columns.csv</a>).</p>\n"
        } else if let problem = entry.summaryProblem {
            html += "<p class=\"problem\">summary.csv could not be read: \(PageText.html(problem))</p>\n"
        }
        if entry.images.isEmpty {
            html += "<p class=\"note\">No plots yet: <code>scripts/plot.sh</code> draws them.</p>\n"
        }
        for image in entry.images where image != entry.mainImage {
            html += figure(image, of: entry)
        }
        html += "</section>\n"
        return html
    }

    /// A plot of the scenario, its caption naming the view and linking its other formats.
    private static func figure(_ image: String, of entry: ScenarioEntry) -> String {
        let view = String(image.dropLast(4))
        let source = PageText.html(PageText.url(entry.name, image))
        var caption = PageText.html(view)
        let others = (entry.alternates[image] ?? []).map { format in
            let label = format == "txt" ? "text" : format.uppercased()
            return "<a href=\"\(PageText.html(PageText.url(entry.name, "\(view).\(format)")))\">\(label)</a>"
        }
        if !others.isEmpty {
            caption += " (also as " + others.joined(separator: ", ") + ")"
        }
        return "<figure><img src=\"\(source)\" alt=\"\(PageText.html(entry.name)): \(PageText.html(view))\" loading=\"lazy\">"
            + "<figcaption>\(caption)</figcaption></figure>\n"
    }

    private static func table(_ excerpt: SummaryExcerpt) -> String {
        var html = "<table>\n<thead><tr>"
        for heading in excerpt.headings {
            // Long column names may wrap after an underscore or a dot.
            let breakable = PageText.html(heading)
                .replacingOccurrences(of: "_", with: "_<wbr>")
                .replacingOccurrences(of: ".", with: ".<wbr>")
            html += "<th>\(breakable)</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for (rowIndex, row) in excerpt.rows.enumerated() {
            html += "<tr>"
            for (column, cell) in row.enumerated() {
                var classes = SummaryExcerpt.isNumeric(cell) ? ["n"] : []
                // An unreliable percentile: greyed, the reason on hover.
                let reason = excerpt.unreliable[rowIndex][column]
                var title = ""
                if let reason {
                    classes.append("unreliable")
                    title = " title=\"\(PageText.html(reason))\""
                }
                html += classes.isEmpty ? "<td\(title)>" : "<td class=\"\(classes.joined(separator: " "))\"\(title)>"
                html += PageText.html(cell) + "</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n"
        if excerpt.hasUnreliable {
            html += "<p class=\"note\">\(PageText.html(SummaryExcerpt.unreliableNote)) (greyed; the reason on hover).</p>\n"
        }
        return html
    }
}
