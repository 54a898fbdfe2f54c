import Foundation
import Testing

extension EndToEnd {
    @Suite("validate and run: extreme numbers are refused or run, never a crash")
    struct NumericExtremes {
        /// A small scenario of one kind whose every duration, scale and rate is a `{{key}}`
        /// placeholder, with the value each placeholder has when it is not the one under test.
        struct Template: CustomTestStringConvertible, Sendable {
            var kind: String
            var lines: [String]
            var defaults: [(key: String, value: String)]

            var testDescription: String { kind }

            /// The file with `key` set to `value`, every other placeholder at its default.
            func text(name: String, setting key: String, to value: String) -> String {
                var text = (["name: \(name)"] + lines).joined(separator: "\n") + "\n"
                for (placeholder, fallback) in defaults {
                    text = text.replacingOccurrences(of: "{{\(placeholder)}}", with: placeholder == key ? value : fallback)
                }
                return text
            }
        }

        /// Zero, a denormal, the tiny and the huge, negatives, and what a YAML parser reads as NaN
        /// or infinity.
        static let extremes = ["0", "5e-324", "1e-300", "1e-9", "1e300", "1e308", "-1", "-1e300", ".nan", ".inf", "-.inf"]

        static let durations = [
            ("duration", "1s"), ("warmup", "100ms"), ("sample_interval", "500ms"),
        ]

