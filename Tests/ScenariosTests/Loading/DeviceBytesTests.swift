import Foundation
import Report
import Testing

@testable import Scenarios

/// `device: {bytes: …}`: what one controller of a type holds on the device; the scrolling table's
/// `device_bytes_held_max` and `_mean` are the cache's controllers × their types' stated sizes,
/// from the counts: deterministic, whatever this machine's stand-ins take.
@Suite("Device profiles: bytes held")
struct DeviceBytesTests {
    /// Two cell types and a detail screen, an LRU cache of 6 and no cache at all.
    static func table(device: String) -> String {
        """
        name: sized
        kind: scrolling-table
        seed: 5
        duration: 2s
        warmup: 0s
        table:
          sections: 1
          rows_per_section: 400
          viewport_height: 600
          refresh_hz: 60
          cells:
            - {type: post, height: 100, weight: 3, nib: {views: 4, depth: 2}}
            - {type: photo, height: 250, weight: 1, nib: {views: 6, depth: 3}}
        details:
          - {type: detail, nib: {views: 8, depth: 3}}
        scroll:
          - steady: {speed: 2000, duration: 1s}
          - push: {count: 1, dwell: 200ms}
          - steady: {speed: 2000, duration: 1s}
        cache: {capacity: 6, policies: [none, lru], in_use: [repopulate]}
        device: \(device)
        """
    }

    static let sizes = "{name: phone, costs: {post: 2ms}, bytes: {post: 100KB, photo: 300KB, detail: 1MB}}"

    static func summary(_ yaml: String, policy: String) throws -> ResultRow? {
        let scenario = try ScenarioLoader.load(yaml: yaml, file: "t.yaml")
        return ScenarioRunner.run(scenario, options: RunOptions()).summary.first { $0["policy"] == .string(policy) }
    }

    @Test("device bytes held: the cache's controllers times their types' stated sizes, at most the capacity's worth, none without a cache")
    func deviceBytesHeldFromCountsAndSizes() throws {
        let yaml = Self.table(device: Self.sizes)
        let lru = try Self.summary(yaml, policy: "lru")
        let none = try Self.summary(yaml, policy: "none")
        let held = try #require(lru?["device_bytes_held_max"].flatMap { Double($0.text) })
        let mean = try #require(lru?["device_bytes_held_mean"].flatMap { Double($0.text) })
        // Six controllers at most, each at most the detail's 1 MB; at least one post's 100 KB.
        #expect(held >= 100 * 1024)
        #expect(held <= 5 * 300 * 1024 + 1024 * 1024)
        #expect(mean > 0 && mean <= held)
        // Sums of whole sizes: a multiple of the sizes' common divisor, 100 KB.
        #expect(held.truncatingRemainder(dividingBy: 100 * 1024) == 0)
        #expect(none?["device_bytes_held_max"]?.text == "0")
    }

    @Test("device bytes held are deterministic: the same file and seed give the same bytes")
    func deviceBytesHeldDeterministic() throws {
        let yaml = Self.table(device: Self.sizes)
        let first = try Self.summary(yaml, policy: "lru")
        let second = try Self.summary(yaml, policy: "lru")
        #expect(first?["device_bytes_held_max"] == second?["device_bytes_held_max"])
        #expect(first?["device_bytes_held_mean"] == second?["device_bytes_held_mean"])
        #expect(ScrollingTableScenario.columns.summary.first { $0.name == "device_bytes_held_max" }?.role == .count)
    }

    @Test("without stated sizes the device bytes columns are 0, as device_cost_ms is without costs")
    func deviceBytesZeroWithoutSizes() throws {
        let row = try Self.summary(Self.table(device: "{costs: {post: 2ms}}"), policy: "lru")
        #expect(row?["device_bytes_held_max"]?.text == "0")
        #expect(row?["device_bytes_held_mean"]?.text == "0")
    }

