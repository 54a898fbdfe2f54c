import Models
import Report
import Testing

/// The allocation figures are attributed to model work; these check that the machinery around a
/// frame does not add allocations of its own.
@Suite("Measurement hygiene")
struct MeasurementHygieneTests {
    @Test("an idle run-loop tick allocates nothing, even after work was queued and ran")
    func idleTickAllocatesNothing() {
        AllocationProbe.install()
        let loop = RunLoop(refreshRate: 120)
        loop.perform {}
        loop.advance()
        let (_, bytes) = AllocationProbe.measureBytes {
            loop.advance()
            loop.advance()
            loop.advance()
        }
        #expect(bytes == 0)
    }
}
