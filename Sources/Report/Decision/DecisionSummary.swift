/// The answer of a ``Decision`` in words and small tables, plain text: what the terminal, the
/// Markdown page and the HTML page each format their own way.
struct DecisionSummary: Equatable {
    /// The question: `hit_rate >= 0.9 (one seed); minimize cache.capacity`.
    var question: String
    /// The answer: `cache.capacity 16, met by all 10 runs`.
    var answer: String
    /// The per-run table: header, then one row per run.
    var perRun: [[String]]
    /// Per sweep value: the value, the best runs, the runs tied with them.
    var perValue: [(value: String, best: [String], tied: [String])]
    /// The heading of ``perValue``: `best hit_rate (higher is better) at each cache.capacity`.
    var perValueTitle: String
    /// Notes under the answer (seeds too few, goal columns judged on medians).
    var notes: [String]

    static func == (lhs: DecisionSummary, rhs: DecisionSummary) -> Bool {
        lhs.question == rhs.question && lhs.answer == rhs.answer && lhs.perRun == rhs.perRun && lhs.notes == rhs.notes
            && lhs.perValue.map(\.value) == rhs.perValue.map(\.value) && lhs.perValue.map(\.best) == rhs.perValue.map(\.best)
            && lhs.perValue.map(\.tied) == rhs.perValue.map(\.tied)
    }

