import Foundation
import Models
import Testing

/// One test per rule of the store under the drawing cache (EGOCache and its memory tier), including
/// the robustness choices: a bad index or entry file is a clean miss, an unusable directory an error.
@Suite("DrawingCache store")
struct DrawingCacheStoreTests {
    let clock = DrawingTestClock()
    let rect = Rect(x: 0, y: 0, width: 10, height: 10)  // 400 bitmap bytes

    func diskCache(
        _ directory: DrawingTestDirectory, policy: PolicyName = .lru, capacityBytes: Int = 0, runLoop: Models.RunLoop? = nil
    ) throws -> DrawingCache {
        directory.track(
            try DrawingCache(
                policy: .memoryAndDisk(policy: policy, capacityBytes: capacityBytes, directory: directory.url), runLoop: runLoop,
                clock: clock.read))
    }

    func draw(_ cache: DrawingCache, _ salt: String, rgb: UInt32 = 0x808080) throws -> DrawnImage? {
        try cache.cachedDrawing(typeName: "Tile", selector: "draw:", rect: rect, salt: salt) { rect in
            solidTestBitmap(width: Int(rect.width), height: Int(rect.height), rgb: rgb)
        }
    }

    func key(_ salt: String) throws -> String {
        try DrawingKey.text(typeName: "Tile", selector: "draw:", rect: rect, salt: salt)
    }

    // MARK: Memory tier

    @Test("the memory tier evicts by bytes, in the eviction policy's order")
    func memoryEvictsByBytesThroughPolicy() throws {
        for (policy, expectedVictim) in [(PolicyName.lru, "B"), (.fifo, "A")] {
            let cache = try DrawingCache(policy: .memory(policy: policy, capacityBytes: 1_200), clock: clock.read)
            _ = try draw(cache, "A")
            _ = try draw(cache, "B")
            _ = try draw(cache, "C")
            _ = try draw(cache, "A")  // a hit: A becomes most recent under lru
            #expect(cache.statistics.memoryBytes == 1_200)
            _ = try draw(cache, "D")
            #expect(cache.statistics.memoryBytes == 1_200, "\(policy)")
            #expect(cache.statistics.memoryEvictions == 1, "\(policy)")
            #expect(!cache.store.memoryContains(try key(expectedVictim)), "\(policy) evicts \(expectedVictim)")
            #expect(cache.invariantViolation() == nil)
        }
    }

    @Test("a drawing larger than the memory capacity is not kept in memory")
    func oversizedDrawingNotKept() throws {
        let cache = try DrawingCache(policy: .memory(policy: .lru, capacityBytes: 399), clock: clock.read)
        #expect(try draw(cache, "A") != nil, "it is still returned")
        #expect(cache.statistics.memoryEntries == 0)
    }

