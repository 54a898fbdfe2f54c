import Foundation
import Testing

extension EndToEnd {
    /// A measured question asked of two runs of one scenario on a loaded machine: the tie rule's
    /// promise that the answers agree, or say they cannot decide.
    @Suite("decide: a measured minimum, run twice")
    struct CartStoreDecision {
        /// A shopping app's cart store: the UI thread reads the visible lines at the start of every
        /// frame (12 reads per 60 fps frame), two background threads read in bulk, closed loop, and
        /// the sync engine writes in bursts; every built-in design, five repetitions each.
        static let yaml = """
            version: 1
            name: cart-store
            kind: parallel-readers
            seed: 35
            duration: 200ms
            warmup: 50ms
            sample_interval: 100ms
            repeat: 5
            store:
              designs: [gcd-barrier, rwlock, mutex, big-reader, left-right, replicated, optimistic]
            keys: 500
            value_size: 256
            distribution: {latest: 0.99}
            readers:
              - name: ui
                threads: 1
                mix: {get: 100}
                rate: 6000
                bursts: {every: 16.667ms, length: 2ms}
              - name: bulk
                threads: 2
                mix: {get: 98, all_items: 2}
                operations: 5000
                distribution: uniform
            writers:
              - name: sync
                threads: 1
                mix: {set: 80, bulk_add: 15, remove: 5}
                rate: 2000
                bursts: {every: 100ms, length: 20ms}
                batch: 20

            """

        /// The designs, in the file's order.
        static let designs = ["gcd-barrier", "rwlock", "mutex", "big-reader", "left-right", "replicated", "optimistic"]

        /// What one answer names: a best design, a tied group, or neither (no design meets the
        /// goal, or the repetitions cannot decide it).
        struct Answer: Equatable, CustomStringConvertible {
            /// The best design, when the test separates it from every other.
            var best: String?
            /// The tied group: the designs the test does not separate (empty with a best).
            var tied: Set<String>
            /// The best, or the tied group's leader: its design with the smallest value.
            var leader: String?
            /// The answer line as printed.
            var line: String
            /// The designs whose goal the repetitions cannot decide (`meets_goal` `undecided`):
            /// the answer leaves them out, and a note says so.
            var undecidedGoal: Set<String> = []

            var description: String { line }
            /// Whether it names neither a best nor a group.
            var undecided: Bool { best == nil && tied.isEmpty }
            /// The designs it holds possible: the best alone, or the tied group.
            var group: Set<String> { best.map { [$0] } ?? tied }
        }

