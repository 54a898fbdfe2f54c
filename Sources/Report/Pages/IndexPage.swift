import Foundation

/// Writes the index pages of a results directory: `index.html` and `index.md`, one section per
/// scenario with its PNG plots, an excerpt of its summary table and links to its CSV files.
///
/// Scenario directories are the sub-directories holding a `summary.csv` (hidden ones skipped),
/// sorted by name. Links and image sources are relative (`feed/hit_rate.png`), so the pages work
/// wherever the directory is copied; the HTML page is self-contained otherwise (inline style, no
/// scripts). Names and values are escaped (HTML entities, Markdown backslashes, percent-encoded
/// URLs). A summary that cannot be read is reported in its section instead of failing the
/// pages. The pages carry no timestamp: identical results give identical pages.
public enum IndexPage {
    /// The HTML page's file name.
    public static let htmlFileName = "index.html"
    /// The Markdown page's file name.
    public static let markdownFileName = "index.md"

    /// Writes `index.html` and `index.md` into `resultsDirectory`, each atomically
    /// (``AtomicFile``), and returns their URLs (HTML first). Plots are not drawn here: the
    /// pages show the PNG files present (see ``Plotter``).
    ///
    /// - Throws: ``PageError/unreadableDirectory(path:reason:)`` when the directory cannot be
    ///   listed; ``PageError/writeFailed(path:reason:)`` when a page cannot be written (the HTML
    ///   page stays written when the Markdown one fails).
    @discardableResult
    public static func write(resultsDirectory: URL) throws -> [URL] {
        let entries = try ScenarioEntry.all(in: resultsDirectory)
        let pages = [
            (resultsDirectory.appendingPathComponent(htmlFileName, isDirectory: false), HTMLIndex.render(entries)),
            (resultsDirectory.appendingPathComponent(markdownFileName, isDirectory: false), MarkdownIndex.render(entries)),
        ]
        for (url, text) in pages {
            do {
                try AtomicFile.write(text, to: url)
            } catch let ReportError.writeFailed(path, reason) {
                throw PageError.writeFailed(path: path, reason: reason)
            } catch {
                throw PageError.writeFailed(path: url.path, reason: "\(error)")
            }
        }
        return pages.map(\.0)
    }
}
