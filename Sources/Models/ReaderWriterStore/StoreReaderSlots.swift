import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reader slots for the designs that split their read-side state by reader (`big-reader`,
/// `left-right`): a power-of-two number of slots, each alone in a 128-byte block (two cache lines,
/// against adjacent-line prefetch) holding a few atomic counters. A thread always uses the same
/// slot (handed out per thread, in the order threads first read), so a read touches only a line
/// its own core already holds; threads share a slot only when there are more of them than slots.
@usableFromInline
final class StoreReaderSlots: @unchecked Sendable {
    /// Bytes between slots: two 64-byte cache lines.
    @inlinable static var stride: Int { 128 }

    /// Spins before a waiting thread starts yielding.
    static var spinsBeforeYield: Int { 64 }

    /// The number of slots, a power of two.
    let count: Int
    /// Counters per slot.
    let countersPerSlot: Int
    /// `count - 1`: a thread's slot is its reader index masked with it.
    let mask: Int
    /// The first slot's address.
    let base: UnsafeMutableRawPointer

    /// Creates `slotCount` slots (rounded up to a power of two; by default twice the active
    /// processor count, at least 4 and at most 64) of `countersPerSlot` counters, all 0.
    /// - Complexity: O(*s*) for *s* slots.
    init(countersPerSlot: Int, slotCount: Int? = nil) {
        let wanted = slotCount ?? min(64, max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))
        var count = 1
        while count < wanted { count <<= 1 }
        self.count = count
        self.countersPerSlot = max(1, min(countersPerSlot, Self.stride / MemoryLayout<Atomic<Int>>.stride))
        mask = count - 1
        base = .allocate(byteCount: count * Self.stride, alignment: Self.stride)
        for slot in 0..<count {
            for counter in 0..<self.countersPerSlot {
                (base + offset(slot: slot, counter: counter)).bindMemory(to: Atomic<Int>.self, capacity: 1)
                    .initialize(to: Atomic(0))
            }
        }
    }

    deinit {
        for slot in 0..<count {
            for counter in 0..<countersPerSlot { self.counter(at: offset(slot: slot, counter: counter)).deinitialize(count: 1) }
        }
        base.deallocate()
    }

    /// The byte offset of counter `counter` of slot `slot`.
    /// - Complexity: O(1)
    @inline(__always)
    func offset(slot: Int, counter: Int) -> Int {
        Self.offset(slot: slot, counter: counter)
    }

    /// The byte offset of counter `counter` of slot `slot`, from the first slot.
    /// - Complexity: O(1)
    @inlinable
    static func offset(slot: Int, counter: Int) -> Int {
        slot &* stride &+ counter &* MemoryLayout<Atomic<Int>>.stride
    }

    /// The byte offset of counter `counter` of the calling thread's slot.
    /// - Complexity: O(1); no allocation after the thread's first call.
    @inline(__always)
    func callerOffset(counter: Int) -> Int {
        offset(slot: StorePThreads.readerIndex & mask, counter: counter)
    }

    /// The counter at byte offset `offset`.
    /// - Complexity: O(1)
    @inline(__always)
    func counter(at offset: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        (base + offset).assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// Waits until counter `counter` of every slot equals `value` (sequentially consistent loads,
    /// so that they are ordered after the writer's own sequentially consistent store before them):
    /// spins a little, then yields the processor, never sleeps (a read holds its slot for tens of
    /// nanoseconds; sleeping on a futex and waking costs microseconds).
    /// - Complexity: O(*s*) for *s* slots, plus the wait.
    func waitUntilEvery(counter: Int, equals value: Int) {
        for slot in 0..<count {
            let word = self.counter(at: offset(slot: slot, counter: counter))
            var spins = 0
            while word.pointee.load(ordering: .sequentiallyConsistent) != value { Self.backOff(&spins) }
        }
    }

    /// Spins `spins` times, then yields the processor on every call after.
    @usableFromInline @inline(__always)
    static func backOff(_ spins: inout Int) {
        spins += 1
        if spins > spinsBeforeYield { sched_yield() }
    }
}
