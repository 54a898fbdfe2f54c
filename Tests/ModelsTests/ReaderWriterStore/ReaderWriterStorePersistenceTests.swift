import Foundation
import Models
import Testing

/// The persistence rules of YMCache.md and its notes, run against every design.
@Suite("ReaderWriterStore persistence")
struct ReaderWriterStorePersistenceTests {
    static let designs = StoreDesignName.allCases

    @Test("save then load round-trips every item", arguments: designs)
    func roundTrip(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store(design: design)
        store.addEntries(["a": 1, "b": 2, "ü": 3])
        try store.save(to: directory.file())
        let loaded = Store(design: design)
        #expect(try loaded.load(from: directory.file()) == 3)
        #expect(loaded.allItems() == ["a": 1, "b": 2, "ü": 3])
    }

    @Test("keys that are not strings round-trip too", arguments: designs)
    func nonStringKeys(design: StoreDesignName) throws {
        struct Point: Hashable, Codable, Sendable { var x: Int, y: Int }
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = ReaderWriterStore<Point, String>(design: design)
        store.addEntries([Point(x: 1, y: 2): "a", Point(x: 3, y: 4): "b"])
        try store.save(to: directory.file())
        let loaded = ReaderWriterStore<Point, String>(design: design)
        try loaded.load(from: directory.file())
        #expect(loaded.allItems() == store.allItems())
    }

    @Test("a missing file loads as empty, without error", arguments: designs)
    func missingFile(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store(design: design)
        store["kept"] = 1
        #expect(try store.load(from: directory.file("absent.json")) == 0)
        #expect(store.allItems() == ["kept": 1])
    }

    @Test("a corrupt file gives an error, changes nothing and is kept", arguments: designs)
    func corruptFile(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let file = directory.file()
        let garbage = Data("{\"a\": 1, \"b\": tru".utf8)
        try garbage.write(to: file)
        let store = Store(design: design)
        store["kept"] = 1
        #expect {
            try store.load(from: file)
        } throws: { error in
            guard case .corruptFile(let path, let reason)? = error as? ReaderWriterStoreError else { return false }
            return path == file.path && !reason.isEmpty
        }
        #expect(store.allItems() == ["kept": 1])
        #expect(try Data(contentsOf: file) == garbage)
    }

    @Test("a file with an entry of the wrong type is corrupt", arguments: designs)
    func wrongEntryType(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try Data("{\"a\": 1, \"b\": \"two\"}".utf8).write(to: directory.file())
        let store = Store(design: design)
        #expect {
            try store.load(from: directory.file())
        } throws: { error in
            guard case .corruptFile(_, let reason)? = error as? ReaderWriterStoreError else { return false }
            return reason.hasPrefix("b:")
        }
        #expect(store.count == 0)
    }

    @Test("an unreadable file gives an error", arguments: designs)
    func unreadableFile(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store(design: design)
        #expect {
            try store.load(from: directory.url)
        } throws: { error in
            guard case .unreadableFile(let path, _)? = error as? ReaderWriterStoreError else { return false }
            return path == directory.url.path
        }
        #expect(store.count == 0)
    }

    @Test("a file whose root is the wrong type gives wrongRootType", arguments: designs)
    func wrongRootType(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store(design: design)
        for root in ["[1, 2, 3]", "\"text\"", "42"] {
            try Data(root.utf8).write(to: directory.file())
            #expect(throws: ReaderWriterStoreError.wrongRootType(path: directory.file().path)) {
                try store.load(from: directory.file())
            }
        }
        #expect(store.count == 0)
    }

    @Test("loaded entries merge like a bulk add and appear in the next notification", arguments: designs)
    func loadMergesAsBulkAdd(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try Data("{\"a\": 1, \"b\": 2}".utf8).write(to: directory.file())
        let store = Store(design: design)
        store.addEntries(["a": 1, "c": 3])
        store.notificationInterval = 1_000
        try store.load(from: directory.file())
        #expect(store.allItems() == ["a": 1, "b": 2, "c": 3])
        #expect(store.flushNotifications() == StoreChange(updated: ["a": 1, "b": 2]))
    }

    @Test("save writes atomically: the file is replaced whole and no temporary file is left", arguments: designs)
    func atomicSave(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store(design: design)
        store["a"] = 1
        try store.save(to: directory.file())
        store["a"] = 2
        try store.save(to: directory.file())
        #expect(directory.contents == ["store.json"])
        #expect(try Data(contentsOf: directory.file()) == Data("{\"a\":2}".utf8))
    }

    @Test("a failed save leaves the old file and no temporary file", arguments: designs)
    func failedSave(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store(design: design)
        store["a"] = 1
        let missingDirectory = directory.url.appendingPathComponent("missing/store.json")
        #expect {
            try store.save(to: missingDirectory)
        } throws: { error in
            guard case .writeFailed(let path, _)? = error as? ReaderWriterStoreError else { return false }
            return path == missingDirectory.path
        }
        // Renaming over a directory fails after the temporary file is written.
        let blocked = directory.file("blocked")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: ReaderWriterStoreError.self) { try store.save(to: blocked) }
        #expect(directory.contents == ["blocked"])
    }

    @Test("a custom serializer is used for save and load", arguments: designs)
    func customSerializer(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store(design: design, serializer: LineSerializer())
        store.addEntries(["b": 2, "a": 1])
        try store.save(to: directory.file("store.txt"))
        #expect(try String(contentsOf: directory.file("store.txt"), encoding: .utf8) == "a=1\nb=2")
        let loaded = Store(design: design, serializer: LineSerializer())
        try loaded.load(from: directory.file("store.txt"))
        #expect(loaded.allItems() == ["a": 1, "b": 2])
    }

    @Test("periodic save saves at once, then every interval", arguments: designs)
    func periodicSave(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store(design: design)
        store["a"] = 1
        try store.startPeriodicSave(to: directory.file(), interval: 0.05)
        defer { store.stopPeriodicSave() }
        #expect(try Data(contentsOf: directory.file()) == Data("{\"a\":1}".utf8), "the first save is immediate")
        store["a"] = 2
        #expect(waitUntil { (try? Data(contentsOf: directory.file())) == Data("{\"a\":2}".utf8) })
        #expect(store.isPeriodicSaveRunning)
        store.stopPeriodicSave()
        #expect(!store.isPeriodicSaveRunning)
    }

    @Test("a failed periodic save stops the timer and is reported", arguments: designs)
    func periodicSaveFailure(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let errors = Shared<[ReaderWriterStoreError]>([])
        let store = Store(design: design)
        store.onBackgroundError = { error in errors.update { $0.append(error) } }
        let subdirectory = directory.url.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: subdirectory, withIntermediateDirectories: true)
        let file = subdirectory.appendingPathComponent("store.json")
        try store.startPeriodicSave(to: file, interval: 0.03)
        try FileManager.default.removeItem(at: subdirectory)
        #expect(waitUntil { !errors.get().isEmpty })
        #expect(!store.isPeriodicSaveRunning)
        guard case .writeFailed(let path, _)? = errors.get().first else {
            Issue.record("expected writeFailed, got \(errors.get())")
            return
        }
        #expect(path == file.path)
        try FileManager.default.createDirectory(at: subdirectory, withIntermediateDirectories: true)
        usleep(150_000)
        #expect(!FileManager.default.fileExists(atPath: file.path), "the timer stopped")
        #expect(errors.get().count == 1)
    }

    @Test("a periodic save whose first save fails throws and starts no timer", arguments: designs)
    func periodicSaveFirstFailure(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store(design: design)
        #expect(throws: ReaderWriterStoreError.self) {
            try store.startPeriodicSave(to: directory.url.appendingPathComponent("missing/store.json"), interval: 0.05)
        }
        #expect(!store.isPeriodicSaveRunning)
    }
}

