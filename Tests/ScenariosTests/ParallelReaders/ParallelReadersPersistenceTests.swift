import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// `store.persistence`: YMCache's persistence controller in a parallel-readers run — the store
/// saves itself periodically (the first save at once) to a file in the run's private temporary
/// space, atomically or in place, its saves and failures counted in `saves` and `save_failures`.
@Suite("Parallel-readers scenarios: store.persistence")
struct ParallelReadersPersistenceTests {
    /// Line numbers are fixed: a test points at them.
    static let yaml = """
        name: persisted
        kind: parallel-readers
        seed: 3
        duration: 400ms
        warmup: 50ms
        sample_interval: 100ms
        store: {designs: [gcd-barrier, left-right], persistence: {every: 50ms, atomic: true}}
        keys: 500
        value_size: 32
        readers: {threads: 1, mix: {get: 100}, rate: 20000}
        writers: {threads: 1, mix: {set: 100}, rate: 2000}

        """

    @Test("store.persistence loads every and atomic (atomic true when absent); without it the store saves nothing")
    func persistenceKeysLoad() throws {
        let scenario = try ParallelReadersLoadingTests.load(Self.yaml)
        #expect(scenario.persistence == StorePersistenceSpec(every: .milliseconds(50), atomic: true))
        let inPlace = try ParallelReadersLoadingTests.load(Self.yaml.replacingOccurrences(of: "atomic: true", with: "atomic: false"))
        #expect(inPlace.persistence?.atomic == false)
        let defaulted = try ParallelReadersLoadingTests.load(Self.yaml.replacingOccurrences(of: ", atomic: true", with: ""))
        #expect(defaulted.persistence?.atomic == true)
        let absent = try ParallelReadersLoadingTests.load(
            Self.yaml.replacingOccurrences(of: ", persistence: {every: 50ms, atomic: true}", with: ""))
        #expect(absent.persistence == nil)
        #expect(ParallelReadersScenario.schema.keyNames.contains("store"))
    }

    @Test("the scenario as it ran (scenario.yaml) keeps store.persistence")
    func scenarioYAMLKeepsPersistence() throws {
        let scenario = try ScenarioLoader.load(yaml: Self.yaml.replacingOccurrences(of: "atomic: true", with: "atomic: false"), file: "readers.yaml")
        let text = ScenarioRunner.yaml(scenario, repetitions: 1)
        let reloaded = try #require(try ScenarioLoader.load(yaml: text, file: "scenario.yaml").as(ParallelReadersScenario.self))
        #expect(reloaded.persistence == StorePersistenceSpec(every: .milliseconds(50), atomic: false))
    }

    @Test("persistence.every must be 0 (save once) or at least 1ms: an error at its file:line:column")
    func everyBelowOneMillisecondIsAnError() {
        let error = ParallelReadersLoadingTests.error(Self.yaml.replacingOccurrences(of: "every: 50ms", with: "every: 0.5ms"))
        #expect(error?.keyPath == "store.persistence.every")
        #expect(error?.line == 7 && error?.column == 66)
        #expect(error?.message.contains("must be 0 (save once) or at least 1ms") == true)
        let missing = ParallelReadersLoadingTests.error(Self.yaml.replacingOccurrences(of: "every: 50ms, ", with: ""))
        #expect(missing?.keyPath.hasPrefix("store.persistence") == true)
        #expect(ParallelReadersLoadingTests.error(Self.yaml.replacingOccurrences(of: "every: 50ms", with: "every: 0s")) == nil)
    }

    @Test("a run with persistence saves at once and then every interval over the measured window: saves counted, no failure")
    func runSavesPeriodically() throws {
        let result = try ParallelReadersRunTests.run(Self.yaml)
        #expect(result.summary.count == 2)
        for row in result.summary {
            // 400 ms at one save every 50 ms: the first at once, then up to 8 more (fewer when the
            // timer's thread is starved, as under a parallel test run; the interval itself is the
            // model's, tested there).
            #expect(ParallelReadersRunTests.number(row, "saves") >= 1)
            #expect(ParallelReadersRunTests.number(row, "saves") <= 10)
            #expect(ParallelReadersRunTests.number(row, "save_failures") == 0)
            #expect(ParallelReadersRunTests.number(row, "stale_reads") == 0)
        }
    }

    @Test("every: 0 saves once, at the start of the measured window")
    func everyZeroSavesOnce() throws {
        let result = try ParallelReadersRunTests.run(
            Self.yaml.replacingOccurrences(of: "every: 50ms", with: "every: 0s"), designs: [.gcdBarrier])
        #expect(ParallelReadersRunTests.number(result.summary.first, "saves") == 1)
    }

    @Test("without persistence saves and save_failures are 0")
    func noPersistenceNoSaves() throws {
        let result = try ParallelReadersRunTests.run(
            Self.yaml.replacingOccurrences(of: ", persistence: {every: 50ms, atomic: true}", with: ""), designs: [.gcdBarrier])
        #expect(ParallelReadersRunTests.number(result.summary.first, "saves") == 0)
        #expect(ParallelReadersRunTests.number(result.summary.first, "save_failures") == 0)
    }

