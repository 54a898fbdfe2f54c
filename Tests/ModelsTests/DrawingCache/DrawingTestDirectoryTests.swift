import Foundation
import Models
import Testing

/// The tests' own temporary directories: none is left behind in the temporary directory.
@Suite("DrawingTestDirectory")
struct DrawingTestDirectoryTests {
    @Test("cleanUp leaves no drawing-cache directory behind, even with the disk tier's writes still queued")
    func cleanUpLeavesNothing() throws {
        let clock = DrawingTestClock()
        var urls: [URL] = []
        for _ in 0..<20 {
            let directory = DrawingTestDirectory()
            urls.append(directory.url)
            let cache = directory.track(
                try DrawingCache(
                    policy: .memoryAndDisk(policy: .lru, capacityBytes: 0, directory: directory.url), clock: clock.read))
            for salt in ["A", "B", "C", "D"] {
                _ = try cache.cachedDrawing(typeName: "Tile", selector: "draw:", rect: Rect(x: 0, y: 0, width: 10, height: 10), salt: salt)
                {
                    solidTestBitmap(width: Int($0.width), height: Int($0.height))
                }
            }
            directory.cleanUp()
        }
        // Whatever was still queued has had time to run.
        Thread.sleep(forTimeInterval: 0.3)
        let left = urls.filter { FileManager.default.fileExists(atPath: $0.path) }
        #expect(left.isEmpty, "\(left.map(\.lastPathComponent))")
    }
}