    @Test("a profile may state bytes without costs; scenario.yaml carries the sizes and loads back to them")
    func bytesWithoutCostsRoundTrip() throws {
        let yaml = Self.table(device: "{bytes: {post: 64KB, detail: 2097152}}")
        let scenario = try ScenarioLoader.load(yaml: yaml, file: "t.yaml")
        let device = try #require(scenario.as(ScrollingTableScenario.self)?.device)
        #expect(device.bytes == [DeviceBytes(name: "post", bytes: 65_536), DeviceBytes(name: "detail", bytes: 2_097_152)])
        #expect(device.costs.isEmpty)
        let result = ScenarioRunner.run(scenario, options: RunOptions())
        let reloaded = try ScenarioLoader.load(yaml: result.scenarioYAML, file: "scenario.yaml")
        #expect(reloaded.as(ScrollingTableScenario.self)?.device == device)
    }

    @Test("a size naming no cell or detail type is refused at its key; a header's reuse_id cannot be sized")
    func unknownSizedNameRefused() throws {
        do {
            _ = try ScenarioLoader.load(yaml: Self.table(device: "{bytes: {psot: 1KB}}"), file: "t.yaml")
            Issue.record("an unknown sized name was accepted")
        } catch {
            #expect(error.keyPath == "device.bytes.psot", "\(error)")
            #expect(error.message.contains("device size 'psot' matches nothing in the scenario"), "\(error)")
            #expect(error.message.contains("post, photo, detail"), "\(error)")
        }
    }

