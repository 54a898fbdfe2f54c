import Foundation
import Report
import Testing

@testable import Scenarios
@testable import WorkbenchRecorder

/// A clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time: TimeInterval = 1000

    func now() -> TimeInterval {
        lock.lock()
        defer { lock.unlock() }
        return time
    }

    func advance(_ seconds: TimeInterval) {
        lock.lock()
        time += seconds
        lock.unlock()
    }
}

/// The recorder an app links: it writes the files a scenario replays, and those files run.
@Suite("Session recorder")
struct SessionRecorderTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A synthetic session of a feed: 5 s of scrolling at 60 Hz (a drag, a pause, a fling), the
    /// cells the table asked for, screens shown, and the image cache's lookups.
    static func record(into directory: URL) throws -> [URL] {
        let clock = ManualClock()
        let recorder = SessionRecorder(clock: { clock.now() })
        var offset = 0.0
        let heights: [String: Double] = ["post": 120, "photo": 420, "ad": 300]
        func type(of row: Int) -> String { row % 5 == 4 ? "ad" : row % 3 == 0 ? "photo" : "post" }
        var rowTops: [Double] = [0]
        for row in 0..<400 { rowTops.append(rowTops[row] + heights[type(of: row)]!) }
        var requested = Set<Int>()
        recorder.intent(section: "home", view: "feed")
        for frame in 0..<300 {
            let velocity = frame < 120 ? 600.0 : frame < 180 ? 0 : 3000 * pow(0.95, Double(frame - 180))
            offset += velocity / 60
            if velocity > 0 || frame == 120 { recorder.scrollOffset(offset) }
            // The rows on screen (an 844-point viewport), each asked for once when it appears.
            for row in 0..<400 where rowTops[row + 1] > offset && rowTops[row] < offset + 844 && !requested.contains(row) {
                requested.insert(row)
                recorder.cellRequested(type: type(of: row), row: row, height: row == 0 ? 360 : nil)
                recorder.cacheGet(key: "image/\(row % 40).jpg", size: 20_000 + row % 40 * 100)
                if row % 7 == 0 { recorder.cacheSet(key: "image/\(row % 40).jpg", size: 20_000) }
            }
            if frame == 150 { recorder.intent(section: "home", view: "post") }
            if frame == 170 { recorder.back() }
            if frame == 250 { recorder.tab(section: "cart") }
            if frame == 280 { recorder.deepLink(section: "home", view: "post") }
            clock.advance(1.0 / 60)
        }
        return try recorder.write(to: directory)
    }

    @Test("the recorder writes the scroll, layout, navigation and trace files in the formats workbench replays")
    func writesTheReplayedFormats() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Self.record(into: directory).map(\.lastPathComponent).sorted()
        #expect(files == ["cache-events.csv", "layout.csv", "navigation.csv", "scroll.csv", "trace.csv"])
        func text(_ name: String) throws -> String { try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) }
        let scroll = try RecordedScroll.parse(try text("scroll.csv"), file: "scroll.csv")
        #expect(scroll.first?.time == 0 && scroll.first?.offset == 10)
        #expect(zip(scroll.dropFirst(), scroll).allSatisfy { $0.time >= $1.time })
        let navigation = try RecordedNavigation.parse(try text("navigation.csv"), file: "navigation.csv")
        #expect(navigation.map(\.kind) == [.intent, .intent, .back, .tab, .deepLink])
        #expect(navigation.map(\.time) == [0, 2.5, 2.833333, 4.166667, 4.666667])
        #expect(try text("layout.csv").hasPrefix("type,height\nphoto,360\npost,\npost,\nphoto,\nad,\n"))
        #expect(try text("trace.csv").hasPrefix("time,key,size\n0,image/0.jpg,20000\n0,image/1.jpg,20100\n"))
        #expect(try text("cache-events.csv").hasPrefix("t_s,event,key,size\n0,set,image/0.jpg,20000\n"))
    }

    @Test(
        "a recorded session runs end to end: the scrolling table from its layout and scroll, the navigation from its events, the trace from its lookups"
    )
    func recordedSessionRunsEndToEnd() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Self.record(into: directory)
        let table = """
            name: recorded-table
            kind: scrolling-table
            seed: 1
            duration: 5s
            warmup: 0s
            table:
              sections: 1
              layout: layout.csv
              viewport_height: 844
              refresh_hz: 60
              cells:
                - {type: post, height: 120, nib: {views: 6, depth: 3}}
                - {type: photo, height: 420, nib: {views: 8, depth: 3}}
                - {type: ad, height: 300, nib: {views: 10, depth: 4}}
            scroll:
              - recorded: scroll.csv
            cache: {capacity: 8, policies: [none, lru], in_use: [repopulate]}

            """
        let navigation = """
            name: recorded-nav
            kind: navigation
            seed: 1
            duration: 6s
            warmup: 0s
            sample_interval: 1s
            app:
              sections:
                - name: home
                  nib: {views: 10, depth: 2}
                  views:
                    - {name: feed, nib: {views: 20, depth: 3}}
                    - {name: post, nib: {views: 20, depth: 3}}
                - name: cart
                  nib: {views: 10, depth: 2}
            user: {recorded: navigation.csv}
            cache: {capacity: 4, policies: [forever]}

            """
        let trace = """
            name: recorded-trace
            kind: trace
            trace: {path: trace.csv, header: true, columns: {time: 1, key: 2, size: 3}}
            cache: {capacities: [4, 16], policies: [lru, fifo]}

            """
        for (name, yaml) in [("table.yaml", table), ("nav.yaml", navigation), ("trace.yaml", trace)] {
            let file = directory.appendingPathComponent(name)
            try yaml.write(to: file, atomically: true, encoding: .utf8)
            let scenario = try ScenarioLoader.load(contentsOf: file)
            let result = ScenarioRunner.run(scenario, options: RunOptions())
            #expect(result.complete, "\(name)")
            #expect(!result.summary.isEmpty, "\(name)")
            let again = ScenarioRunner.run(scenario, options: RunOptions())
            let counts = result.columns.summary.filter { $0.role == .count }.map(\.name)
            for (a, b) in zip(result.summary, again.summary) { #expect(counts.map { a[$0] } == counts.map { b[$0] }, "\(name)") }
            if name == "table.yaml" {
                let lru = result.summary.first { $0["policy"] == .string("lru") }
                #expect((lru?["requests"].flatMap { Int($0.text) } ?? 0) > 10, "\(String(describing: lru))")
            }
            if name == "nav.yaml" {
                #expect(result.summary.first?["deep_links"]?.text == "1")
            }
        }
    }

    @Test("numbers are written without trailing zeros, names without the commas a CSV field cannot hold")
    func recorderFields() {
        #expect(SessionRecorder.number(0.0166666667) == "0.016667")
        #expect(SessionRecorder.number(120) == "120")
        #expect(SessionRecorder.number(17321.5) == "17321.5")
        #expect(SessionRecorder.field("a,b\nc") == "a_b_c")
    }
}