    @Test("a memory warning empties the memory tier; the disk tier stays and the next request is a disk hit")
    func memoryWarningEmptiesMemoryDiskStays() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let runLoop = Models.RunLoop(refreshRate: 60)
        let cache = try diskCache(directory, runLoop: runLoop)
        let drawn = try #require(try draw(cache, "A", rgb: 0x336699))
        cache.waitForPendingWrites()
        runLoop.postMemoryPressure(.warning)
        #expect(cache.statistics.memoryEntries == 0)
        #expect(cache.statistics.memoryBytes == 0)
        #expect(cache.statistics.diskEntries == 1)
        let again = try draw(cache, "A", rgb: 0x000000)
        #expect(cache.lastOutcome == .diskHit)
        #expect(again?.bitmap == drawn.bitmap, "the disk hit has the drawn pixels")
        #expect(cache.statistics.memoryEntries == 1, "a disk hit is copied into memory")
        _ = try draw(cache, "A")
        #expect(cache.lastOutcome == .memoryHit)
        #expect(cache.statistics.memoryPressureEvents == 1)
        #expect(cache.invariantViolation() == nil)
    }

    @Test("moderate memory pressure trims the memory tier to half its capacity")
    func moderatePressureTrimsToHalf() throws {
        let cache = try DrawingCache(policy: .memory(policy: .lru, capacityBytes: 1_600), clock: clock.read)
        for salt in ["A", "B", "C", "D"] { _ = try draw(cache, salt) }
        cache.handleMemoryPressure(.moderate)
        #expect(cache.statistics.memoryBytes == 800)
        #expect(cache.store.memoryContains(try key("D")))
        #expect(!cache.store.memoryContains(try key("A")))
        #expect(cache.invariantViolation() == nil)
    }

    // MARK: Disk tier

    @Test("the disk policy keeps nothing in memory: every hit reads the entry's file and decodes it anew")
    func diskPolicyReadsFileOnEveryHit() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let cache = directory.track(try DrawingCache(policy: .disk(directory: directory.url), clock: clock.read))
        #expect(cache.store.policy.name == "disk")
        let drawn = try #require(try draw(cache, "A", rgb: 0x336699))
        cache.waitForPendingWrites()
        let first = try #require(try draw(cache, "A", rgb: 0))
        #expect(cache.lastOutcome == .diskHit)
        let second = try #require(try draw(cache, "A", rgb: 0))
        #expect(cache.lastOutcome == .diskHit, "still from disk: no memory tier to copy it into")
        #expect(first !== second, "each hit decodes a new image")
        #expect(first.bitmap == drawn.bitmap && second.bitmap == drawn.bitmap)
        #expect(cache.statistics.memoryEntries == 0 && cache.statistics.memoryBytes == 0)
        #expect(cache.statistics.diskHits == 2 && cache.statistics.memoryHits == 0)
        try FileManager.default.removeItem(at: try #require(cache.store.diskFileURL(forKey: try key("A"))))
        _ = try draw(cache, "A")
        #expect(cache.lastOutcome == .drawn, "with the file gone the next request draws: the hit came from the file")
        #expect(cache.invariantViolation() == nil)
    }

    @Test("under the disk policy a memory warning changes nothing: the next request is still a disk hit")
    func diskPolicyIgnoresMemoryWarning() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let runLoop = Models.RunLoop(refreshRate: 60)
        let cache = directory.track(try DrawingCache(policy: .disk(directory: directory.url), runLoop: runLoop, clock: clock.read))
        _ = try draw(cache, "A")
        cache.waitForPendingWrites()
        runLoop.postMemoryPressure(.warning)
        _ = try draw(cache, "A")
        #expect(cache.lastOutcome == .diskHit)
        #expect(cache.statistics.memoryPressureEvents == 1)
    }


    @Test("writes are asynchronous and complete by waitForPendingWrites: a PNG file and an index entry")
    func asyncWritesComplete() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let cache = try diskCache(directory)
        for salt in ["A", "B", "C"] { _ = try draw(cache, salt) }
        cache.waitForPendingWrites()
        #expect(directory.entryFiles.count == 3)
        let file = try #require(cache.store.diskFileURL(forKey: try key("B")))
        let bytes = [UInt8](try Data(contentsOf: file))
        #expect(Array(bytes.prefix(8)) == PNGFile.signature)
        let index = try String(contentsOf: directory.url.appendingPathComponent("index.json"), encoding: .utf8)
        let keyA = try key("A")
        let keyC = try key("C")
        #expect(index.contains(keyA) && index.contains(keyC))
        let onDisk = try directory.entryFiles.reduce(0) { total, name in
            total + (try Data(contentsOf: directory.url.appendingPathComponent(name))).count
        }
        #expect(cache.statistics.diskBytes == onDisk, "disk bytes are the files' bytes")
        #expect(cache.statistics.memoryBytes == 1_200, "memory bytes are the bitmaps' bytes")
        #expect(cache.statistics.diskWriteFailures == 0)
        #expect(cache.invariantViolation() == nil)
    }

    @Test("an entry file is a PNG of the drawing that a viewer opens")
    func entryFileIsViewablePNG() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let cache = try diskCache(directory)
        let image = try #require(try draw(cache, "A", rgb: 0xFF8800))
        cache.waitForPendingWrites()
        let file = try #require(cache.store.diskFileURL(forKey: try key("A")))
        let decoded = try IndependentPNGReader.read(file)
        #expect(decoded.crcOK)
        #expect(decoded.width == 10 && decoded.height == 10)
        #expect(decoded.pixels == image.bitmap.unpremultipliedPixels())
        #expect(Array(decoded.pixels.prefix(4)) == [0xFF, 0x88, 0x00, 0xFF])
        let keyHex = try key("A").utf8.map { String(format: "%02x", $0) }.joined()
        #expect(decoded.extra["egKy"]?.hasSuffix(keyHex) == true, "the private chunk names the key")
    }

    @Test("the index survives a restart; entries past their date are removed at start-up, files deleted")
    func indexSurvivesRestartExpiredRemoved() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        do {
            let cache = try diskCache(directory)
            cache.timeoutInterval = CacheTimeout.oneHour
            _ = try draw(cache, "short")
            cache.timeoutInterval = CacheTimeout.oneDay
            _ = try draw(cache, "long", rgb: 0x224466)
            cache.waitForPendingWrites()
            #expect(directory.entryFiles.count == 2)
        }
        let shortPrefix = DrawingTestDirectory.filePrefix(try key("short"))
        #expect(directory.entryFiles.contains { $0.hasPrefix(shortPrefix) })
        clock.now += 2 * CacheTimeout.oneHour
        let restarted = try diskCache(directory)
        let report = try #require(restarted.store.diskStartupReport)
        #expect(report.indexState == .loaded)
        #expect(report.expiredRemoved == 1)
        #expect(report.entriesKept == 1)
        #expect(!directory.entryFiles.contains { $0.hasPrefix(shortPrefix) }, "the expired entry's file is deleted")
        #expect(directory.entryFiles.count == 1)
        #expect(!restarted.store.diskContains(try key("short")))
        let long = try draw(restarted, "long", rgb: 0)
        #expect(restarted.lastOutcome == .diskHit)
        #expect(long?.bitmap == solidTestBitmap(width: 10, height: 10, rgb: 0x224466))
        _ = try draw(restarted, "short")
        #expect(restarted.lastOutcome == .drawn)
        let index = try String(contentsOf: directory.url.appendingPathComponent("index.json"), encoding: .utf8)
        #expect(index.contains(try key("long")))
        #expect(restarted.invariantViolation() == nil)
    }

    @Test("a corrupt index gives a clean cold start: empty index, stale files removed, no hit")
    func corruptIndexColdStart() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        do {
            let cache = try diskCache(directory)
            _ = try draw(cache, "A")
            _ = try draw(cache, "B")
            cache.waitForPendingWrites()
        }
        try Data("{\"version\": 1, \"entries\": {\"EGOUI-Tile".utf8).write(to: directory.url.appendingPathComponent("index.json"))
        let restarted = try diskCache(directory)
        let report = try #require(restarted.store.diskStartupReport)
        #expect(report.indexState == .corrupt("unparsable"))
        #expect(report.staleFilesRemoved == 2)
        #expect(directory.entryFiles.isEmpty)
        #expect(restarted.statistics.diskEntries == 0)
        #expect(restarted.statistics.diskBytes == 0)
        _ = try draw(restarted, "A")
        #expect(restarted.lastOutcome == .drawn)
        restarted.waitForPendingWrites()
        let third = try diskCache(directory)
        #expect(third.store.diskStartupReport?.indexState == .loaded, "the rebuilt index is valid")
        #expect(third.store.diskContains(try key("A")))
    }

    @Test("a missing index with leftover entry files is a clean cold start; other files are left alone")
    func missingIndexColdStart() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        do {
            let cache = try diskCache(directory)
            _ = try draw(cache, "A")
            cache.waitForPendingWrites()
        }
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("index.json"))
        let unrelated = directory.url.appendingPathComponent("notes.png")
        try Data([1, 2, 3]).write(to: unrelated)
        let restarted = try diskCache(directory)
        #expect(restarted.store.diskStartupReport?.indexState == .missing)
        #expect(restarted.store.diskStartupReport?.staleFilesRemoved == 1)
        #expect(directory.entryFiles == ["notes.png"])
        _ = try draw(restarted, "A")
        #expect(restarted.lastOutcome == .drawn)
    }

    @Test("an index naming files outside the tier's pattern deletes nothing and drops those entries")
    func hostileIndexDeletesNothing() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let victim = directory.url.appendingPathComponent("keep.txt")
        try Data([1]).write(to: victim)
        let json = #"{"version":1,"entries":{"k":{"file":"keep.txt","expires":0,"pixelBytes":4,"fileBytes":1}}}"#
        try Data(json.utf8).write(to: directory.url.appendingPathComponent("index.json"))
        let cache = try diskCache(directory)
        #expect(FileManager.default.fileExists(atPath: victim.path))
        #expect(cache.store.diskStartupReport?.missingFilesDropped == 1)
        #expect(cache.statistics.diskEntries == 0)
    }

    @Test("a corrupt entry file is a miss and a redraw, not a wrong hit")
    func corruptEntryIsMiss() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let cache = try diskCache(directory)
        _ = try draw(cache, "A", rgb: 0x102030)
        cache.waitForPendingWrites()
        let file = try #require(cache.store.diskFileURL(forKey: try key("A")))
        var bytes = [UInt8](try Data(contentsOf: file))
        bytes[try #require(PNGFileTests.offset(of: "IDAT", in: bytes)) + 6] ^= 0xFF  // a byte of the compressed pixels
        try Data(bytes).write(to: file)
        cache.handleMemoryPressure(.warning)
        let redrawn = try draw(cache, "A", rgb: 0x405060)
        #expect(cache.lastOutcome == .drawn)
        #expect(cache.statistics.invalidEntries == 1)
        #expect(redrawn?.bitmap == solidTestBitmap(width: 10, height: 10, rgb: 0x405060))
    }

    @Test("an entry file holding another key's drawing is a miss, not a wrong hit")
    func misplacedEntryIsMiss() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let cache = try diskCache(directory)
        _ = try draw(cache, "A", rgb: 0x111111)
        _ = try draw(cache, "B", rgb: 0x999999)
        cache.waitForPendingWrites()
        let fileA = try #require(cache.store.diskFileURL(forKey: try key("A")))
        let fileB = try #require(cache.store.diskFileURL(forKey: try key("B")))
        try FileManager.default.removeItem(at: fileA)
        try FileManager.default.copyItem(at: fileB, to: fileA)
        cache.handleMemoryPressure(.warning)
        let result = try draw(cache, "A", rgb: 0x111111)
        #expect(cache.lastOutcome == .drawn)
        #expect(cache.statistics.invalidEntries == 1)
        #expect(result?.bitmap == solidTestBitmap(width: 10, height: 10, rgb: 0x111111))
    }

    @Test("an entry file deleted behind the cache's back is a miss")
    func deletedEntryIsMiss() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let cache = try diskCache(directory)
        _ = try draw(cache, "A")
        cache.waitForPendingWrites()
        try FileManager.default.removeItem(at: try #require(cache.store.diskFileURL(forKey: try key("A"))))
        cache.handleMemoryPressure(.warning)
        _ = try draw(cache, "A")
        #expect(cache.lastOutcome == .drawn)
        #expect(cache.statistics.invalidEntries == 1)
    }

    @Test("an expired entry is removed from the disk tier too, whichever tier finds it expired")
    func expiredEntryLeavesDisk() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let cache = try diskCache(directory)
        cache.timeoutInterval = 60
        _ = try draw(cache, "inMemory")
        _ = try draw(cache, "onDisk")
        cache.waitForPendingWrites()
        cache.handleMemoryPressure(.warning)
        _ = try draw(cache, "inMemory")  // back into memory from disk; "onDisk" stays on disk only
        #expect(cache.lastOutcome == .diskHit)
        #expect(cache.statistics.memoryEntries == 1)
        clock.now += 60
        for salt in ["inMemory", "onDisk"] {
            let result = try cache.cachedDrawing(typeName: "Tile", selector: "draw:", rect: rect, salt: salt) { _ in nil }
            #expect(result == nil)
        }
        #expect(cache.statistics.expirations == 2)
        cache.waitForPendingWrites()
        #expect(directory.entryFiles.isEmpty)
        #expect(cache.statistics.diskEntries == 0)
        #expect(cache.statistics.diskBytes == 0)
        #expect(cache.invariantViolation() == nil)
    }

    @Test("a directory that cannot be created or written is a clear error at creation")
    func unusableDirectoryIsAnError() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let file = directory.url.appendingPathComponent("plain-file")
        try Data([1]).write(to: file)
        #expect(throws: DrawingCacheError.directoryUnusable(path: file.path, reason: "it is a file")) {
            try DrawingCache(policy: .memoryAndDisk(policy: .lru, capacityBytes: 0, directory: file), clock: clock.read)
        }
        let beneathFile = file.appendingPathComponent("cache")
        #expect(throws: DrawingCacheError.directoryUnusable(path: beneathFile.path, reason: "cannot create it")) {
            try DrawingCache(policy: .memoryAndDisk(policy: .lru, capacityBytes: 0, directory: beneathFile), clock: clock.read)
        }
        #expect(
            DrawingCacheError.directoryUnusable(path: "/x", reason: "it is a file").description
                == "/x: cannot use as a drawing cache directory: it is a file")
    }

    @Test("a read-only directory is a clear error at creation", .enabled(if: geteuid() != 0, "root writes anywhere"))
    func readOnlyDirectoryIsAnError() throws {
        let directory = DrawingTestDirectory()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
            directory.cleanUp()
        }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.url.path)
        #expect(throws: DrawingCacheError.directoryUnusable(path: directory.url.path, reason: "cannot write in it")) {
            try DrawingCache(
                policy: .memoryAndDisk(policy: .lru, capacityBytes: 0, directory: directory.url), clock: clock.read)
        }
    }

    @Test("with eviction none the disk tier works alone")
    func diskOnly() throws {
        let directory = DrawingTestDirectory()
        defer { directory.cleanUp() }
        let cache = try diskCache(directory, policy: .none)
        _ = try draw(cache, "A")
        _ = try draw(cache, "A")
        #expect(cache.lastOutcome == .diskHit)
        #expect(cache.statistics.memoryEntries == 0)
        #expect(cache.statistics.diskHits == 1)
    }
}

extension DrawingTestDirectory {
    /// The readable start of the file name the disk tier gives `key`, up to the hash.
    static func filePrefix(_ key: String) -> String {
        String(key.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "_" }) + "-"
    }
}
