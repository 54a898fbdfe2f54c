import Foundation
import Models
import Report
import Testing

/// What the store's hot paths allocate, read from jemalloc's per-thread counter.
@Suite("ReaderWriterStore allocations")
struct ReaderWriterStoreAllocationTests {
    /// A value that copies without touching the heap.
    struct Quote: Codable, Sendable, Equatable {
        var version: Int
        var price: Double
    }

    static let keys = 64

    @Test("a set allocates nothing of the store's once the store has grown", arguments: StoreDesignName.allCases)
    func setAllocatesNothing(design: StoreDesignName) {
        AllocationProbe.install()
        let store = ReaderWriterStore<Int, Quote>(design: design)
        for key in 0..<Self.keys { store[key] = Quote(version: 0, price: 0) }
        // Warm up with more sets in flight than the measured loop can have: in gcd-barrier each
        // queued set holds a write object until its block has run.
        let blocker = WriteBlocker(store, key: -1, timeout: 0.5)
        for round in 0..<400 { store[round % Self.keys] = Quote(version: round, price: 1) }
        blocker.release()
        _ = store.count
        let (_, bytes) = AllocationProbe.measureBytes {
            for round in 0..<200 {
                store[round % Self.keys] = Quote(version: round, price: 2)
                store[Self.keys + round % 4] = nil
            }
        }
        if design == .gcdBarrier {
            // libdispatch takes one 64-byte queue entry per `dispatch_barrier_async_f` from the
            // setter's heap (its per-thread cache is refilled on the worker threads that free
            // them), as the seed's `dispatch_barrier_async` does; the store adds nothing to it (a
            // closure and its box per set, before).
            #expect(bytes <= 400 * 64, "bytes allocated by 400 sets")
        } else {
            #expect(bytes == 0, "bytes allocated by 400 sets")
        }
        #expect(store[1] == Quote(version: 193, price: 2))
    }
}
