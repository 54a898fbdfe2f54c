import Foundation
import Report
import Testing

@testable import Scenarios

/// The bytes a scrolling-table's cache holds: `cache_bytes_max`, `cache_bytes_mean` and the
/// timeseries' `cache_bytes`, from each controller's creation (its view tree included).
@Suite("Scrolling-table: bytes held by the cache")
struct CacheBytesTests {
    static func table(capacity: Int, policies: String = "[lru]") -> String {
        """
        name: bytes
        kind: scrolling-table
        seed: 9
        duration: 3s
        warmup: 0s
        sample_interval: 500ms
        table:
          sections: 1
          rows_per_section: 400
          viewport_height: 600
          cells:
            - {type: a, height: 44, weight: 2, nib: {views: 40, depth: 4, label: A}}
            - {type: b, height: 60, weight: 1, nib: {views: 80, depth: 5, label: B}}
        scroll:
          - steady: {speed: 1500, duration: 3s}
        cache: {capacity: \(capacity), policies: \(policies), in_use: [repopulate]}

        """
    }

    static func number(_ row: ResultRow?, _ column: String) -> Double {
        switch row?[column] {
        case .int(let n): Double(n)
        case .uint(let n): Double(n)
        case .double(let x): x
        default: -1
        }
    }

    static func run(_ yaml: String) throws -> ScenarioResult {
        ScenarioRunner.run(try ScenarioLoader.load(yaml: yaml, file: "t.yaml"), options: RunOptions())
    }

    @Test("a larger capacity holds more bytes, and the bytes held are at least the view trees of the controllers held")
    func bytesGrowWithCapacity() throws {
        let small = try Self.run(Self.table(capacity: 2)).summary.first
        let large = try Self.run(Self.table(capacity: 24)).summary.first
        #expect(Self.number(small, "cache_bytes_max") > 0)
        #expect(Self.number(large, "cache_bytes_max") > Self.number(small, "cache_bytes_max"))
        // Each held controller's tree has at least 40 views of at least 16 bytes each.
        #expect(Self.number(large, "cache_bytes_max") >= Self.number(large, "cached_controllers_end") * 40 * 16)
        #expect(Self.number(large, "cache_bytes_mean") <= Self.number(large, "cache_bytes_max"))
        #expect(Self.number(large, "cache_bytes_mean") > 0)
    }

    @Test("the baseline none holds nothing: 0 bytes")
    func noneHoldsNothing() throws {
        let row = try Self.run(Self.table(capacity: 4, policies: "[none]")).summary.first
        #expect(Self.number(row, "cache_bytes_max") == 0)
    }

    @Test("every sample of the timeseries carries the bytes held, at most the summary's maximum")
    func timeseriesCarriesBytes() throws {
        let result = try Self.run(Self.table(capacity: 8))
        let rows = Array(result.timeseries)
        #expect(rows.count == 6)
        let maximum = Self.number(result.summary.first, "cache_bytes_max")
        #expect(rows.allSatisfy { Self.number($0, "cache_bytes") >= 0 && Self.number($0, "cache_bytes") <= maximum })
        #expect(rows.contains { Self.number($0, "cache_bytes") == maximum })
    }
}