    @Test("saves and save_failures are declared measured (the saves run on a real-time timer) in the summary's columns")
    func savesColumnsDeclared() {
        let columns = ParallelReadersScenario.columns
        #expect(columns.column("saves")?.role == .measured)
        #expect(columns.column("save_failures")?.role == .measured)
        #expect(columns.column("save_failures")?.direction == .lowerIsBetter)
    }

    @Test("the save file lives in a directory of the run's own (mode 0700, a random name) inside the private temporary directory, removed when saving stops")
    func saveFileInPrivateTempSpace() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("persist-\(UUID().uuidString)")
        defer {
            DrawingTierDirectory.removeProcessDirectory(in: root)
            try? FileManager.default.removeItem(at: root)
        }
        let store = QuoteStore(design: .gcdBarrier, serializer: QuoteSerializer())
        store[1] = StoredQuote(version: 1, writtenAt: 0, payload: [1, 2, 3])
        let otherStore = QuoteStore(design: .gcdBarrier, serializer: QuoteSerializer())
        var first = StoreSaveFile(spec: StorePersistenceSpec(every: .zero), label: "persisted-gcd-barrier-0-store")
        first.root = root
        // The same label: the directories still differ.
        var second = first
        first.start(store)
        second.start(otherStore)
        let directory = try #require(first.directory)
        let other = try #require(second.directory)
        #expect(directory != other)
        let process = try DrawingTierDirectory.processDirectory(in: root)
        #expect(directory.deletingLastPathComponent().standardizedFileURL == process.standardizedFileURL)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let file = directory.appendingPathComponent(StoreSaveFile.fileName)
        #expect(try QuoteSerializer().decode(Data(contentsOf: file))[1]?.payload == [1, 2, 3])
        #expect(first.stop(store) == (1, 0))
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        _ = second.stop(otherStore)
    }

    @Test("atomic: true saves through a temporary file renamed over the old one; atomic: false overwrites the file in place")
    func atomicMapsToTheWritingOptions() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("persist-\(UUID().uuidString)")
        defer {
            DrawingTierDirectory.removeProcessDirectory(in: root)
            try? FileManager.default.removeItem(at: root)
        }
        for atomic in [true, false] {
            let store = QuoteStore(design: .mutex, serializer: QuoteSerializer())
            store[1] = StoredQuote(version: 1, writtenAt: 0, payload: [1])
            var saving = StoreSaveFile(spec: StorePersistenceSpec(every: .zero, atomic: atomic), label: "atomic")
            saving.root = root
            saving.start(store)
            #expect(store.fileWritingOptions == (atomic ? .atomic : []))
            let file = try #require(saving.directory).appendingPathComponent(StoreSaveFile.fileName)
            let before = inode(file)
            try store.save(to: file)
            #expect((inode(file) == before) == !atomic, "atomic: \(atomic)")
            _ = saving.stop(store)
        }
    }

    @Test("a save that cannot write (no directory can be made) is counted in save_failures")
    func unwritableCountsAFailure() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("persist-file-\(UUID().uuidString)")
        try Data("not a directory".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let store = QuoteStore(design: .gcdBarrier, serializer: QuoteSerializer())
        var saving = StoreSaveFile(spec: StorePersistenceSpec(every: .milliseconds(10)), label: "blocked")
        saving.root = blocker
        saving.start(store)
        #expect(saving.stop(store) == (0, 1))
    }

    @Test("the store file's format round-trips every item, and a file cut short or of another kind is refused")
    func serializerRoundTrip() throws {
        let items: [Int: StoredQuote] = [
            3: StoredQuote(version: 7, writtenAt: 1.5, payload: [9, 8, 7]), -1: StoredQuote(version: 1, writtenAt: 0, payload: []),
        ]
        let data = try QuoteSerializer().encode(items)
        let read = try QuoteSerializer().decode(data)
        #expect(read.keys.sorted() == [-1, 3])
        #expect(read[3]?.version == 7 && read[3]?.writtenAt == 1.5 && read[3]?.payload == [9, 8, 7])
        #expect(try QuoteSerializer().encode(items) == data)
        #expect(throws: QuoteSerializer.FormatError.self) { try QuoteSerializer().decode(data.dropLast(2)) }
        #expect(throws: QuoteSerializer.FormatError.self) { try QuoteSerializer().decode(Data("{}".utf8)) }
    }

    @Test("the shipped chat store saves its message store periodically and expects saves of every design")
    func chatStoreShipsPersistence() throws {
        let url = SchemaDeclarationTests.packageRoot.appendingPathComponent("scenarios/chat-store.yaml")
        let scenario = try #require(try ScenarioLoader.load(contentsOf: url).as(ParallelReadersScenario.self))
        #expect(scenario.persistence?.every.value == 0.25 && scenario.persistence?.atomic == true)
        let saves = scenario.header.expect.filter { $0.metric == "saves" }
        #expect(Set(saves.map(\.policy)) == Set(scenario.designs))
        #expect(scenario.header.duration.value + scenario.header.warmup.value <= 2, "make run stays fast")
    }

    /// The inode of the file at `url`: an atomic save replaces it, an in-place one keeps it.
    func inode(_ url: URL) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber)?.uint64Value
    }
}
