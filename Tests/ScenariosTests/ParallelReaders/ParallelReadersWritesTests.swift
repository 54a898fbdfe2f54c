import Models
import Report
import Testing

@testable import Scenarios

/// `store.writes`: the store's removals and loader synchronous (the seed's code, the default) or
/// asynchronous (the seed's document).
@Suite("Parallel-readers scenarios: store.writes")
struct ParallelReadersWritesTests {
    /// Line numbers are fixed: a test points at them.
    static let yaml = """
        name: removals
        kind: parallel-readers
        seed: 3
        duration: 300ms
        warmup: 0s
        sample_interval: 100ms
        store: {designs: [gcd-barrier, left-right], writes: asynchronous}
        keys: 200
        readers: {threads: 2, mix: {get: 100}, operations: 3000}
        writers: {threads: 1, mix: {set: 50, remove: 40, purge: 10}, operations: 600}
        eviction: {older_than: 1h}

        """

    @Test("store.writes is synchronous when absent and asynchronous when a file says so")
    func writesKeyLoads() throws {
        #expect(try ParallelReadersLoadingTests.load(Self.yaml).writes == .asynchronous)
        let absent = Self.yaml.replacingOccurrences(of: ", writes: asynchronous", with: "")
        #expect(try ParallelReadersLoadingTests.load(absent).writes == .synchronous)
        #expect(StoreWritesName.asynchronous.mode == .asynchronous)
        #expect(StoreWritesName.synchronous.mode == .synchronous)
    }

    @Test("an unknown store.writes is an error at its file:line:column naming the choices")
    func unknownWritesIsAnError() {
        let error = ParallelReadersLoadingTests.error(Self.yaml.replacingOccurrences(of: "writes: asynchronous", with: "writes: later"))
        #expect(error?.keyPath == "store.writes")
        #expect(error?.line == 7 && error?.column == 53)
        #expect(error?.message.contains("expected one of: synchronous, asynchronous") == true)
    }

    @Test("a run with asynchronous writes removes and purges with no stale read, in gcd-barrier and left-right")
    func asynchronousRunHasNoStaleReads() throws {
        let result = try ParallelReadersRunTests.run(Self.yaml)
        #expect(result.summary.count == 2)
        for row in result.summary {
            #expect(ParallelReadersRunTests.number(row, "stale_reads") == 0)
            #expect(ParallelReadersRunTests.number(row, "remove_ops") > 0)
            #expect(row["complete"] == .string("true"))
        }
    }
}
