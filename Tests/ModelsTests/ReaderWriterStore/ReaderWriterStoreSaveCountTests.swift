import Foundation
import Models
import Testing

/// How many saves wrote the store's file and how many failed (`saves` and `save_failures` of a
/// parallel-readers run with `store.persistence`), and stopping the periodic save for good.
@Suite("ReaderWriterStore persistence: save counts")
struct ReaderWriterStoreSaveCountTests {
    @Test("saveCounts counts each save that wrote its file and each that failed", arguments: StoreDesignName.allCases)
    func savesAndFailuresCounted(design: StoreDesignName) throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store(design: design)
        store["a"] = 1
        #expect(store.saveCounts == (0, 0))
        try store.save(to: directory.file())
        try store.save(to: directory.file())
        #expect(store.saveCounts == (2, 0))
        #expect(throws: ReaderWriterStoreError.self) { try store.save(to: directory.file("missing/store.json")) }
        #expect(store.saveCounts == (2, 1))
    }

    @Test("the periodic save counts its first save at once and each later one; a failure stops it and is counted once")
    func periodicSavesCounted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store()
        store["a"] = 1
        try store.startPeriodicSave(to: directory.file(), interval: 0.01)
        #expect(store.saveCounts.saves >= 1)
        #expect(waitUntil { store.saveCounts.saves >= 3 })
        store.stopPeriodicSaveAndWait()
        #expect(store.saveCounts.failures == 0)

        let failing = Store()
        let errors = Shared(0)
        failing.onBackgroundError = { _ in errors.update { $0 += 1 } }
        let file = directory.file("gone/store.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try failing.startPeriodicSave(to: file, interval: 0.02)
        try FileManager.default.removeItem(at: file.deletingLastPathComponent())
        #expect(waitUntil { failing.saveCounts.failures == 1 })
        #expect(waitUntil { !failing.isPeriodicSaveRunning })
        let after = failing.saveCounts
        usleep(100_000)
        #expect(after.saves >= 1)
        #expect(failing.saveCounts == after)
        #expect(errors.get() == 1)
    }

    @Test("stopPeriodicSaveAndWait returns once no save is running: the file is not written after it")
    func stopAndWaitLeavesNoSaveRunning() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let store = Store()
        store.addEntries(Dictionary(uniqueKeysWithValues: (0..<20_000).map { ("key\($0)", $0) }))
        try store.startPeriodicSave(to: directory.file(), interval: 0.001)
        usleep(20_000)
        store.stopPeriodicSaveAndWait()
        let counts = store.saveCounts
        try FileManager.default.removeItem(at: directory.url)
        usleep(50_000)
        #expect(store.saveCounts == counts)
        #expect(!FileManager.default.fileExists(atPath: directory.url.path))
    }
}