    @Test("a size must be a byte count of at most 16GB, and a profile must state costs or bytes")
    func sizeBoundsAndEmptyProfile() throws {
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(yaml: Self.table(device: "{bytes: {post: 17GB}}"), file: "t.yaml") }
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(yaml: Self.table(device: "{bytes: {post: -1}}"), file: "t.yaml") }
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(yaml: Self.table(device: "{bytes: {}}"), file: "t.yaml") }
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(yaml: Self.table(device: "{name: phone}"), file: "t.yaml") }
    }

    /// The drawing test file with `device:` added, the ticker's view given `ticker` extra keys.
    static func drawing(device: String, ticker: String = "") -> String {
        DrawingScenarioTests.yaml.replacingOccurrences(of: "content: every_frame", with: "content: every_frame\(ticker)")
            + "\ndevice: \(device)\n"
    }

    static func drawingHeld(_ yaml: String) throws -> [String: Int] {
        let scenario = try ScenarioLoader.load(yaml: yaml, file: "t.yaml")
        var held: [String: Int] = [:]
        for row in ScenarioRunner.run(scenario, options: RunOptions()).summary {
            held[row["policy"]?.text ?? ""] = row["device_bytes_held_max"].flatMap { Int($0.text) } ?? -1
        }
        return held
    }

    @Test(
        "drawing: device bytes held are the memory tier's drawings times each view's size, a view's inline bytes: over the profile's; 0 without a memory tier"
    )
    func drawingDeviceBytesStated() throws {
        // The buttons are static (one drawing per instance, at most 2, 1000 B in the profile), the
        // ticker's drawings 1 B each (inline): the bytes held are 1000 × buttons + tickers.
        let yaml = Self.drawing(device: "{name: phone, bytes: {button: 1000, ticker: 5KB}}", ticker: "\n    bytes: 1")
        let held = try Self.drawingHeld(yaml)
        let memory = try #require(held["memory"])
        #expect((1...2).contains(memory / 1000), "one or two button drawings held: \(memory)")
        #expect(memory % 1000 > 0 && memory % 1000 < 100, "ticker drawings at 1 B each, not 5 KB: \(memory)")
        #expect(held["none"] == 0)
        #expect(held["memory+disk"] == memory)
        #expect(try Self.drawingHeld(yaml) == held)
    }

    @Test("drawing: a view without a stated size holds width × height × 4 × scale² bytes per cached drawing with the profile's scale:")
    func drawingDeviceBytesFromScale() throws {
        let held = try Self.drawingHeld(Self.drawing(device: "{name: phone, scale: 2}"))
        let memory = try #require(held["memory"])
        // button 40×16 points → 80×32 pixels × 4 = 10240 B; ticker 32×12 → 64×24 × 4 = 6144 B.
        let button = 80 * 32 * 4
        let ticker = 64 * 24 * 4
        #expect(memory > 0)
        #expect((0...2).contains { buttons in (memory - buttons * button) % ticker == 0 }, "\(memory)")
        #expect(
            DeviceProfile.resolveDrawingBytes(nil, named: "x", width: 10.5, height: 3, in: DeviceProfile(costs: [], scale: 3))
                == 32 * 9 * 4)
        #expect(DeviceProfile.resolveDrawingBytes(nil, named: "x", width: 10, height: 3, in: DeviceProfile(costs: [])) == nil)
    }

    @Test("scale: is refused where no size is derived from it (a scrolling table), and must be between 1 and 4")
    func scaleOnlyForDrawing() throws {
        do {
            _ = try ScenarioLoader.load(yaml: Self.table(device: "{bytes: {post: 1KB}, scale: 3}"), file: "t.yaml")
            Issue.record("a scrolling table's scale: was accepted")
        } catch {
            #expect(error.keyPath == "device.scale", "\(error)")
            #expect(error.message.contains("only a drawing scenario derives sizes from the screen's scale"), "\(error)")
        }
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(yaml: Self.drawing(device: "{scale: 5}"), file: "t.yaml") }
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(yaml: Self.drawing(device: "{scale: 0.5}"), file: "t.yaml") }
    }

    @Test("a nib's inline bytes: overrides the profile's size of its type; a header's nib states none")
    func nibInlineBytes() throws {
        let yaml = Self.table(device: "{bytes: {post: 100KB, photo: 1000}}")
            .replacingOccurrences(of: "nib: {views: 4, depth: 2}", with: "nib: {views: 4, depth: 2, bytes: 1}")
        let held = try #require(try Self.summary(yaml, policy: "lru")?["device_bytes_held_max"].flatMap { Int($0.text) })
        // Posts at 1 B each (inline), photos at 1000 B: never 100 KB.
        #expect(held > 0 && held < 10_000, "\(held)")
        let header = Self.table(device: Self.sizes).replacingOccurrences(
            of: "  cells:\n", with: "  header: {reuse_id: hdr, height: 20, nib: {views: 2, depth: 2, bytes: 1KB}}\n  cells:\n")
        do {
            _ = try ScenarioLoader.load(yaml: header, file: "t.yaml")
            Issue.record("a header nib's bytes: was accepted")
        } catch {
            #expect(error.message.contains("a header or footer nib states no bytes"), "\(error)")
        }
    }

    @Test(
        "navigation: device bytes held are the view cache's controllers times their sections' and views' stated sizes; none under none, most under forever"
    )
    func navigationDeviceBytesHeld() throws {
        let yaml =
            NavigationDriverTests.markovApp
            + "device: {name: phone, bytes: {a: 10KB, a1: 100KB, a2: 100KB, a3: 100KB, b: 10KB, b1: 1000KB, b2: 100KB, c: 10KB}}\n"
        let result = try NavigationDriverTests.run(yaml)
        func held(_ policy: String) -> Double {
            let row = result.summary.first { $0["policy"] == .string(policy) }
            return row?["device_bytes_held_max"].flatMap { Double($0.text) } ?? -1
        }
        #expect(held("none") == 0)
        #expect(held("lru") > 0)
        // lru holds at most 3 controllers, forever all it ever made.
        #expect(held("lru") <= 3 * 1000 * 1024)
        #expect(held("forever") >= held("lru"))
        #expect(held("lru").truncatingRemainder(dividingBy: 10 * 1024) == 0)
        let again = try NavigationDriverTests.run(yaml)
        #expect(again.summary.map { $0["device_bytes_held_max"] } == result.summary.map { $0["device_bytes_held_max"] })
    }
}
