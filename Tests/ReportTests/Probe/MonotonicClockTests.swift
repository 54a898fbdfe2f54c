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
        let (_, delta) = AllocationProbe.measure { MonotonicClock.now() }
        #expect(delta == .zero)
    }
}
