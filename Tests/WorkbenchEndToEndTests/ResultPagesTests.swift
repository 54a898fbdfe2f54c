import Foundation
import Testing

extension EndToEndSecondLine {
    /// What a team reads after `workbench run`: the table it prints and the index pages, as
    /// people read them (byte counts as 2 MiB, no capacity for a policy that holds none, each
    /// reader group's headline columns, text as written); the CSV files keep the raw numbers.
    @Suite("run: the table and the pages a team reads")
    struct ResultPages {
        /// A trace replayed at byte capacities of 1, 2 and 4 MiB.
        static let traceBytes = """
            name: icons
            kind: trace
            description: 64×64 icons, replayed at byte capacities
            generate: {distribution: zipf, alpha: 1.0, objects: 2000, requests: 20000, seed: 42, sizes: pow2}
            cache:
              policies: [lru, fifo]
              capacity_bytes: [1048576, 2097152, 4194304]
            window: 5000

            """

        /// The lines of `table` (the text printed after a run) as cells split on runs of spaces,
        /// from the line headed by `first` to the first blank line.
        static func rows(_ stdout: String, startingWith first: String) -> [[String]] {
            let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(first) ") }) else { return [] }
            return lines[start...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .map { line in
                    // Cells are two or more spaces apart; a cell may hold one space (2 MiB).
                    line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")
                        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                }
        }

        @Test("a byte capacity is shown as 2 MiB in the terminal table and the page, and kept as 2097152 in summary.csv")
        func byteCapacity() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("icons.yaml", Self.traceBytes)
            let out = dir.path("results")

            let result = cli.run([file.path, "--out", out.path, "--no-plots"], cwd: dir.url, timeout: 600)
            #expect(result.status == 0, "\(transcript(result))")

            let rows = Self.rows(result.stdout, startingWith: "policy")
            let heading = try #require(rows.first, "no table\n\(transcript(result))")
            let column = try #require(heading.firstIndex(of: "capacity_bytes"), "\(heading)")
            #expect(rows.dropFirst().map { $0[column] } == ["1 MiB", "2 MiB", "4 MiB", "1 MiB", "2 MiB", "4 MiB"])
            #expect(!result.stdout.contains("2097152 "), "\(result.stdout)")
            let summary = try CSVFile(contentsOf: out.appendingPathComponent("icons/summary.csv"))
            #expect(summary.column("sweep_value")?.contains("2097152") == true)
            #expect(summary.column("capacity_bytes")?.contains("2097152") == true)
            let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
            let markdown = try String(contentsOf: out.appendingPathComponent("index.md"), encoding: .utf8)
            #expect(html.contains("<td class=\"n\">2 MiB</td>"), "the page's table, right-aligned")
            #expect(markdown.contains("| 2 MiB |"))
            #expect(!html.contains(">2097152<") && !markdown.contains("| 2097152 |"))
        }

        @Test("a policy without a capacity (forever) shows no capacity in a capacity sweep's table and page")
        func noCapacityForForever() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("nav.yaml", EndToEnd.NavigationRun.yaml)
            let out = dir.path("results")

            let result = cli.run(
                [file.path, "--out", out.path, "--no-plots", "--sweep", "cache.capacity=2,3"], cwd: dir.url, timeout: 600)
            #expect(result.status == 0 || result.status == 2, "\(transcript(result))")

            let rows = Self.rows(result.stdout, startingWith: "policy")
            let heading = try #require(rows.first, "no table\n\(transcript(result))")
            let column = try #require(heading.firstIndex(of: "cache.capacity"), "\(heading)")
            let forever = rows.filter { $0.first == "forever" }
            let lru = rows.filter { $0.first == "lru" }
            #expect(forever.count == 2 && forever.allSatisfy { $0[column] == "-" }, "\(forever)")
            #expect(Set(lru.map { $0[column] }) == ["2", "3"], "bounded policies keep their capacity")
            let markdown = try String(contentsOf: out.appendingPathComponent("index.md"), encoding: .utf8)
            let pageRows = markdown.split(separator: "\n").filter { $0.hasPrefix("| forever | - |") }
            #expect(pageRows.count == 2 && pageRows.allSatisfy { $0.hasPrefix("| forever | - | - |") }, "\(pageRows)")
        }

        @Test("each reader group's headline columns (the ui group's throughput and get p99) are in the terminal table")
        func groupHeadlines() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write(
                "chat.yaml",
                """
                name: tiny-chat
                kind: parallel-readers
                seed: 9
                duration: 300ms
                warmup: 100ms
                sample_interval: 100ms
                store: {designs: [rwlock, mutex]}
                keys: 500
                value_size: 32
                distribution: {zipfian: 0.99}
                readers:
                  - {name: ui, threads: 1, mix: {get: 100}, operations: 2000}
                  - {name: background, threads: 1, mix: {get: 98, all_items: 2}, operations: 2000}
                writers:
                  - {name: sync, threads: 1, mix: {set: 80, remove: 20}, rate: 2000, batch: 8}

                """)
            let out = dir.path("results")

            let result = cli.run([file.path, "--out", out.path, "--no-plots"], cwd: dir.url, timeout: 600)
            #expect(result.status == 0, "\(transcript(result))")

            let rows = Self.rows(result.stdout, startingWith: "policy")
            let heading = try #require(rows.first, "no table\n\(transcript(result))")
            for column in [
                "ui_ops_per_s", "ui_get_p99_ns", "background_ops_per_s", "background_get_p99_ns", "sync_ops_per_s",
                "sync_set_p99_ns",
            ] {
                #expect(heading.contains(column), "\(column) in \(heading)")
            }
            let summary = try CSVFile(contentsOf: out.appendingPathComponent("tiny-chat/summary.csv"))
            let p99 = try #require(heading.firstIndex(of: "ui_get_p99_ns"))
            #expect(rows.dropFirst().map { $0[p99] } == summary.records.map { $0["ui_get_p99_ns"] ?? "" })
            let markdown = try String(contentsOf: out.appendingPathComponent("index.md"), encoding: .utf8)
            #expect(markdown.contains("ui\\_get\\_p99\\_ns"), "on the page too")
        }

        @Test("non-ASCII text (64×64) is written to the results' scenario.yaml and shown on the page as written")
        func textAsWritten() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("icons.yaml", Self.traceBytes)
            let out = dir.path("results")

            let result = cli.run([file.path, "--out", out.path, "--no-plots"], cwd: dir.url, timeout: 600)
            #expect(result.status == 0, "\(transcript(result))")

            let yaml = try String(contentsOf: out.appendingPathComponent("icons/scenario.yaml"), encoding: .utf8)
            #expect(yaml.contains("64×64 icons"), "\(yaml)")
            let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
            let markdown = try String(contentsOf: out.appendingPathComponent("index.md"), encoding: .utf8)
            #expect(html.contains("<p class=\"description\">64×64 icons, replayed at byte capacities</p>"))
            #expect(markdown.contains("64×64 icons"))
            #expect(!html.contains("\\xD7") && !markdown.contains("xD7"))
        }
    }
}
