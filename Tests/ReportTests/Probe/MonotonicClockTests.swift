import Foundation
import Report
import Testing

@Suite("MonotonicClock")
struct MonotonicClockTests {
    @Test("readings never go backwards and measure a sleep in nanoseconds")
    func measuresSleep() {
        let start = MonotonicClock.now()
        usleep(20_000)
        let end = MonotonicClock.now()
        #expect(end >= start)
        #expect(end - start >= 20_000_000)
        #expect(end - start < 10_000_000_000)
    }

    @Test("reading the clock does not allocate")
    func readingDoesNotAllocate() {
        _ = MonotonicClock.now()
        let (_, bytes) = AllocationProbe.measureBytes { MonotonicClock.now() }
        #expect(bytes == 0)
        // The request count is the whole process's: tests running beside this one add to it, never
        // take away. The quietest of a few readings is this thread's own count.
        let counts = (0..<20).map { _ in AllocationProbe.measure { MonotonicClock.now() }.1.count }
        #expect(counts.min() == 0)
    }
}