        static let templates: [Template] = [
            Template(
                kind: "scrolling-table",
                lines: [
                    "kind: scrolling-table",
                    "duration: {{duration}}", "warmup: {{warmup}}", "sample_interval: {{sample_interval}}",
                    "memory_pressure:",
                    "  - {at: {{pressure.at}}, level: warning}",
                    "  - {every: {{pressure.every}}, level: moderate, start: {{pressure.start}}}",
                    "table:",
                    "  sections: 2", "  rows_per_section: 10",
                    "  viewport_height: {{viewport_height}}", "  expanded: {{expanded}}", "  disclosure: independent",
                    "  header: {reuse_id: header, height: {{header.height}}, nib: {views: 2, depth: 1, cost: {{header.cost}}}}",
                    "  cells:",
                    "    - {type: plain, height: {{cell.height}}, weight: {{cell.weight}}, nib: {views: 2, depth: 1, cost: {{cell.cost}}}}",
                    "details:",
                    "  - {type: detail, weight: {{detail.weight}}, nib: {views: 2, depth: 1, cost: {{detail.cost}}}}",
                    "scroll:",
                    "  - steady: {speed: {{steady.speed}}, duration: {{steady.duration}}}",
                    "  - fling: {velocity: {{fling.velocity}}, deceleration: {{fling.deceleration}}}",
                    "  - back_and_forth: {span: {{span}}, speed: {{back_and_forth.speed}}, cycles: 1}",
                    "  - random_jumps: {count: 2, every: {{jumps.every}}, target: row}",
                    "  - tap_disclose: {count: 1, dwell: {{tap.dwell}}}",
                    "  - push: {count: 1, dwell: {{push.dwell}}}",
                    "  - pause: {{pause}}",
                    "cache: {capacity: 4, policies: [lru], in_use: [repopulate]}",
                ],
                defaults: durations + [
                    ("pressure.at", "500ms"), ("pressure.every", "500ms"), ("pressure.start", "100ms"),
                    ("viewport_height", "667"), ("expanded", "1"), ("header.height", "30"), ("header.cost", "1ms"),
                    ("cell.height", "44"), ("cell.weight", "1"), ("cell.cost", "1ms"), ("detail.weight", "1"),
                    ("detail.cost", "1ms"), ("steady.speed", "800"), ("steady.duration", "200ms"),
                    ("fling.velocity", "3000"), ("fling.deceleration", "0.998"), ("span", "200"),
                    ("back_and_forth.speed", "1200"), ("jumps.every", "100ms"), ("tap.dwell", "100ms"),
                    ("push.dwell", "100ms"), ("pause", "100ms"),
                ]),
            Template(
                kind: "navigation",
                lines: [
                    "kind: navigation",
                    "duration: {{duration}}", "warmup: {{warmup}}", "sample_interval: {{sample_interval}}",
                    "memory_pressure: [{every: {{pressure.every}}, level: moderate, start: {{pressure.start}}}]",
                    "app:",
                    "  stack_size: 4",
                    "  start: {section: shop, view: catalog}",
                    "  sections:",
                    "    - name: shop",
                    "      nib: {views: 2, depth: 1, cost: {{section.cost}}}",
                    "      views:",
                    "        - {name: catalog, nib: {views: 2, depth: 1, cost: {{view.cost}}}}",
                    "        - {name: product, nib: {views: 2, depth: 1}}",
                    "user:",
                    "  markov:",
                    "    switch_tab: {{switch_tab}}", "    open_view: {{open_view}}", "    back: {{back}}",
                    "    rewind: {{rewind}}", "    refresh: {{refresh}}",
                    "    dwell: [{{dwell.min}}, {{dwell.max}}]",
                    "  deep_links:",
                    "    - {rate: {{link.rate}}, to: [{section: shop, view: product}]}",
                    "    - {every: {{link.every}}, to: [{section: shop, view: catalog}]}",
                    "cache: {capacity: 2, policies: [lru]}",
                ],
                defaults: durations + [
                    ("pressure.every", "500ms"), ("pressure.start", "100ms"), ("section.cost", "1ms"),
                    ("view.cost", "1ms"), ("switch_tab", "0.2"), ("open_view", "0.5"), ("back", "0.25"),
                    ("rewind", "0.05"), ("refresh", "0"), ("dwell.min", "100ms"), ("dwell.max", "200ms"),
                    ("link.rate", "0.5"), ("link.every", "300ms"),
                ]),
            Template(
                kind: "drawing",
                lines: [
                    "kind: drawing",
                    "duration: {{duration}}", "warmup: {{warmup}}", "sample_interval: {{sample_interval}}",
                    "restarts: [{{restart}}]", "timeout: {{timeout}}",
                    "views:",
                    "  - name: button",
                    "    count: 2",
                    "    size: [{{width}}, {{height}}]",
                    "    effects: {gradient: true, corner_radius: {{corner_radius}}, shadow: {{shadow}}, text: true}",
                    "    redraw_every: {{redraw_every}}",
                    "    cancel_rate: {{cancel_rate}}",
                    "    cost: {{cost}}",
                    "    content: {changes_every: {{changes_every}}}",
                    "cache: {policies: [memory], eviction: lru, capacity: 1MB}",
                ],
                defaults: durations + [
                    ("restart", "500ms"), ("timeout", "1w"), ("width", "30"), ("height", "20"),
                    ("corner_radius", "4"), ("shadow", "2"), ("redraw_every", "100ms"), ("cancel_rate", "0.1"),
                    ("cost", "1ms"), ("changes_every", "200ms"),
                ]),
            Template(
                kind: "parallel-readers",
                lines: [
                    "kind: parallel-readers",
                    "duration: {{duration}}", "warmup: {{warmup}}", "sample_interval: {{sample_interval}}",
                    "store: {designs: [mutex]}",
                    "keys: 100",
                    "value_size: 8",
                    "distribution: {zipfian: {{zipfian}}}",
                    "readers:",
                    "  threads: 1",
                    "  mix: {get: 100}",
                    "  rate: {{readers.rate}}",
                    "  bursts: {every: {{bursts.every}}, length: {{bursts.length}}}",
                    "writers: {threads: 1, mix: {set: 100}, rate: {{writers.rate}}}",
                    "eviction: {older_than: {{older_than}}, every: {{eviction.every}}, time_scale: {{time_scale}}}",
                    "notification_interval: {{notification_interval}}",
                ],
                defaults: durations + [
                    ("zipfian", "0.99"), ("readers.rate", "1000"), ("bursts.every", "200ms"),
                    ("bursts.length", "100ms"), ("writers.rate", "1000"), ("older_than", "1s"), ("eviction.every", "200ms"),
                    ("time_scale", "1"), ("notification_interval", "250ms"),
                ]),
            Template(
                kind: "parallel-readers, hotspot",
                lines: [
                    "kind: parallel-readers",
                    "duration: 1s",
                    "store: {designs: [mutex]}",
                    "keys: 100",
                    "distribution: {hotspot: {keys: {{hot.keys}}, operations: {{hot.operations}}}}",
                    "readers: {threads: 1, mix: {get: 100}, rate: 1000}",
                ],
                defaults: [("hot.keys", "0.2"), ("hot.operations", "0.8")]),
            // The case: a week's timer on a store clock a million times slower than real time.
            Template(
                kind: "parallel-readers, eviction every 1w",
                lines: [
                    "kind: parallel-readers",
                    "duration: 1s", "warmup: 100ms",
                    "store: {designs: [mutex]}",
                    "keys: 100",
                    "readers: {threads: 1, mix: {get: 100}, rate: 1000}",
                    "eviction: {older_than: {{older_than}}, every: 1w, time_scale: {{time_scale}}}",
                ],
                defaults: [("older_than", "1s"), ("time_scale", "1")]),
            Template(
                kind: "trace",
                lines: [
                    "kind: trace",
                    "duration: {{duration}}", "warmup: {{warmup}}", "sample_interval: {{sample_interval}}",
                    "generate: {distribution: zipf, alpha: {{alpha}}, objects: 100, requests: 1000, seed: 1}",
                    "cache: {policies: [lru], capacities: [10]}",
                ],
                defaults: durations + [("alpha", "1.0")]),
            Template(
                kind: "trace, hotspot",
                lines: [
                    "kind: trace",
                    "duration: 1s",
                    "generate: {distribution: hotspot, hot_fraction: {{hot_fraction}}, hot_share: {{hot_share}}, objects: 100, requests: 1000}",
                    "cache: {policies: [lru], capacities: [10]}",
                ],
                defaults: [("hot_fraction", "0.2"), ("hot_share", "0.8")]),
        ]

