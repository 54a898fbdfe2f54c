import Foundation
import Testing

extension EndToEnd {
    /// One tie rule, read back from every place that shows it: a seeded sweep's grid and answer in
    /// the terminal, `grid.csv`, `decision.csv` and both index pages.
    @Suite("ties: one rule wherever the answer is shown")
    struct TieRuleAgreement {
        /// Who is best and who is tied at one sweep value, as one place shows it.
        struct Marks: Equatable, CustomStringConvertible {
            var best: Set<String> = []
            var tied: Set<String> = []

            var description: String { "best [\(best.sorted().joined(separator: ", "))] tied [\(tied.sorted().joined(separator: ", "))]" }
        }

        /// Per sweep value, what one place shows.
        typealias Standings = [String: Marks]

        @Test(
            "the grid, the printed answer, decision.csv and the index page of a seeded sweep agree run for run on who is best and who is tied"
        )
        func everyPlaceAgrees() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let out = dir.path("R")
            let run = cli.run(
                [
                    "run", "scenarios/capacity-sweep.yaml", "--seeds", "7", "--policy", "lru,fifo,optimal", "--out", out.path,
                    "--no-plots",
                ],
                cwd: CLI.packageRoot)
            #expect(run.status == 0, "\(transcript(run))")
            let scenario = out.appendingPathComponent("capacity-sweep")
            let values = ["2", "4", "8", "12", "16", "24", "32"]
            let runs = ["lru/repopulate", "fifo/repopulate", "optimal/repopulate"]

            let decision = try Self.decisionCSV(CSVFile(contentsOf: scenario.appendingPathComponent("decision.csv")))
            let sources: [(String, Standings)] = [
                ("the terminal's grid", try Self.terminalGrid(run.stdout)),
                ("the terminal's answer", try Self.terminalAnswer(run.stdout, runs: runs)),
                ("grid.csv", try Self.gridCSV(CSVFile(contentsOf: scenario.appendingPathComponent("grid.csv")))),
                ("index.md's grid", try Self.markdownGrid(String(contentsOf: out.appendingPathComponent("index.md"), encoding: .utf8))),
                (
                    "index.md's answer",
                    try Self.markdownAnswer(String(contentsOf: out.appendingPathComponent("index.md"), encoding: .utf8), runs: runs)
                ),
                ("index.html's grid", try Self.htmlGrid(String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8))),
            ]

