import Foundation
import Models
import Scenarios
import Testing

/// A directory for a scenario file and its trace, removed by `remove()`.
struct TraceDir {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("TraceScenarioTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try text.write(to: file, atomically: false, encoding: .utf8)
        return file.path
    }

    /// Loads `yaml` as the scenario file `scenario.yaml` of this directory.
    func load(_ yaml: String) throws(ScenarioError) -> Scenario {
        try ScenarioLoader.load(yaml: yaml, file: url.appendingPathComponent("scenario.yaml").path)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

@Suite("Trace scenarios")
struct TraceScenarioTests {
    static func yaml(source: String, cache: String = "{policies: [lru, fifo], capacities: [2, 3]}", extra: String = "") -> String {
        """
        name: t
        kind: trace
        \(source)
        cache: \(cache)
        \(extra)
        """
    }

    /// The summary rows' (policy, capacity, misses) of running `scenario`.
    static func misses(_ scenario: Scenario) -> [String] {
        ScenarioRunner.run(scenario).summary.map {
            "\($0["policy"]?.text ?? "?")@\($0["sweep_value"]?.text ?? "?")=\($0["misses"]?.text ?? "?")"
        }
    }

    @Test("lru's runs at several capacities, replayed in one pass, count exactly what separate runs count (summary and timeseries)")
    func lruOnePassEqualsSeparateRuns() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let source = "generate: {objects: 500, requests: 20000, alpha: 0.9, seed: 5}"
        let extra = "warmup_requests: 1000\nwindow: 3000"
        let counted = ["requests", "hits", "misses", "evictions", "warmup_requests", "miss_ratio", "byte_miss_ratio", "capacity"]
        func counts(_ result: ScenarioResult) -> [[String]] {
            result.summary.map { row in counted.map { row[$0]?.text ?? "-" } }
        }
        func windows(_ result: ScenarioResult) -> [[String]] {
            result.timeseries.map { row in ["request_end", "requests", "misses"].map { row[$0]?.text ?? "-" } }
        }
        let together = ScenarioRunner.run(
            try dir.load(Self.yaml(source: source, cache: "{policies: [fifo, lru], capacities: [10, 100, 400]}", extra: extra)))
        #expect(together.summary.count == 6)
        for (position, capacity) in [10, 100, 400].enumerated() {
            let alone = ScenarioRunner.run(
                try dir.load(Self.yaml(source: source, cache: "{policies: [lru], capacities: [\(capacity)]}", extra: extra)))
            let lru = 3 + position
            #expect(counts(alone) == [counts(together)[lru]], "C=\(capacity)")
            #expect(windows(alone) == Array(windows(together)[(lru * 7)..<(lru * 7 + 7)]), "C=\(capacity)")
        }
    }

    @Test("a relative trace path is read beside the scenario file; csv columns, header and delimiter as given")
    func csvBesideScenario() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        try dir.write("t.csv", "size;key;time\n1;a;1\n1;b;2\n1;c;3\n1;a;4\n1;b;5\n\n1;c;6\n")
        let scenario = try dir.load(
            Self.yaml(source: "trace: {path: t.csv, header: true, delimiter: ';', columns: {time: 3, key: 2, size: 1}}"))
        #expect(Self.misses(scenario) == ["lru@2=6", "lru@3=3", "fifo@2=6", "fifo@3=3"])
    }

    @Test("string keys are hashed with FNV-1a; decimal keys are themselves")
    func keys() {
        let text = Array("a,17,\"a\"".utf8)
        text.withUnsafeBufferPointer { bytes in
            #expect(TraceFileReader.key(bytes, 0, 1) == 0xaf63_dc4c_8601_ec8c)  // FNV-1a 64 of "a"
            #expect(TraceFileReader.key(bytes, 2, 4) == 17)
            #expect(TraceFileReader.key(bytes, 5, 8) == 0xaf63_dc4c_8601_ec8c)
        }
    }