        /// An exit status a run may end with: 0 (ran), 1 (refused or failed), 2 (an expectation
        /// failed). Anything else is a signal or worse.
        static func isOrderly(_ result: CLI.Output) -> Bool {
            [0, 1, 2].contains(result.status) && !result.stderr.contains("Fatal error")
        }

        @Test(
            "every duration, scale and rate of a kind, set to 0, a denormal, 1e-300, 1e300, 1e308, a negative, NaN or infinity, is refused by validate or runs: exit 0, 1 or 2, never a crash",
            arguments: templates)
        func extremesNeverCrash(_ template: Template) throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            // The defaults alone validate: the placeholders are all filled and the file is sound.
            let sound = try dir.write("sound.yaml", template.text(name: "sound", setting: "", to: ""))
            let checked = cli.run(["validate", sound.path])
            try #require(checked.status == 0, "\(transcript(checked))")

            var files: [(file: URL, case: String)] = []
            for (key, _) in template.defaults {
                for value in Self.extremes {
                    let name = "v\(files.count)"
                    let file = try dir.write("\(name).yaml", template.text(name: name, setting: key, to: value))
                    files.append((file, "\(key): \(value)"))
                }
            }
            // validate all at once (it reports each bad file and goes on); if it dies, find which.
            let validated = cli.run(["validate"] + files.map(\.file.path), timeout: 300)
            if !Self.isOrderly(validated) {
                for (file, label) in files {
                    let alone = cli.run(["validate", file.path])
                    #expect(Self.isOrderly(alone), "validate crashed on \(template.kind) \(label): \(transcript(alone))")
                }
                return
            }
            let accepted = files.filter { validated.stdout.contains("\($0.file.path): ok:") }
            #expect(validated.status == (accepted.count == files.count ? 0 : 1), "\(transcript(validated))")

            // Run what validate accepted, each at most 10 ms plus as much warm-up, in one process.
            guard !accepted.isEmpty else { return }
            let out = dir.path("results")
            let ran = cli.run(
                ["run", "--quiet", "--no-plots", "--max-duration", "10ms", "--out", out.path] + accepted.map(\.file.path), timeout: 600)
            if !Self.isOrderly(ran) {
                for (file, label) in accepted {
                    let alone = cli.run(
                        ["run", "--quiet", "--no-plots", "--max-duration", "10ms", "--out", out.path, file.path], timeout: 60)
                    #expect(Self.isOrderly(alone), "run crashed on \(template.kind) \(label): \(transcript(alone))")
                }
            }
        }
    }
}