            // decision.csv names a best or a tied group at every sweep value, from the runs only.
            #expect(decision.keys.sorted() == values.sorted(), "\(decision)")
            for value in values {
                let marks = decision[value] ?? Marks()
                #expect(!marks.best.isEmpty || !marks.tied.isEmpty, "\(value): \(marks)")
                #expect(marks.best.isDisjoint(with: marks.tied), "\(value): \(marks)")
                #expect(marks.best.union(marks.tied).isSubset(of: runs), "\(value): \(marks)")
                #expect(marks.tied.count != 1, "\(value): a tied group has at least two runs: \(marks)")
            }
            // Seven seeds: some values name a best (optimal beats the others in every seed), some a group.
            #expect(values.contains { decision[$0]?.best.isEmpty == false }, "\(decision)")
            #expect(values.contains { decision[$0]?.tied.isEmpty == false }, "\(decision)")
            for (name, standings) in sources {
                for value in values {
                    #expect(
                        standings[value] == decision[value],
                        "\(name) at cache.capacity \(value): \(standings[value].map(\.description) ?? "nothing") against decision.csv's \(decision[value]?.description ?? "nothing")"
                    )
                }
                #expect(standings.keys.sorted() == values.sorted(), "\(name): \(standings.keys.sorted())")
            }
        }

        // MARK: - Reading each place

        /// `decision.csv`: the `standing` of each run (`policy/in_use`) at each `sweep_value`.
        static func decisionCSV(_ file: CSVFile) throws -> Standings {
            var standings: Standings = [:]
            for record in file.records {
                let value = try #require(record["sweep_value"])
                let run = "\(record["policy"] ?? "?")/\(record["in_use"] ?? "?")"
                var marks = standings[value] ?? Marks()
                switch record["standing"] {
                case "best": marks.best.insert(run)
                case "tied": marks.tied.insert(run)
                case "": break
                case let other: Issue.record("decision.csv: standing '\(other ?? "nil")' for \(run) at \(value)")
                }
                standings[value] = marks
            }
            return standings
        }

        /// `grid.csv`: its `best` and `tied` rows, runs space-separated under each sweep value.
        static func gridCSV(_ file: CSVFile) throws -> Standings {
            let best = try #require(file.rows.first { $0.first == "best" }, "grid.csv has no best row")
            let tied = try #require(file.rows.first { $0.first == "tied" }, "grid.csv has no tied row")
            var standings: Standings = [:]
            for (column, value) in file.header.enumerated().dropFirst() where value != "knee" {
                func runs(_ row: [String]) -> Set<String> {
                    column < row.count ? Set(row[column].split(separator: " ").map(String.init)) : []
                }
                standings[value] = Marks(best: runs(best), tied: runs(tied))
            }
            return standings
        }

        /// The terminal's grid: the rows under the header after the legend, a best value followed
        /// by `*`, a tied one by `=`.
        static func terminalGrid(_ stdout: String) throws -> Standings {
            let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let legend = try #require(lines.firstIndex { $0.hasPrefix("  hit_rate by cache.capacity") }, "no grid in:\n\(stdout)")
            let header = lines[legend + 1].split(separator: " ").map(String.init)
            try #require(header.first == "run", "\(lines[legend + 1])")
            var standings: Standings = [:]
            for value in header.dropFirst() where value != "knee" { standings[value] = Marks() }
            for line in lines[(legend + 2)...] {
                guard line.hasPrefix("  "), !line.hasPrefix("   ") else { break }
                let cells = line.split(separator: " ").map(String.init)
                for (value, cell) in zip(header.dropFirst(), cells.dropFirst()) where value != "knee" {
                    if cell.hasSuffix("*") { standings[value]?.best.insert(cells[0]) }
                    if cell.hasSuffix("=") { standings[value]?.tied.insert(cells[0]) }
                }
            }
            return standings
        }

        /// The terminal's answer: one line per sweep value under `best hit_rate (...) at each
        /// cache.capacity:`, the value then its group.
        static func terminalAnswer(_ stdout: String, runs: [String]) throws -> Standings {
            let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let title = try #require(lines.firstIndex { $0.hasPrefix("  best hit_rate (") }, "no answer in:\n\(stdout)")
            var standings: Standings = [:]
            for line in lines[(title + 1)...] {
                guard line.hasPrefix("    ") else { break }
                let trimmed = line.drop { $0 == " " }
                let value = String(trimmed.prefix { $0 != " " })
                let group = trimmed.dropFirst(value.count).drop { $0 == " " }
                standings[value] = try Self.group(String(group), runs: runs)
            }
            return standings
        }

        /// `index.md`'s answer: the table under `best hit\_rate (...)`, a row per sweep value.
        static func markdownAnswer(_ page: String, runs: [String]) throws -> Standings {
            let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let title = try #require(lines.firstIndex { $0.hasPrefix("best hit\\_rate (") }, "no answer in index.md")
            var standings: Standings = [:]
            // The title, a blank line, the header and its rule, then the rows.
            for line in lines[(title + 4)...] {
                guard line.hasPrefix("| ") else { break }
                let cells = Self.markdownCells(line)
                try #require(cells.count == 2, "\(line)")
                standings[cells[0]] = try Self.group(cells[1], runs: runs)
            }
            return standings
        }

        /// `index.md`'s grid: the table after `Grid ([grid.csv]...`, the best bold, the tied in italics.
        static func markdownGrid(_ page: String) throws -> Standings {
            let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let title = try #require(lines.firstIndex { $0.hasPrefix("Grid ([grid.csv]") }, "no grid in index.md")
            let header = Self.markdownCells(lines[title + 2])
            try #require(header.first == "run", "\(lines[title + 2])")
            var standings: Standings = [:]
            for value in header.dropFirst() where value != "knee" { standings[value] = Marks() }
            for line in lines[(title + 4)...] {
                guard line.hasPrefix("| ") else { break }
                let cells = Self.markdownCells(line)
                for (value, cell) in zip(header.dropFirst(), cells.dropFirst()) where value != "knee" {
                    if cell.hasPrefix("**") && cell.hasSuffix("**") {
                        standings[value]?.best.insert(cells[0])
                    } else if cell.hasPrefix("*") && cell.hasSuffix("*") {
                        standings[value]?.tied.insert(cells[0])
                    }
                }
            }
            return standings
        }

        /// `index.html`'s grid: `<table class="grid">`, a best cell `class="n best"`, a tied one
        /// `class="n tied"`.
        static func htmlGrid(_ page: String) throws -> Standings {
            let start = try #require(page.range(of: "<table class=\"grid\">"), "no grid in index.html")
            let end = try #require(page.range(of: "</table>", range: start.upperBound..<page.endIndex))
            let table = page[start.upperBound..<end.lowerBound]
            let headRow = try #require(table.components(separatedBy: "</thead>").first)
            let header = headRow.components(separatedBy: "<th>").dropFirst().map { $0.components(separatedBy: "</th>")[0] }
            try #require(header.first == "run", "\(headRow)")
            var standings: Standings = [:]
            for value in header.dropFirst() where value != "knee" { standings[value] = Marks() }
            for row in table.components(separatedBy: "<tr>").dropFirst(2) {
                let cells = row.components(separatedBy: "<td").dropFirst().map { String($0) }
                guard let name = cells.first?.components(separatedBy: ">").dropFirst().first?.components(separatedBy: "<").first
                else { continue }
                for (value, cell) in zip(header.dropFirst(), cells.dropFirst()) where value != "knee" {
                    if cell.hasPrefix(" class=\"n best\"") { standings[value]?.best.insert(name) }
                    if cell.hasPrefix(" class=\"n tied\"") { standings[value]?.tied.insert(name) }
                }
            }
            return standings
        }

        /// A Markdown table row's cells, trimmed and unescaped.
        static func markdownCells(_ line: String) -> [String] {
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { cell in
                var text = ""
                var escaped = false
                for character in cell.trimmingCharacters(in: .whitespaces) {
                    if character == "\\", !escaped {
                        escaped = true
                        continue
                    }
                    escaped = false
                    text.append(character)
                }
                return text
            }
        }

        /// A sweep value's group as the answer words it: `optimal/repopulate`, `a, b (equal)`,
        /// `all 3 runs (equal)`, `tied: a, b`, `all 3 runs tied`, a best followed by `; tied: a`
        /// or `; all others tied`.
        static func group(_ text: String, runs: [String]) throws -> Marks {
            func names(_ list: Substring) -> Set<String> {
                Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            }
            if text == "all \(runs.count) runs tied" { return Marks(tied: Set(runs)) }
            if text.hasPrefix("tied: ") { return Marks(tied: names(text.dropFirst("tied: ".count))) }
            let parts = text.components(separatedBy: "; ")
            var marks = Marks()
            let best = parts[0]
            if best == "all \(runs.count) runs (equal)" {
                marks.best = Set(runs)
            } else if best.hasSuffix(" (equal)") {
                marks.best = names(best.dropLast(" (equal)".count)[...])
            } else if best != "none" {
                marks.best = [best]
            }
            if parts.count > 1 {
                if parts[1] == "all others tied" {
                    marks.tied = Set(runs).subtracting(marks.best)
                } else {
                    try #require(parts[1].hasPrefix("tied: "), "\(text)")
                    marks.tied = names(parts[1].dropFirst("tied: ".count))
                }
            }
            return marks
        }
    }
}