    @Test("a text trace is one key per line")
    func textFormat() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        try dir.write("t.txt", "x\ny\nz\nx\r\ny\nz\n")
        let scenario = try dir.load(Self.yaml(source: "trace: {path: t.txt, format: text}"))
        #expect(Self.misses(scenario) == ["lru@2=6", "lru@3=3", "fifo@2=6", "fifo@3=3"])
    }

    @Test("a csv trace gives the same counts as the generated trace it was written from")
    func csvEqualsGenerated() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let trace = ZipfTrace(count: 5_000, objects: 300, alpha: 0.9, seed: 4)
        try dir.write("z.csv", trace.csvRows())
        let cache = "{policies: [lru, s3-fifo, sieve, optimal], capacities: [10, 50]}"
        let fromFile = try dir.load(
            Self.yaml(source: "trace: {path: z.csv, header: true, columns: {time: 1, key: 2, size: 3}}", cache: cache))
        let generated = try dir.load(
            Self.yaml(source: "generate: {alpha: 0.9, objects: 300, requests: 5000, seed: 4}", cache: cache))
        #expect(Self.misses(fromFile) == Self.misses(generated))
    }

    @Test("\"10%\" is a share of the working set: distinct keys, or their bytes")
    func shareOfWorkingSet() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        try dir.write("s.csv", (1...40).map { "\($0 % 20),\($0 % 20 * 10 + 10)\n" }.joined())
        let objects = try dir.load(
            Self.yaml(source: "trace: {path: s.csv, columns: {key: 1, size: 2}}", cache: "{policies: [lru], capacities: [\"10%\", 5]}"))
        #expect(objects.as(TraceScenario.self)?.capacities == [.objects(2), .objects(5)])
        let bytes = try dir.load(
            Self.yaml(source: "trace: {path: s.csv, columns: {key: 1, size: 2}}", cache: "{policies: [lru], capacity_bytes: [\"50%\", 1KB]}"))
        #expect(bytes.as(TraceScenario.self)?.capacities == [.bytes(1050), .bytes(1024)])
    }

    @Test("warmup_requests and warmup (trace time) leave the first requests uncounted")
    func warmup() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        try dir.write("w.csv", (1...10).map { "\($0),\($0 % 3)\n" }.joined())
        for extra in ["warmup_requests: 4", "warmup: 4s"] {
            let scenario = try dir.load(
                Self.yaml(source: "trace: {path: w.csv, columns: {time: 1, key: 2}}", cache: "{policies: [lru], capacities: [3]}", extra: extra))
            let row = try #require(ScenarioRunner.run(scenario).summary.first)
            #expect(row["warmup_requests"]?.text == "4", "\(extra)")
            #expect(row["requests"]?.text == "6", "\(extra)")
            #expect(row["misses"]?.text == "0", "\(extra)")
        }
    }

    @Test("one timeseries row per window of requests, with the window's miss ratio")
    func windows() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let scenario = try dir.load(
            Self.yaml(
                source: "generate: {distribution: uniform, objects: 4, requests: 25, seed: 1}", cache: "{policies: [lru], capacities: [4]}",
                extra: "window: 10"))
        let rows = ScenarioRunner.run(scenario).timeseries
        #expect(rows.map { $0["request_end"]?.text } == ["10", "20", "25"])
        #expect(rows.map { $0["requests"]?.text } == ["10", "10", "5"])
        // Four objects in a cache of four: only their first requests miss.
        let misses: [Int] = rows.compactMap { row in row["misses"]?.text }.compactMap { Int($0) }
        #expect(misses.reduce(0, +) == 4)
        #expect(rows[2]["miss_ratio"]?.text == "0")
    }

    // MARK: Bad input

    /// The error loading `yaml` in a directory holding `files`.
    static func error(_ yaml: String, files: [String: String] = [:]) throws -> (ScenarioError, TraceDir)? {
        let dir = try TraceDir()
        for (name, text) in files { try dir.write(name, text) }
        do {
            // As `validate` checks: the load, then the rows the load leaves to the replay.
            try dir.load(yaml).body.checkInputs()
            dir.remove()
            return nil
        } catch {
            return (error, dir)
        }
    }

    @Test("a csv trace is read once by a run: the load estimates its requests; the replay and validate refuse the same bad row")
    func csvReadOnceRowsCheckedByReplay() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        try dir.write("t.csv", "time,key,size\n" + (1...1000).map { "\($0),\($0 % 17),1\n" }.joined() + "1001,5,x\n1002,6,1\n")
        let scenario = try dir.load(Self.yaml(source: "trace: {path: t.csv, header: true, columns: {time: 1, key: 2, size: 3}}"))
        let trace = try #require(scenario.body as? TraceScenario)
        #expect(trace.scan.estimated)
        #expect(abs(trace.scan.requests - 1002) < 100, "\(trace.scan.requests)")
        let expected = ScenarioError(
            file: dir.url.appendingPathComponent("t.csv").path, line: 1002, column: 8, keyPath: "",
            message: "size 'x' is not a whole number of bytes between 0 and \(UInt32.max)")
        #expect(throws: expected) { try scenario.body.checkInputs() }
        let result = ScenarioRunner.run(scenario)
        #expect(result.inputError == expected)
        #expect(!result.complete)
        // A working-set share or optimal needs the rows before the runs: the load reads them.
        for cache in ["{policies: [lru], capacities: [\"10%\"]}", "{policies: [optimal], capacities: [2]}"] {
            #expect(throws: expected) {
                try dir.load(Self.yaml(source: "trace: {path: t.csv, header: true, columns: {time: 1, key: 2, size: 3}}", cache: cache))
            }
        }
    }

    @Test("a binary v2 record whose object id is beyond the file's objects: the run and validate's check refuse it alike")
    func binaryBadIdRefusedByRunAndCheck() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let path = dir.url.appendingPathComponent("t.wbt").path
        let bytes = TraceFormatTests.binaryV2(requests: 3, objects: 2, records: [(0, 1, 1), (1, 1, 2), (7, 1, 3)], keys: [5, 6])
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let scenario = try dir.load(Self.yaml(source: "trace: {path: t.wbt, format: binary}"))
        let expected = ScenarioError(
            file: path, line: 1, column: 1, keyPath: "", message: "record 3 at byte 56: object id 7 is not below the file's 2 objects")
        #expect(throws: expected) { try scenario.body.checkInputs() }
        #expect(ScenarioRunner.run(scenario).inputError == expected)
    }

    @Test("a missing trace file is an error naming it")
    func missingFile() throws {
        let (error, dir) = try #require(try Self.error(Self.yaml(source: "trace: {path: nowhere.csv}")))
        defer { dir.remove() }
        #expect(error.description == "\(dir.url.path)/nowhere.csv:1:1: error: cannot read trace file: No such file or directory")
    }

    @Test("a column number beyond the row is an error at its line")
    func columnBeyondRow() throws {
        let (error, dir) = try #require(
            try Self.error(Self.yaml(source: "trace: {path: c.csv, columns: {key: 2, size: 3}}"), files: ["c.csv": "1,2,3\n4,5\n"]))
        defer { dir.remove() }
        #expect(error.description == "\(dir.url.path)/c.csv:2:4: error: column 3 is beyond the row's 2 columns (delimiter ',')")
    }

    @Test("a non-numeric size is an error at its line and column")
    func nonNumericSize() throws {
        let (error, dir) = try #require(
            try Self.error(
                Self.yaml(source: "trace: {path: s.csv, header: true, columns: {key: 1, size: 2}}"),
                files: ["s.csv": "key,size\n1,10\n2,ten\n"]))
        defer { dir.remove() }
        #expect(
            error.description
                == "\(dir.url.path)/s.csv:3:3: error: size 'ten' is not a whole number of bytes between 0 and 4294967295")
    }

    @Test("a capacity of 0 or above 2^40 is refused at its position")
    func capacityRange() {
        for (value, column) in [("0", 39), ("1099511627777", 39)] {
            let error = loadError(Self.yaml(source: "generate: {objects: 5, requests: 5}", cache: "{policies: [lru], capacities: [\(value)]}"))
            #expect(error?.line == 4, "\(value)")
            #expect(error?.column == column, "\(value)")
            #expect(error?.message == "cache.capacities[0] must be between 1 and 1099511627776 (2^40) (found \(value))")
        }
        let bytes = loadError(Self.yaml(source: "generate: {objects: 5, requests: 5}", cache: "{policies: [lru], capacity_bytes: [2048GB]}"))
        #expect(bytes?.message == "cache.capacity_bytes[0] must be between 1 and 1099511627776 (2^40) (found '2048GB')")
    }

    @Test(
        "a capacities: value that is not a whole number of objects (1.5, 64MB) is worded as an object count, a capacity_bytes: one as a byte count"
    )
    func capacityWording() {
        for value in ["1.5", "64MB"] {
            let error = loadError(
                Self.yaml(source: "generate: {objects: 5, requests: 5}", cache: "{policies: [lru], capacities: [\(value)]}"))
            #expect(
                error?.message
                    == "cache.capacities[0]: cannot read object count '\(value)' (capacities counts objects: a whole number such as 1000, "
                    + "or a share such as \"10%\"; capacities in bytes go in capacity_bytes)",
                "\(value)")
        }
        let bytes = loadError(Self.yaml(source: "generate: {objects: 5, requests: 5}", cache: "{policies: [lru], capacity_bytes: [1.5x]}"))
        #expect(bytes?.message.contains("cannot read byte count '1.5x'") == true, "\(String(describing: bytes))")
    }

    @Test("an expect line names a capacity the scenario runs")
    func expectPoint() {
        let error = loadError(Self.yaml(source: "generate: {objects: 5, requests: 5}", extra: "expect: {lru@7: {misses: \"== 1\"}}"))
        #expect(error?.message == "expect.lru@7: capacity 7 is not run by this scenario (its capacities: 2, 3)")
    }

    @Test("trace and generate together are refused; optimal only in trace scenarios")
    func exclusiveSources() {
        let both = loadError(Self.yaml(source: "generate: {objects: 5, requests: 5}\ntrace: {path: x.csv}"))
        #expect(both?.message == "generate: give either trace (a file) or generate (a synthetic trace), not both")
    }
}
