import Foundation
import Models
import Report

/// A cached drawing against a fresh one: a 300×44 button with a gradient, rounded corners, a drop
/// shadow and a title, drawn through Cairo, and the same drawing served by a DrawingCache's memory
/// tier and by its disk tier alone (the seed's set-up: each hit reads the PNG file and decodes it
/// with libpng). Goal: a memory hit costs at most 1% of a fresh draw.
enum DrawingBench {
    struct Figures {
        var fresh: LatencySummary
        var hit: LatencySummary
        var hitAllocations: AllocationSnapshot
        var hits: Int
        var diskHit: LatencySummary
        var fileBytes: Int
        var pixelBytes: Int

        /// A hit's median as a share of a fresh draw's median.
        var ratio: Double { fresh.p50 == 0 ? 0 : Double(hit.p50) / Double(fresh.p50) }
        /// A disk hit's median as a share of a fresh draw's median.
        var diskRatio: Double { fresh.p50 == 0 ? 0 : Double(diskHit.p50) / Double(fresh.p50) }

        var report: String {
            let percent = (ratio * 10_000).rounded() / 100
            let diskPercent = (diskRatio * 1_000).rounded() / 10
            return """
                drawing (300x44, gradient + corner radius 8 + shadow 4 + title)   median_ns  p90_ns  p99_ns
                  fresh draw (Cairo)                                            \(pad(fresh.p50))\(pad(fresh.p90, 8))\(fresh.p99)
                  cached drawing (memory hit)                                   \(pad(hit.p50))\(pad(hit.p90, 8))\(hit.p99)
                  cached drawing (disk hit: read + libpng decode)               \(pad(diskHit.p50))\(pad(diskHit.p90, 8))\(diskHit.p99)
                  hit / fresh draw (median): \(percent)% (goal <= 1%); \(hitAllocations.count) allocations over \(hits) hits
                  disk hit / fresh draw (median): \(diskPercent)%; PNG file \(fileBytes) bytes for \(pixelBytes) bytes of pixels
                """
        }

        private func pad(_ value: UInt64, _ width: Int = 11) -> String {
            let text = "\(value)"
            return text + String(repeating: " ", count: max(1, width - text.count))
        }
    }

    static let spec = DrawingSpec(
        size: PixelSize(width: 300, height: 44),
        background: RGBAColor(red: 0.95, green: 0.95, blue: 0.97),
        gradient: LinearGradient(
            from: RGBAColor(red: 0.35, green: 0.55, blue: 0.95), to: RGBAColor(red: 0.15, green: 0.3, blue: 0.75),
            start: .top, end: .bottom),
        cornerRadius: 8, text: "Save changes", textColor: RGBAColor(red: 1, green: 1, blue: 1), fontSize: 18,
        shadowRadius: 4, shadowOffsetY: 2)

    static func run(freshDraws: Int = 200, hits: Int = 100_000, batch: Int = 100, diskHits: Int = 2_000) throws -> Figures {
        let rasterizer = Rasterizer()
        var fresh = LatencyRecorder()
        _ = rasterizer.draw(spec)
        for _ in 0..<freshDraws {
            let start = MonotonicClock.now()
            _ = rasterizer.draw(spec)
            fresh.record(nanoseconds: MonotonicClock.now() - start)
        }
        let cache = try DrawingCache(policy: .memory(policy: PolicyRegistry.defaultPolicy, capacityBytes: 0)) { 0 }
        let rect = Rect(x: 0, y: 0, width: 300, height: 44)
        func hit() {
            _ = try? cache.cachedDrawing(typeName: "SaveButton", selector: "freshDrawRect:", rect: rect, salt: "Save changes") { _ in
                rasterizer.draw(spec)
            }
        }
        hit()
        var latency = LatencyRecorder()
        var allocations = AllocationSnapshot.zero
        let requestsBefore = AllocationProbe.requests()
        for _ in 0..<(hits / batch) {
            let before = AllocationProbe.snapshot()
            let start = MonotonicClock.now()
            for _ in 0..<batch { hit() }
            let elapsed = MonotonicClock.now() - start
            let delta = AllocationProbe.snapshot().since(before)
            allocations.bytes += delta.bytes
            latency.record(nanoseconds: (elapsed + UInt64(batch) / 2) / UInt64(batch))
        }
        allocations.count = AllocationProbe.requests() &- requestsBefore
        let disk = try measureDiskHits(diskHits, rect: rect, rasterizer: rasterizer)
        return Figures(
            fresh: fresh.summary, hit: latency.summary, hitAllocations: allocations, hits: hits, diskHit: disk.latency,
            fileBytes: disk.fileBytes, pixelBytes: disk.pixelBytes)
    }

    /// `count` hits on a disk-only cache in a temporary directory, each timed.
    private static func measureDiskHits(
        _ count: Int, rect: Rect, rasterizer: Rasterizer
    ) throws -> (latency: LatencySummary, fileBytes: Int, pixelBytes: Int) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("workbench-drawing-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try DrawingCache(policy: .disk(directory: directory)) { 0 }
        func hit() -> DrawnImage? {
            try? cache.cachedDrawing(typeName: "SaveButton", selector: "freshDrawRect:", rect: rect, salt: "Save changes") { _ in
                rasterizer.draw(spec)
            }
        }
        let stored = hit()
        cache.waitForPendingWrites()
        _ = hit()
        var latency = LatencyRecorder()
        for _ in 0..<count {
            let start = MonotonicClock.now()
            _ = hit()
            latency.record(nanoseconds: MonotonicClock.now() - start)
        }
        return (latency.summary, cache.statistics.diskBytes, stored?.byteCount ?? 0)
    }
}
