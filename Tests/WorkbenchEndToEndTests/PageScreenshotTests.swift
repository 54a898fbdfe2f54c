import Foundation
import Models
import Report
import Testing

/// A headless Chromium (`chromium`, or `chromium-browser`) on `PATH`, or nil.
private let chromium: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for name in ["chromium", "chromium-browser"] {
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
    }
    return nil
}()

extension EndToEndSecondLine {
    /// The page a team opens, rendered by a real browser: one shipped scenario per kind, run
    /// briefly, its `index.html` screenshot by headless Chromium. CI installs chromium (`.ci/run`,
    /// `make deps`); without it the suite is skipped, saying so.
    @Suite(
        "run: the index page renders in a browser, one scenario per kind", .serialized,
        .enabled(if: chromium != nil, "chromium is not installed (make deps installs it): the page is not screenshot"))
    struct PageScreenshot {
        /// A shipped scenario of each kind.
        static let scenarios = [
            "scrolling-table": "feed", "navigation": "four-tab-app", "drawing": "toolbar-buttons",
            "parallel-readers": "chat-store", "trace": "trace-a",
        ]

        /// The relative files `html` references (`src` and `href` values that are neither
        /// fragments nor absolute URLs), percent-decoded and entity-decoded.
        static func references(_ html: String) -> [String] {
            var found: [String] = []
            for attribute in ["src=\"", "href=\""] {
                var rest = Substring(html)
                while let start = rest.range(of: attribute) {
                    rest = rest[start.upperBound...]
                    guard let end = rest.firstIndex(of: "\"") else { break }
                    let value = String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
                    rest = rest[end...]
                    if value.hasPrefix("#") || value.contains("://") || value.hasPrefix("mailto:") { continue }
                    found.append(value.removingPercentEncoding ?? value)
                }
            }
            return found
        }

        @Test(
            "the page of a short run renders to a PNG that is not blank, and every file it references exists",
            arguments: scenarios.keys.sorted())
        func screenshot(kind: String) throws {
            let cli = try workbench()
            let browser = try #require(chromium)
            let dir = try TempDir()
            defer { dir.remove() }
            let name = try #require(Self.scenarios[kind])
            let file = CLI.packageRoot.appendingPathComponent("scenarios/\(name).yaml")
            let out = dir.path("results")

            // Short runs; expectations written for the full duration may fail (exit 2): the
            // results and the pages are written all the same.
            let result = cli.run([file.path, "--out", out.path, "--max-duration", "2s", "-q"], cwd: dir.url, timeout: 900)
            #expect(result.status == 0 || result.status == 2, "\(transcript(result))")
            let page = out.appendingPathComponent("index.html")
            let html = try String(contentsOf: page, encoding: .utf8)

            // No broken image or link: every relative reference is a file of the results.
            let references = Self.references(html)
            #expect(references.contains { $0.hasSuffix(".png") } || !Plotter.isGnuplotAvailable, "the page shows plots")
            for reference in references {
                #expect(
                    FileManager.default.fileExists(atPath: out.appendingPathComponent(reference).path),
                    "\(kind): index.html references \(reference), which is missing")
            }

            let shot = dir.path("page.png")
            let browserRun = CLI(executable: browser).run(
                [
                    "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--screenshot=\(shot.path)",
                    "--window-size=1280,4000", "--virtual-time-budget=10000", page.absoluteString,
                ], cwd: dir.url, timeout: 300, environment: ["HOME": dir.url.path])
            #expect(browserRun.status == 0, "\(transcript(browserRun))")
            let bytes = try [UInt8](Data(contentsOf: shot))
            let image = try PNGFile.decode(bytes).bitmap
            #expect(image.width == 1280 && image.height == 4000, "\(image.width)×\(image.height)")

            // Not blank: many colours (text, tables, plots), and a fair share of the page inked.
            let pixels = image.unpremultipliedPixels()
            var colours = Set<UInt32>()
            var inked = 0
            for offset in stride(from: 0, to: pixels.count, by: 4 * 7) {
                let (red, green, blue) = (pixels[offset], pixels[offset + 1], pixels[offset + 2])
                colours.insert(UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
                if Int(red) + Int(green) + Int(blue) < 600 { inked += 1 }
            }
            #expect(colours.count >= 32, "\(kind): \(colours.count) colours")
            #expect(inked * 7 * 4 * 100 >= pixels.count, "\(kind): at least 1% of the page inked")
        }
    }
}
