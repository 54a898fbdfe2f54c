import Report
import Testing

@testable import Scenarios

/// A drawn view's `cost:` (or its `device:` profile cost): what one fresh draw, its
/// rasterisation, costs on a device, charged to the frame beside the measured stand-in draw.
@Suite("Drawing: calibrated costs")
struct DrawingCalibratedCostTests {
    /// One small view whose content changes every frame: a fresh draw each frame, and a cached
    /// one never. `cost` and `device` are spliced in.
    static func yaml(cost: String? = nil, device: String? = nil) -> String {
        let costKey = cost.map { ", cost: \($0)" } ?? ""
        let deviceLine = device.map { "device: \($0)\n" } ?? ""
        return """
            name: calibrated-draws
            kind: drawing
            seed: 2
            duration: 1s
            warmup: 100ms
            views:
              - {name: avatar, size: [48, 48], effects: {gradient: false}, content: every_frame\(costKey)}
            cache: {policies: [memory], eviction: lru, capacity: 1MB}
            \(deviceLine)
            """
    }

    static func summary(_ yaml: String) throws -> ResultRow? {
        ScenarioRunner.run(try DrawingScenarioTests.load(yaml)).summary.first
    }

    static let number = CalibratedCostTests.number

    @Test("a drawing's calibrated cost pushes frames over budget while the measured stand-in time is unchanged")
    func calibratedDrawPushesFramesOverBudget() throws {
        let heavy = try Self.summary(Self.yaml(cost: "20ms"))
        let frames = Self.number(heavy, "frames")
        #expect(frames == 60)
        let draws = Self.number(heavy, "fresh_draws")
        #expect(draws >= frames)
        // Every fresh draw is charged its 20 ms: every frame is over its 16.7 ms on the device...
        #expect(Self.number(heavy, "calibrated_draws") == draws)
        #expect(abs(Self.number(heavy, "device_cost_ms") - 20 * draws) < 1e-6)
        #expect(Self.number(heavy, "device_frames_over_budget") == frames)
        // ...while the stand-in's measured draw of 48×48 pixels stays far below it.
        #expect(Self.number(heavy, "fresh_draw_p50_ns") < 5_000_000)
        #expect(Self.number(heavy, "frames_over_budget") < 0.5 * frames)
    }

    @Test("a drawn view's profile cost is charged per fresh draw; its inline cost overrides the profile")
    func profileAndInlineDrawCosts() throws {
        let profiled = try Self.summary(Self.yaml(device: "{name: phone, costs: {avatar: 2ms}}"))
        #expect(abs(Self.number(profiled, "device_cost_ms") - 2 * Self.number(profiled, "fresh_draws")) < 1e-6)
        let overridden = try Self.summary(Self.yaml(cost: "0.5ms", device: "{name: phone, costs: {avatar: 2ms}}"))
        #expect(abs(Self.number(overridden, "device_cost_ms") - 0.5 * Self.number(overridden, "fresh_draws")) < 1e-6)
    }

    @Test("without a stated cost no draw is calibrated and the device frames are the measured ones")
    func noCostNoCharge() throws {
        let plain = try Self.summary(Self.yaml())
        #expect(Self.number(plain, "calibrated_draws") == 0)
        #expect(Self.number(plain, "device_cost_ms") == 0)
        #expect(Self.number(plain, "device_frames_over_budget") == Self.number(plain, "frames_over_budget"))
    }

    @Test("a drawing profile's names are drawn views, and a cost is at most 10 s")
    func drawingNames() {
        let unknown = DrawingScenarioTests.error(Self.yaml(device: "{costs: {avatr: 1ms}}"))
        #expect(
            unknown?.message
                == "device.costs.avatr: device cost 'avatr' matches nothing in the scenario (expected drawn view name: avatar)")
        let slow = DrawingScenarioTests.error(Self.yaml(cost: "11s"))
        #expect(slow?.message == "views[0].cost must be >= 0 and at most 10s (found '11s')")
    }
}
