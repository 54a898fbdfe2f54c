import Models
import Testing

@Suite("Saturating conversion of a Double to an integer")
struct SaturatingConversionTests {
    @Test("a value in range converts as init(_:) does, rounding toward zero")
    func inRange() {
        #expect(Int(saturating: 2.9) == 2)
        #expect(Int(saturating: -2.9) == -2)
        #expect(UInt64(saturating: 1e18) == 1_000_000_000_000_000_000)
        #expect(Int32(saturating: Double(Int32.max)) == .max)
        #expect(UInt64(saturating: .leastNonzeroMagnitude) == 0)
    }

    @Test("a value past either end gives that end, infinities included, instead of trapping")
    func pastTheEnds() {
        #expect(UInt64(saturating: 6.048e20) == .max)
        #expect(UInt64(saturating: -1) == 0)
        #expect(Int(saturating: 1e300) == .max)
        #expect(Int(saturating: -1e308) == .min)
        #expect(Int(saturating: .infinity) == .max)
        #expect(Int64(saturating: -.infinity) == .min)
        // 2^63 is the nearest Double to Int.max, and one past it.
        #expect(Int(saturating: 9_223_372_036_854_775_807.0) == .max)
        #expect(UInt32(saturating: 4_294_967_296) == .max)
    }

    @Test("NaN gives 0")
    func notANumber() {
        #expect(Int(saturating: .nan) == 0)
        #expect(UInt64(saturating: -.nan) == 0)
    }
}
