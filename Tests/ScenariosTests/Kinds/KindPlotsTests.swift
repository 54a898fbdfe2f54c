import Foundation
import Report
import Testing

@testable import Scenarios

/// A kind's plots are declared in its folder and drawn by generic scripts: nothing outside the
/// registry and the kinds' folders branches on a kind, `scripts/` included.
@Suite("Kinds: plots are declared by each kind, scripts and Report hold no switch over kinds")
struct KindPlotsTests {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Report's plot tests read each built-in kind's `plots.csv` from here.
    static let fixtures = root.appendingPathComponent("Tests/ReportTests/Plots/Fixtures")

    /// A kind's folder under `Sources/Scenarios/`: `scrolling-table` → `ScrollingTable`.
    static func folder(of kind: KindName) -> String {
        kind.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The lines of `text` that branch on a scenario kind: a kind compared with a literal
    /// (`kind eq "drawing"`, `kind == .drawing`), a `case` of a kind's constant, or a kind's
    /// name in quotes on a line with a comparison or a condition (a shell test `[ ... ]` too).
    static func kindSwitches(in text: String, kinds: [KindName]) -> [String] {
        let names = kinds.map(\.rawValue)
        let constants = kinds.map { kind in
            let folder = folder(of: kind)
            return folder.prefix(1).lowercased() + folder.dropFirst()
        }
        let comparison = #/\bkind\w*\s*(eq|ne|==|!=)\s*["'.]/#
        let condition = #/==|!=|\beq\b|\bne\b|\bcase\b|\bif\b|\[ /#
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            if line.contains(comparison) {
                return true
            }
            if constants.contains(where: { line.contains("case .\($0)") }) {
                return true
            }
            let quoted = names.contains { line.contains("\"\($0)\"") || line.contains("'\($0)'") }
            return quoted && line.contains(condition)
        }
    }

    /// Every file under `Sources/` (but the registry's `Kinds/` and each kind's folder) and
    /// `scripts/`, with the lines that branch on a kind.
    static func switchesInPackage() throws -> [String] {
        let kinds = KindRegistry.builtIn.map { $0.kind }
        let excluded = (["Kinds"] + kinds.map(folder(of:))).map { root.appendingPathComponent("Sources/Scenarios/\($0)/").path }
        var found: [String] = []
        for top in ["Sources", "scripts"] {
            let base = root.appendingPathComponent(top)
            guard let files = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let relative as String in files {
                let path = base.appendingPathComponent(relative).path
                guard !excluded.contains(where: { path.hasPrefix($0) }),
                    let text = try? String(contentsOfFile: path, encoding: .utf8)
                else { continue }
                found += kindSwitches(in: text, kinds: kinds).map { "\(top)/\(relative): \($0)" }
            }
        }
        return found
    }

    @Test("no switch over kinds outside the registry and the kinds' own folders: Sources/ and scripts/ are kind-agnostic")
    func noKindSwitches() throws {
        let found = try Self.switchesInPackage()
        #expect(found.isEmpty, "branches on a scenario kind:\n\(found.joined(separator: "\n"))")
    }

    @Test("the kind-switch check finds what it must: a gnuplot kind test, a case of a kind, a kind's name compared")
    func kindSwitchCheckFails() {
        let kinds = KindRegistry.builtIn.map { $0.kind }
        let text = """
            if (kind eq "drawing") { set format x "%.10g" }
            case .scrollingTable: "instantiations"
            if description.kind == "parallel-readers" {
            [ "$kind" = 'navigation' ] && draw
            lhs.kind == rhs.kind
            let help = "kinds: navigation, drawing"
            """
        #expect(Self.kindSwitches(in: text, kinds: kinds).count == 4)
    }

    @Test(
        "each built-in kind declares its plots in its folder; Report's fixtures hold its plots.csv",
        arguments: KindRegistry.builtIn.map { $0.kind.rawValue })
    func plotsFixture(_ name: String) throws {
        let kind = try #require(KindRegistry.named(name))
        let text = PlotView.render(kind.plots)
        let url = Self.fixtures.appendingPathComponent("\(name).plots.csv")
        if ProcessInfo.processInfo.environment["WORKBENCH_RECORD_GOLDEN"] != nil {
            try AtomicFile.write(text, to: url)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == text, "\(url.path) differs from \(name)'s plot views")
        #expect(try PlotView.parse(text, path: url.path).map(\.name) == kind.plots.map(\.name))
    }

    @Test(
        "every column a built-in kind's plot draws is one of its result columns", arguments: KindRegistry.builtIn.map { $0.kind.rawValue })
    func plotsNameTheirColumns(_ name: String) throws {
        let kind = try #require(KindRegistry.named(name))
        let known = Set((kind.columns.summary + kind.columns.timeseries).map(\.name))
        for view in kind.plots {
            if let metric = view.metric {
                #expect(kind.columns.column(metric) != nil, "\(view.name): metric \(metric) is a summary column")
            }
            let source = view.variables.map(\.source).joined(separator: "; ")
            for match in source.matches(of: #/(?:^|; )(?:left|right|hits|lookups|rate|panel\d+_columns?)='([^']*)'/#) {
                for column in match.output.1.split(separator: " ") {
                    #expect(known.contains(String(column)), "\(name) \(view.name): unknown column \(column)")
                }
            }
        }
    }
}
