import Foundation
import Testing

extension EndToEndSecondLine {
    @Suite("compare --counts-only")
    struct CompareCountsOnly {
        @Test("compare --counts-only compares the counts alone: the same report on every run, exit 2 on a count regression")
        func countsOnly() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            for (out, capacity) in [("base", "6"), ("smaller", "2")] {
                let run = cli.run(["run", file.path, "--set", "cache.capacity=\(capacity)", "--out", dir.path(out).path, "--quiet", "--no-plots"])
                #expect(run.status == 0, "\(transcript(run))")
            }
            let first = cli.run(["compare", dir.path("base").path, dir.path("smaller").path, "--summary", "--counts-only"])
            let second = cli.run(["compare", dir.path("base").path, dir.path("smaller").path, "--summary", "--counts-only"])
            #expect(first.status == 2, "\(transcript(first))")
            #expect(first.stdout == second.stdout)
            #expect(!first.stdout.contains("measured metrics not judged") && !first.stdout.contains("_ns"), "\(transcript(first))")
            #expect(first.stdout.contains("configuration changed: capacity 6 → 2"), "\(transcript(first))")
        }
    }
}
