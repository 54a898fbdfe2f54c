import Foundation
import Report
import Testing

@testable import Scenarios

/// `user: {recorded: FILE}`: a navigation session's events replayed at their recorded times.
@Suite("Recorded navigation sessions")
struct RecordedNavigationTests {
    static func app(user: String) -> String {
        """
        name: rec-nav
        kind: navigation
        seed: 4
        duration: 20s
        warmup: 0s
        sample_interval: 5s
        app:
          sections:
            - name: home
              nib: {views: 10, depth: 2}
              views:
                - {name: feed, nib: {views: 20, depth: 3}}
                - {name: product, nib: {views: 30, depth: 3}}
            - name: cart
              nib: {views: 10, depth: 2}
              views:
                - {name: product}
        user: \(user)
        cache:
          capacity: 8
          policies: [forever]

        """
    }

    /// Writes `session` beside a scenario file in a fresh directory; returns the scenario's path.
    static func write(session: String) throws -> (directory: URL, scenario: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recnav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try session.write(to: directory.appendingPathComponent("s.csv"), atomically: true, encoding: .utf8)
        return (directory, directory.appendingPathComponent("nav.yaml").path)
    }

    static let session = """
        t_s,event,section,view
        0,intent,home,feed
        2,intent,home,product
        4.5,back,,
        6,tab,cart,product
        9,deep_link,home,feed
        12,intent,home,product

        """

    @Test("a recorded navigation session fires each event at its recorded time: intents, tabs, backs and deep links, counted")
    func replaysEvents() throws {
        let (directory, file) = try Self.write(session: Self.session)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try ScenarioLoader.load(yaml: Self.app(user: "{recorded: s.csv}"), file: file)
        var driver = UserDriver(
            app: try #require(scenario.as(NavigationScenario.self)).app, model: try #require(scenario.as(NavigationScenario.self)).user,
            seed: 1)
        // Before an event's time: wait for it, exactly.
        #expect(driver.next(at: 0) == .intent(section: "home", view: "feed", animation: .push, state: [:]))
        #expect(driver.next(at: 0.5) == .dwell(1.5))
        #expect(driver.next(at: 2) == .intent(section: "home", view: "product", animation: .push, state: [:]))
        #expect(driver.next(at: 4.6) == .back)
        #expect(driver.next(at: 6) == .intent(section: "cart", view: "product", animation: .none, state: [:]))
        #expect(driver.next(at: 9) == .intent(section: "home", view: "feed", animation: .crossDissolve, state: [:]))
        #expect(driver.firedRecordedDeepLink)
        #expect(driver.next(at: 12) == .intent(section: "home", view: "product", animation: .push, state: [:]))
        // After the last event the user stays.
        #expect(driver.next(at: 13) == .dwell(UserDriver.staysFor))

        let result = ScenarioRunner.run(scenario, options: RunOptions())
        let row = try #require(result.summary.first)
        #expect(row["deep_links"]?.text == "1", "\(String(describing: row["deep_links"]))")
        #expect(NavigationDriverTests.int(row, "failed_backs") == 0)
    }

    @Test("the same recorded session gives the same counts on two runs, and the seed changes none of them")
    func recordedNavigationDeterministic() throws {
        let scenario = try ScenarioLoader.load(
            contentsOf: SchemaDeclarationTests.packageRoot.appendingPathComponent("scenarios/recorded-shop.yaml"))
        let first = ScenarioRunner.run(scenario, options: RunOptions())
        var other = RunOptions()
        other.seed = 999
        let second = ScenarioRunner.run(scenario, options: other)
        let counts = first.columns.summary.filter { $0.role == .count }.map(\.name)
        #expect(!counts.isEmpty)
        for (a, b) in zip(first.summary, second.summary) {
            #expect(counts.map { a[$0] } == counts.map { b[$0] })
        }
        #expect(scenario.body.seedLeavesNothingOpen)
    }

    @Test(
        "a session file: a wrong header, event, time or field is an error at the file's line and column; a name the app lacks, at the event's line"
    )
    func sessionFileErrors() throws {
        let cases: [(String, Int, Int, String)] = [
            ("t,event,section,view\n", 1, 1, "expected the header 't_s,event,section,view'"),
            (
                "t_s,event,section,view\n0,jump,home,feed\n", 2, 3,
                "unknown event 'jump' (expected one of: intent, tab, back, rewind, deep_link)"
            ),
            ("t_s,event,section,view\n0,intent,home\n", 2, 1, "expected 4 fields"),
            ("t_s,event,section,view\n5,intent,home,feed\n1,back,,\n", 3, 1, "t_s must not decrease: 1 after 5"),
            ("t_s,event,section,view\n0,back,home,\n", 2, 8, "a back names no section or view"),
            ("t_s,event,section,view\n0,intent,,feed\n", 2, 10, "a intent names its section"),
        ]
        for (text, line, column, message) in cases {
            do {
                _ = try RecordedNavigation.parse(text, file: "s.csv")
                Issue.record("accepted: \(text)")
            } catch let error as ScenarioError {
                #expect(error.line == line && error.column == column, "\(error)")
                #expect(error.message.contains(message), "\(error)")
            }
        }
        let (directory, file) = try Self.write(session: "t_s,event,section,view\n0,intent,home,feed\n3,intent,cart,checkout\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try ScenarioLoader.load(yaml: Self.app(user: "{recorded: s.csv}"), file: file)
            Issue.record("an unknown view was accepted")
        } catch {
            #expect(error.file.hasSuffix("s.csv") && error.line == 3, "\(error)")
            #expect(error.message.contains("unknown view 'checkout' in section 'cart'"), "\(error)")
        }
    }

    @Test("recorded is one of script, markov or recorded: not beside another")
    func recordedAloneRefusesScript() throws {
        let (directory, file) = try Self.write(session: Self.session)
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try ScenarioLoader.load(yaml: Self.app(user: "{recorded: s.csv, script: [back]}"), file: file)
            Issue.record("recorded beside script was accepted")
        } catch {
            #expect(error.message.contains("give one of 'script', 'markov' or 'recorded', not several"), "\(error)")
        }
    }
}
