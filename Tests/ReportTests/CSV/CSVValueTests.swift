import Report
import Testing

@Suite("CSVValue")
struct CSVValueTests {
    @Test(
        "integers are written in plain decimal",
        arguments: [
            (CSVValue.int(-3), "-3"),
            (.int(Int.min), "-9223372036854775808"),
            (.uint(42), "42"),
            (.uint(UInt64.max), "18446744073709551615"),
            (.string("a,b \"c\""), "a,b \"c\""),
            (.empty, ""),
        ])
    func plainText(value: CSVValue, text: String) {
        #expect(value.text == text)
        #expect("\(value)" == text)
    }

    @Test(
        "doubles have at most six decimals, trimmed, rounded half away from zero",
        arguments: [
            (2.5, "2.5"),
            (3.0, "3"),
            (-1.25, "-1.25"),
            (0.1 + 0.2, "0.3"),
            (0.1234567, "0.123457"),
            (-0.1234564, "-0.123456"),
            (0.9999999, "1"),
            (-0.9999996, "-1"),
            (1e-7, "0"),
            (-1e-7, "0"),
            (-0.0, "0"),
            (0.000001, "0.000001"),
            (123_456_789.125, "123456789.125"),
            (1e15, "1000000000000000"),
        ])
    func doubles(value: Double, text: String) {
        #expect(CSVValue.double(value).text == text)
    }

    @Test(
        "non-finite and huge doubles are spelled out deterministically",
        arguments: [
            (Double.nan, "nan"),
            (Double.infinity, "inf"),
            (-Double.infinity, "-inf"),
            (1e19, "1e+19"),
            (-2.5e300, "-2.5e+300"),
        ])
    func specialDoubles(value: Double, text: String) {
        #expect(CSVValue.double(value).text == text)
    }
}
