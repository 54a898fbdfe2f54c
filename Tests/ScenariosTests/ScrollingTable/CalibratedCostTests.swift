import Foundation
import Report
import Testing

@testable import Scenarios

/// A nib's `cost:`: device time stated by the team, charged to the frame on the virtual clock
/// beside the stand-in's measured time.
@Suite("Scrolling-table: calibrated costs")
struct CalibratedCostTests {
    /// 60 fps, no reuse (`none`: every row that appears is instantiated), 20-point rows scrolled
    /// at 3000 pt/s: about 2.5 instantiations a frame.
    static func table(cost: String?) -> String {
        let costKey = cost.map { ", cost: \($0)" } ?? ""
        return """
            name: calibrated
            kind: scrolling-table
            seed: 3
            duration: 2s
            warmup: 0s
            table:
              sections: 1
              rows_per_section: 2000
              viewport_height: 600
              refresh_hz: 60
              cells:
                - {type: row, height: 20, nib: {views: 4, depth: 2, label: R\(costKey)}}
            scroll:
              - steady: {speed: 3000, duration: 2s}
            cache: {capacity: 8, policies: [none]}

            """
    }

    static func summary(_ cost: String?) throws -> ResultRow? {
        ScenarioRunner.run(try ScenarioLoader.load(yaml: table(cost: cost), file: "t.yaml"), options: RunOptions()).summary.first
    }

    static func number(_ row: ResultRow?, _ column: String) -> Double {
        switch row?[column] {
        case .int(let n): Double(n)
        case .uint(let n): Double(n)
        case .double(let x): x
        default: -1
        }
    }

    @Test("a stated 10 ms nib cost makes a 60 fps scroll go over budget and 0.1 ms does not")
    func statedCostDecidesTheBudget() throws {
        let heavy = try Self.summary("10ms")
        let light = try Self.summary("0.1ms")
        let frames = Self.number(heavy, "frames")
        #expect(frames == 120)
        // Two or three 10 ms instantiations a frame: nearly every frame is over its 16.7 ms.
        #expect(Self.number(heavy, "device_frames_over_budget") > 0.9 * frames)
        // Two or three 0.1 ms ones: none, unless the stand-in's own work was already over.
        #expect(Self.number(light, "device_frames_over_budget") <= Self.number(light, "frames_over_budget") + 0.05 * frames)
    }

    @Test("the stated cost is charged, not spent: the measured stand-in time stays as it is")
    func measuredTimeUnchanged() throws {
        let heavy = try Self.summary("10ms")
        // Each calibrated instantiation is charged its 10 ms exactly...
        let calibrated = Self.number(heavy, "calibrated_instantiations")
        #expect(calibrated == Self.number(heavy, "instantiations"))
        #expect(calibrated > 200)
        #expect(abs(Self.number(heavy, "device_cost_ms") - 10 * calibrated) < 1e-6)
        // ...while a measured row request (the stand-in's nib load included) stays far below it.
        #expect(Self.number(heavy, "dequeue_latency_p50_ns") < 5_000_000)
    }

    @Test("without a stated cost nothing is charged and the device columns follow the measured ones")
    func noCostNoCharge() throws {
        let plain = try Self.summary(nil)
        #expect(Self.number(plain, "calibrated_instantiations") == 0)
        #expect(Self.number(plain, "device_cost_ms") == 0)
        #expect(Self.number(plain, "device_frames_over_budget") == Self.number(plain, "frames_over_budget"))
    }

    @Test("a nib cost must be between 0 and 10 s")
    func costRange() {
        do {
            _ = try ScenarioLoader.load(yaml: Self.table(cost: "11s"), file: "t.yaml")
            Issue.record("an 11 s nib cost loaded")
        } catch {
            #expect(error.message == "table.cells[0].nib.cost must be >= 0 and at most 10s (found '11s')")
        }
    }

    @Test("a navigation view's nib cost is charged per creation")
    func navigationCreationsCharged() throws {
        let yaml = NavigationDriverTests.markovApp.replacingOccurrences(
            of: "{name: a1, nib: {views: 30, depth: 4}}", with: "{name: a1, nib: {views: 30, depth: 4, cost: 2.5ms}}")
        let result = try NavigationDriverTests.run(yaml)
        let row = result.summary.first { $0["policy"] == .string("none") }
        let calibrated = Self.number(row, "calibrated_creations")
        #expect(calibrated > 0)
        #expect(calibrated < Self.number(row, "creations"))
        #expect(abs(Self.number(row, "device_cost_ms") - 2.5 * calibrated) < 1e-6)
    }
}