        @Test(
            "the cart store run twice: decide --minimize ui_get_p99_ns gives answers that agree (each run's best inside the other's tied group), or says it cannot decide"
        )
        func twoRunsAgree() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("cart-store.yaml", Self.yaml)
            // The two runs at the same time: whatever load the machine has, both see it. One after
            // the other, a job starting or ending between them moves every design's p99, and the
            // two runs then answer two different machines' questions. Each run's repetitions one
            // after another in one process (`--in-process`).
            let names = ["first", "second"]
            let runs = RunPair()
            DispatchQueue.concurrentPerform(iterations: names.count) { index in
                let out = dir.path(names[index])
                runs.set(index, cli.run([file.path, "--out", out.path, "--no-plots", "--quiet", "--in-process"], cwd: dir.url))
            }
            var answers: [Answer] = []
            for (index, name) in names.enumerated() {
                let out = dir.path(name)
                let run = try #require(runs.get(index))
                #expect(run.status == 0, "\(transcript(run))")
                let summary = try CSVFile(contentsOf: out.appendingPathComponent("cart-store/summary.csv"))
                #expect(summary.records.map { $0["policy"] ?? "?" } == Self.designs)
                #expect(summary.records.allSatisfy { $0["ui_total_ops"] == "144" }, "12 reads in each of 12 frames")

                let decided = cli.run(["decide", out.path, "--goal", "ui_get_p99_ns<16667000", "--minimize", "ui_get_p99_ns"])
                #expect(decided.status == 0, "\(transcript(decided))")
                var answer = try Self.answer(decided.stdout)
                let beside = out.appendingPathComponent("cart-store/decision-ui_get_p99_ns-lt-16667000-share-0.95-min-ui_get_p99_ns.csv")
                let written = try CSVFile(contentsOf: beside)
                let inAnswer = Set(written.records.filter { $0["answer"] == "true" }.compactMap { $0["policy"] })
                #expect(inAnswer == answer.group, "decision-<question>.csv names the printed answer's designs")
                answer.undecidedGoal = Set(written.records.filter { $0["meets_goal"] == "undecided" }.compactMap { $0["policy"] })
                if !answer.undecidedGoal.isEmpty {
                    #expect(decided.stdout.contains("  note: the repetitions cannot decide the goal for "), "\(decided.stdout)")
                }
                answers.append(answer)
            }
            let (first, second) = (answers[0], answers[1])
            if first.undecided || second.undecided {
                // Saying that it cannot decide is an answer, and it must say so in words.
                for answer in [first, second] where answer.undecided {
                    #expect(answer.line.contains("undecided") || answer.line.contains("no run meets the goal"), "\(answer.line)")
                }
                return
            }
            // Each run's best (a tied group's leader: its smallest value) lies inside the other's
            // group: the other's best, or its tied group; or the other run cannot decide whether
            // that design meets the goal (on a loaded machine the p99's interval may straddle the
            // frame), and says so.
            let both = "first: \(first.line)\nsecond: \(second.line)"
            let firstLeader = try #require(first.leader, "\(both)")
            let secondLeader = try #require(second.leader, "\(both)")
            #expect(second.group.contains(firstLeader) || second.undecidedGoal.contains(firstLeader), "\(both)")
            #expect(first.group.contains(secondLeader) || first.undecidedGoal.contains(secondLeader), "\(both)")
        }

        /// The outputs of runs made on two threads at once.
        final class RunPair: @unchecked Sendable {
            private let lock = NSLock()
            private var outputs: [Int: CLI.Output] = [:]

            func set(_ index: Int, _ output: CLI.Output) { lock.withLock { outputs[index] = output } }
            func get(_ index: Int) -> CLI.Output? { lock.withLock { outputs[index] } }
        }

        /// The answer `decide` prints: `answer: mutex (ui_get_p99_ns 41000)` names a best;
        /// `answer: tied, not separated by the test: mutex (...), rwlock (...)` a group;
        /// `answer: no run meets the goal` (perhaps `; undecided for ...`) neither.
        static func answer(_ stdout: String) throws -> Answer {
            let line = try #require(
                stdout.split(separator: "\n").first { $0.hasPrefix("  answer: ") }.map(String.init), "no answer in:\n\(stdout)")
            var text = line.dropFirst("  answer: ".count)
            if text.hasPrefix("no run meets the goal") { return Answer(best: nil, tied: [], leader: nil, line: line) }
            let tied = text.hasPrefix("tied, not separated by the test: ")
            if tied { text = text.dropFirst("tied, not separated by the test: ".count) }
            // Groups `a, b (ui_get_p99_ns N)` joined by `; `.
            var named: Set<String> = []
            var leader: (design: String, value: Double)?
            for group in text.components(separatedBy: "; ") {
                let parts = group.components(separatedBy: " (ui_get_p99_ns ")
                try #require(parts.count == 2, "'\(group)' in \(line)")
                let value = try #require(Double(parts[1].dropLast()), "'\(group)' in \(line)")
                for design in parts[0].components(separatedBy: ", ") {
                    try #require(Self.designs.contains(design), "'\(design)' in \(line)")
                    named.insert(design)
                    if leader == nil || value < leader?.value ?? 0 { leader = (design, value) }
                }
            }
            if tied || named.count > 1 { return Answer(best: nil, tied: named, leader: leader?.design, line: line) }
            return Answer(best: named.first, tied: [], leader: named.first, line: line)
        }
    }
}
