import Foundation
import Models
import Scenarios
import Testing

@Suite("workbench trace curve")
struct TraceCurveTests {
    /// A zipf trace of 20,000 requests over 2,000 keys written as csv; its spec and its requests.
    static func zipfTrace(_ dir: TraceDir) throws -> (spec: TraceFileSpec, requests: [TraceRequest]) {
        let path = dir.url.appendingPathComponent("z.csv").path
        let spec = GenerateSpec(distribution: .zipf, alpha: 0.9, objects: 2_000, requests: 20_000, seed: 7)
        _ = try TraceFiles.write(.generated(spec), seed: 1, to: path, format: .csv)
        let file = TraceFileSpec(path: path, header: true, keyColumn: 2, timeColumn: 1, sizeColumn: 3)
        return (file, try TraceFormatTests.requests(file))
    }

    @Test("LRU's one-pass curve equals a separate LRU replay at each capacity")
    func onePassCurveEqualsSeparateReplays() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let (file, requests) = try Self.zipfTrace(dir)
        let capacities = [1, 2, 10, 64, 100, 500, 1_000, 1_999, 2_000, 5_000]
        let curve = try TraceCurve(file, capacities: capacities)
        let replayed = TraceReplay.misses(of: .lru, capacities: capacities.map { .objects($0) }) { body in
            requests.withUnsafeBufferPointer { body($0) }
        }
        #expect(curve.points.map(\.capacity) == capacities)
        #expect(curve.points.map(\.misses) == replayed)
        #expect(curve.requests == 20_000)
    }

    @Test("without capacities, the curve spans 1 to the trace's distinct keys on a log scale")
    func defaultCapacitiesSpanTheKeys() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let (file, _) = try Self.zipfTrace(dir)
        let curve = try TraceCurve(file, capacities: [])
        let keys = try #require(curve.distinctKeys)
        #expect(curve.points.first?.capacity == 1)
        #expect(curve.points.last?.capacity == keys)
        #expect(curve.points.last?.misses == keys)  // only first requests miss when every key fits
        #expect(zip(curve.points, curve.points.dropFirst()).allSatisfy { $0.capacity < $1.capacity && $0.misses >= $1.misses })
    }

    @Test("a sampled curve (SHARDS) stays near the exact one")
    func sampledCurveNearExact() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let (file, _) = try Self.zipfTrace(dir)
        let capacities = [100, 200, 500, 1_000]
        let exact = try TraceCurve(file, capacities: capacities)
        let sampled = try TraceCurve(file, capacities: capacities, rate: 0.25)
        for (e, s) in zip(exact.points, sampled.points) {
            #expect(abs(e.missRatio - s.missRatio) < 0.05, "capacity \(e.capacity): \(e.missRatio) vs \(s.missRatio)")
        }
    }
}
