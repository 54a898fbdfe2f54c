import Dispatch
import Foundation
import Report
import Testing

/// A heap object of a known size: a 16-byte object header plus two 8-byte fields.
private final class Pair {
    var first: Int
    var second: Int

    init(_ value: Int) {
        first = value
        second = value &+ 1
    }
}

/// Makes a `Pair` on the heap: not inlined, so an optimised build cannot move it to the stack.
@inline(never)
private func makePair(_ value: Int) -> Pair {
    Pair(value)
}

/// Where a worker thread leaves its measurement; written before the worker signals.
private final class Mailbox: @unchecked Sendable {
    var delta = AllocationSnapshot.zero
    var objects: [Pair] = []
}

@Suite("AllocationProbe")
struct AllocationProbeTests {
    static let pairBytes: UInt64 = 32

    @Test("jemalloc serves malloc and keeps statistics")
    func installs() {
        #expect(AllocationProbe.install())
        #expect(Jemalloc.isProcessAllocator)
        #expect(Jemalloc.hasStatistics)
    }

    @Test("allocating N objects moves count by at least N and bytes by at least N times their size")
    func countsObjects() {
        let count = 1_000
        var objects: [Pair] = []
        objects.reserveCapacity(count)
        let (made, delta) = AllocationProbe.measure { () -> Int in
            for index in 0..<count {
                objects.append(makePair(index))
            }
            return objects.count
        }
        #expect(made == count)
        #expect(delta.count >= UInt64(count), "requests are read after flushing this thread's cache")
        #expect(delta.bytes >= UInt64(count) * Self.pairBytes)
    }

    @Test("a closure that allocates nothing measures zero bytes")
    func zeroForNoAllocation() {
        let numbers = Array(1...1_000)
        // An index loop, not `for number in numbers`: unoptimised (debug) builds iterate
        // arrays through unspecialised generic code that allocates on every step.
        func sum() -> Int {
            var total = 0
            var index = 0
            while index < numbers.count {
                total = total &+ numbers[index] &* 3
                index += 1
            }
            return total
        }
        _ = sum()
        let (total, bytes) = AllocationProbe.measureBytes(sum)
        #expect(total == 1_501_500)
        #expect(bytes == 0)
        let (_, delta) = AllocationProbe.measure(sum)
        #expect(delta.bytes == 0)
    }

    @Test("snapshots grow by the difference measure reports")
    func snapshotDifference() {
        let before = AllocationProbe.snapshot()
        let pair = makePair(7)
        let after = AllocationProbe.snapshot()
        #expect(pair.second == 8)
        #expect(after.since(before).bytes >= Self.pairBytes)
        #expect(after.count == 0, "snapshots carry bytes only; requests come from requests()")
    }

    @Test("bytes are per thread: another thread's allocations do not move this thread's")
    func perThread() throws {
        let count = 10_000
        let mailbox = Mailbox()
        let start = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let worker = Thread {
            start.wait()
            var objects: [Pair] = []
            let (_, delta) = AllocationProbe.measure {
                for index in 0..<count {
                    objects.append(makePair(index))
                }
            }
            mailbox.delta = delta
            mailbox.objects = objects
            done.signal()
        }
        worker.start()

        let before = AllocationProbe.snapshot()
        start.signal()
        done.wait()
        let mine = AllocationProbe.snapshot().since(before)

        #expect(mailbox.objects.count == count)
        #expect(mailbox.delta.count >= UInt64(count))
        #expect(mailbox.delta.bytes >= UInt64(count) * Self.pairBytes)
        #expect(mine.bytes < UInt64(count) * Self.pairBytes / 100)
    }
}