    init(_ decision: Decision) {
        let swept = decision.sweepKey != nil
        let key = decision.sweepKey ?? "sweep"
        let values = decision.shownValues
        let seedWords =
            decision.seeds > 1
            ? "in at least \(CSVValue.format(decision.question.share * 100))% of \(decision.seeds) seeds" : "one seed"
        question = "\(decision.question.goalText) (\(seedWords)); minimize \(decision.minimizedName)"

        // The answer.
        let answered = decision.answer.map { decision.names[$0.run] }
        let all = answered.count == decision.runs.count && decision.runs.count > 1
        if decision.answer.isEmpty {
            answer = "no run meets the goal" + (swept ? " at any \(key)" : "")
        } else if decision.minimizesSweep && swept, let first = decision.answer.first {
            let runs = all ? "all \(answered.count) runs" : answered.joined(separator: ", ")
            answer = "\(key) \(values[first.value]), met by \(runs)"
        } else if decision.minimizesSweep {
            answer = "met by " + (all ? "all \(answered.count) runs" : answered.joined(separator: ", "))
        } else {
            // Runs with the same sweep value and minimised value are named together.
            var groups: [(value: Int, minimized: String, runs: [String])] = []
            for pick in decision.answer {
                let minimized = decision.cells[pick.run][pick.value].minimizedShown
                if let index = groups.firstIndex(where: { $0.value == pick.value && $0.minimized == minimized }) {
                    groups[index].runs.append(decision.names[pick.run])
                } else {
                    groups.append((pick.value, minimized, [decision.names[pick.run]]))
                }
            }
            answer = groups.map { group in
                let at = swept ? " at \(key) \(values[group.value])" : ""
                return "\(group.runs.joined(separator: ", "))\(at) (\(decision.question.minimize) \(group.minimized))"
            }.joined(separator: "; ")
            if decision.answerTied {
                answer = "tied, not separated by the test: " + answer
            }
        }
        if decision.answer.isEmpty, !decision.undecidedRuns.isEmpty {
            answer += "; undecided for \(decision.undecidedRuns.map { decision.names[$0] }.joined(separator: ", "))"
        }

        // Per run.
        // With a device profile, the device columns lead: the chosen configuration's (without
        // a sweep, the only one's).
        var header = ["run"] + decision.deviceColumns
        if decision.minimizesSweep {
            header.append(swept ? "smallest \(key)" : "meets the goal")
        } else {
            header += (swept ? ["chosen \(key)"] : ["meets the goal"]) + [decision.question.minimize]
        }
        if swept { header.append("knee") }
        var rows = [header]
        for run in decision.runs.indices {
            var row = [decision.names[run]]
            if !decision.deviceColumns.isEmpty {
                let shownAt = decision.chosen[run] ?? (swept ? nil : 0)
                row += shownAt.map { decision.cells[run][$0].device } ?? decision.deviceColumns.map { _ in "" }
            }
            if let chosen = decision.chosen[run] {
                let cell = decision.cells[run][chosen]
                var text = swept ? values[chosen] : "yes"
                if decision.seeds > 1 { text += " (\(cell.seedsMeeting) of \(cell.seeds) seeds)" }
                if decision.minimizesSweep, swept, !decision.steady[run],
                    let fails = decision.cells[run].indices.first(where: {
                        $0 > chosen && !decision.cells[run][$0].meetsGoal && decision.cells[run][$0].seeds > 0
                    })
                {
                    text += ", not at \(values[fails])"
                }
                row.append(text)
                if !decision.minimizesSweep { row.append(cell.minimizedShown) }
            } else {
                let best = decision.bestReached(run: run)
                let reached = best.map { "best \(decision.question.metric) \($0.text)" + (swept ? " at \(values[$0.value])" : "") }
                row.append(swept ? "never" + (reached.map { " (\($0))" } ?? "") : "no" + (reached.map { " (\($0))" } ?? ""))
                if !decision.minimizesSweep { row.append("") }
            }
            if swept { row.append(decision.knees[run].map { values[$0] } ?? "none") }
            rows.append(row)
        }
        perRun = rows

        // Per sweep value.
        let direction = decision.higherIsBetter ? "higher is better" : "lower is better"
        let tested = decision.seeds > 1 || decision.measuredMetric
        let ties = tested ? "tied: a group the test does not separate, no best named" : "ties: equal values"
        perValueTitle =
            "best \(decision.question.metric) (\(direction); \(ties))" + (swept ? " at each \(key)" : "")
        perValue = decision.values.indices.map { value in
            let best = decision.runs.indices.filter { decision.cells[$0][value].standing == .best }.map { decision.names[$0] }
            let tied = decision.runs.indices.filter { decision.cells[$0][value].standing == .tied }.map { decision.names[$0] }
            return (values[value], best, tied)
        }

        var notes: [String] = []
        if !decision.deviceColumns.isEmpty {
            notes.append(DeviceColumns.note(standIns: decision.standIns))
        }
        if !decision.judgedOnMedians.isEmpty {
            notes.append(
                "seeds.csv has no \(decision.judgedOnMedians.joined(separator: ", ")): judged on the median in every seed")
        }
        if let need = decision.cannotTellNeed {
            let more =
                need.seeds
                ? need.count.map { "replicate over \($0) or more seeds" } ?? "run more seeds"
                : need.count.map { "run with --repeat \($0) or more" } ?? "run more repetitions"
            notes.append(
                "some ties rest on too few \(need.seeds ? "differing seeds" : "repetitions") for any difference to be significant: "
                    + "\(more) to tell them apart")
        } else if decision.tooFewSeeds {
            notes.append(
                "some ties rest on too few differing seeds for any difference to be significant: run more seeds to tell them apart")
        }
        let undecided = decision.cells.flatMap { $0 }.filter(\.undecided)
        if !undecided.isEmpty {
            let needed = undecided.compactMap(\.repetitionsToDecide).max()
            notes.append(
                "the repetitions cannot decide the goal for \(undecided.count) configuration\(undecided.count == 1 ? "" : "s") "
                    + "(the 95% interval of the median straddles it)"
                    + (needed.map { ": about \($0) repetitions would (run with --repeat \($0))" } ?? ""))
        }
        self.notes = notes
    }

    /// `optimal/repopulate`, `fifo/repopulate, optimal/repopulate (equal)`, `all 10 runs (equal)`,
    /// `tied: fifo/repopulate, lru/repopulate` (a tied group, no best), `all 7 runs tied`, as the terminal and the pages list a sweep value's best runs.
    static func group(best: [String], tied: [String], runs: Int) -> String {
        if best.isEmpty, !tied.isEmpty {
            return tied.count == runs && runs > 1 ? "all \(runs) runs tied" : "tied: " + tied.joined(separator: ", ")
        }
        var text: String
        if best.count == runs && runs > 1 {
            text = "all \(runs) runs (equal)"
        } else if best.count > 1 {
            text = best.joined(separator: ", ") + " (equal)"
        } else {
            text = best.first ?? "none"
        }
        if !tied.isEmpty {
            text += best.count + tied.count == runs && runs > 2 ? "; all others tied" : "; tied: " + tied.joined(separator: ", ")
        }
        return text
    }
}
