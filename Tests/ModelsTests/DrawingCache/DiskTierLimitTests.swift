import Foundation
import Models
import Testing

/// The disk tier's byte limit: what it keeps, what it deletes and in which order.
@Suite("DrawingCache disk limit")
struct DiskTierLimitTests {
    let clock = DrawingTestClock()
    let rect = Rect(x: 0, y: 0, width: 10, height: 10)

    func cache(_ directory: DrawingTestDirectory, limit: DiskLimit) throws -> DrawingCache {
        directory.track(try DrawingCache(policy: .disk(directory: directory.url, limit: limit), clock: clock.read))
    }

    func draw(_ cache: DrawingCache, _ salt: String) throws {
        _ = try cache.cachedDrawing(typeName: "Tile", selector: "draw:", rect: rect, salt: salt) { rect in
            solidTestBitmap(width: Int(rect.width), height: Int(rect.height))
        }
    }

    func key(_ salt: String) throws -> String {
        try DrawingKey.text(typeName: "Tile", selector: "draw:", rect: rect, salt: salt)
    }

    /// The file bytes of one entry (salts of one length give files of one size).
    func entryBytes() throws -> Int {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let cache = try cache(directory, limit: .unlimited)
        try draw(cache, "A")
        return cache.statistics.diskBytes
    }

    @Test("the disk tier stays within its byte limit, deleting entries in its policy's order, counted as evictions")
    func diskTierHonoursByteLimit() throws {
        let size = try entryBytes()
        #expect(size > 0)
        for (policy, victim) in [(PolicyName.lru, "B"), (.fifo, "A")] {
            let directory = DrawingTestDirectory()
            defer { directory.cleanUp() }
            let cache = try cache(directory, limit: DiskLimit(capacityBytes: size * 5 / 2, eviction: policy))
            try draw(cache, "A")
            try draw(cache, "B")
            try draw(cache, "A")  // a disk hit: A becomes the most recent under lru
            #expect(cache.statistics.diskHits == 1, "\(policy)")
            try draw(cache, "C")
            cache.waitForPendingWrites()
            #expect(cache.statistics.diskEvictions == 1, "\(policy)")
            #expect(cache.statistics.diskBytes == 2 * size, "\(policy)")
            #expect(!cache.store.diskContains(try key(victim)), "\(policy) deletes \(victim)")
            #expect(directory.entryFiles.count == 2, "the victim's file is gone too")
            #expect(cache.invariantViolation() == nil)
        }
    }

    @Test("without a limit the disk tier evicts nothing")
    func unlimitedDiskTierKeepsEverything() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let cache = try cache(directory, limit: .unlimited)
        for salt in ["A", "B", "C", "D"] { try draw(cache, salt) }
        cache.waitForPendingWrites()
        #expect(cache.statistics.diskEvictions == 0)
        #expect(directory.entryFiles.count == 4)
    }

    @Test("an entry larger than the limit alone is not kept on disk")
    func oversizedEntryNotKeptOnDisk() throws {
        let size = try entryBytes()
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let cache = try cache(directory, limit: DiskLimit(capacityBytes: size - 1))
        try draw(cache, "A")
        cache.waitForPendingWrites()
        #expect(cache.statistics.diskEntries == 0)
        #expect(cache.statistics.diskEvictions == 1)
        #expect(directory.entryFiles.isEmpty)
    }

    @Test("reopened with a smaller limit, the tier deletes its oldest entries at start")
    func reopeningEnforcesLimit() throws {
        let size = try entryBytes()
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let first = try cache(directory, limit: .unlimited)
        for salt in ["A", "B", "C"] {
            try draw(first, salt)
            clock.now += 1  // later writes expire later: the write order survives the restart
        }
        first.waitForPendingWrites()
        let second = try cache(directory, limit: DiskLimit(capacityBytes: size * 2))
        second.waitForPendingWrites()
        #expect(second.store.diskStartupReport?.evictedOverLimit == 1)
        #expect(!second.store.diskContains(try key("A")))
        #expect(second.store.diskContains(try key("C")))
        #expect(directory.entryFiles.count == 2)
    }
}