/// `key=value` lines, sorted: a serializer that is not JSON.
struct LineSerializer: StoreSerializer {
    struct Malformed: Error {}

    func encode(_ items: [String: Int]) throws -> Data {
        Data(items.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n").utf8)
    }

    func decode(_ data: Data) throws -> [String: Int] {
        var items: [String: Int] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=")
            guard parts.count == 2, let value = Int(parts[1]) else { throw Malformed() }
            items[String(parts[0])] = value
        }
        return items
    }
}

/// YMCache's `fileWritingOptions`: how a save writes its file.
@Suite("ReaderWriterStore file-writing options")
struct ReaderWriterStoreFileWritingOptionsTests {
    @Test("by default a save writes atomically: each save is a new file renamed over the old one")
    func atomicByDefault() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store()
        #expect(store.fileWritingOptions == .atomic)
        store["a"] = 1
        try store.save(to: directory.file())
        let first = inode(of: directory.file())
        store["a"] = 2
        try store.save(to: directory.file())
        #expect(first != nil && inode(of: directory.file()) != first, "a new file replaced the old one")
        #expect(directory.contents == ["store.json"])
    }

    @Test("without .atomic a save overwrites the file in place")
    func inPlaceWithoutAtomic() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store()
        store.fileWritingOptions = []
        store["a"] = 1
        try store.save(to: directory.file())
        let first = inode(of: directory.file())
        store["a"] = 22
        try store.save(to: directory.file())
        #expect(first != nil && inode(of: directory.file()) == first, "the same file was rewritten")
        #expect(try Data(contentsOf: directory.file()) == Data("{\"a\":22}".utf8))
        #expect(directory.contents == ["store.json"])
    }

    @Test(".withoutOverwriting refuses to replace an existing file and writes a new one")
    func withoutOverwriting() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store()
        store["a"] = 1
        try store.save(to: directory.file())
        store.fileWritingOptions = .withoutOverwriting
        store["a"] = 2
        #expect(throws: ReaderWriterStoreError.self) { try store.save(to: directory.file()) }
        #expect(try Data(contentsOf: directory.file()) == Data("{\"a\":1}".utf8), "the old file is kept")
        try store.save(to: directory.file("other.json"))
        #expect(try Data(contentsOf: directory.file("other.json")) == Data("{\"a\":2}".utf8))
    }

    @Test(".withoutOverwriting with .atomic is refused, as in Foundation, and writes nothing")
    func withoutOverwritingAndAtomic() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store()
        store.fileWritingOptions = [.atomic, .withoutOverwriting]
        store["a"] = 1
        #expect(
            throws: ReaderWriterStoreError.writeFailed(
                path: directory.file().path, reason: "withoutOverwriting cannot be combined with atomic")
        ) { try store.save(to: directory.file()) }
        #expect(directory.contents.isEmpty)
    }

    @Test("options set while a periodic save runs apply from its next write")
    func periodicSaveUsesCurrentOptions() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store()
        let failures = Shared<[ReaderWriterStoreError]>([])
        store.onBackgroundError = { error in failures.update { $0.append(error) } }
        store["a"] = 1
        try store.startPeriodicSave(to: directory.file(), interval: 0.02)
        defer { store.stopPeriodicSave() }
        store.fileWritingOptions = .withoutOverwriting
        #expect(waitUntil { !failures.get().isEmpty }, "the next periodic save refused to overwrite")
        #expect(!store.isPeriodicSaveRunning)
    }
}
