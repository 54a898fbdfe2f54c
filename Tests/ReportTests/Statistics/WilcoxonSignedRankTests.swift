import Testing

@testable import Report

// Expected values computed outside the project with scipy 1.17.1:
//   scipy.stats.wilcoxon(d, zero_method="wilcox", alternative="two-sided", method=...)
// (`statistic` is min(R+, R−); the method named beside each case.)
extension StatisticsTests {
    @Suite("Wilcoxon signed-rank")
    struct WilcoxonSignedRankTests {
        static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * max(1, abs(b)) }

        @Test("without ties and at most 50 differences, the p-value comes from the exact distribution (scipy method=\"exact\")")
        func exactWithoutTies() {
            // method="exact": statistic 7.0, pvalue 0.037109375
            let first = WilcoxonSignedRank.test([1.5, -0.5, 2.5, 3.5, 4.5, -6.0, 7.0, 8.5, 9.5, 10.5])
            #expect(first.statistic == 7 && first.n == 10)
            #expect(Self.close(first.pValue, 0.037109375))

            // method="exact": statistic 0.0, pvalue 0.001953125 (2 / 2^10: every difference positive)
            let allPositive = WilcoxonSignedRank.test((1...10).map(Double.init))
            #expect(allPositive.statistic == 0 && allPositive.n == 10)
            #expect(Self.close(allPositive.pValue, 0.001953125))
            // The signs flipped: the same two-sided p-value.
            #expect(WilcoxonSignedRank.test((1...10).map { -Double($0) }).pValue == allPositive.pValue)

            // method="exact": statistic 13.0, pvalue 0.00537109375
            let fifteen = WilcoxonSignedRank.test([3, -1, 4, -1.5, 5, 9, -2.5, 6, 5.5, -3.5, 5.8, 9.7, 9.3, 2.3, 8.4])
            #expect(fifteen.statistic == 13 && fifteen.n == 15)
            #expect(Self.close(fifteen.pValue, 0.00537109375))
        }

        @Test("with tied magnitudes, average ranks and the exact distribution given the ties (scipy PermutationMethod)")
        func exactWithTies() {
            // method=PermutationMethod(n_resamples=numpy.inf): statistic 6.5, pvalue 0.0625
            // (method="exact" gives 0.07421875: scipy's table for untied ranks, rounded)
            let small = WilcoxonSignedRank.test([1, 1, 2, -2, 3, 3, 3, -1, 4])
            #expect(small.statistic == 6.5 && small.n == 9)
            #expect(Self.close(small.pValue, 0.0625))

            // method=PermutationMethod(n_resamples=numpy.inf): statistic 29.5, pvalue 0.045440673828125
            let sixteen = WilcoxonSignedRank.test([2, -1, 3, 3, -2, 5, 5, 5, -4, 7, 1, 1, 6, -6, 8, 2])
            #expect(sixteen.statistic == 29.5 && sixteen.n == 16)
            #expect(Self.close(sixteen.pValue, 0.045440673828125))
        }

        @Test("zero differences are dropped before ranking (Wilcoxon's convention); none left gives p = 1")
        func zerosDropped() {
            // method="exact": statistic 3.0, pvalue 0.625 (n = 4 once the two zeros are dropped)
            let result = WilcoxonSignedRank.test([0, 1, 2, -3, 0, 4])
            #expect(result.statistic == 3 && result.n == 4)
            #expect(Self.close(result.pValue, 0.625))

            let none = WilcoxonSignedRank.test([0, 0, 0])
            #expect(none.n == 0 && none.pValue == 1)
            #expect(WilcoxonSignedRank.test([]).pValue == 1)
        }

        @Test(
            "50 differences are counted exactly; 51 and more use the normal approximation with the tie correction (scipy method=\"approx\")"
        )
        func exactLimitAndApproximation() {
            let fifty = (1...50).map { Double($0 % 7 == 0 ? -$0 : $0) }
            // method="exact": statistic 196.0, pvalue 6.725303951071737e-06
            // (method="approx" would give 2.026757046469517e-05)
            let exact = WilcoxonSignedRank.test(fifty)
            #expect(exact.statistic == 196 && exact.n == 50)
            #expect(Self.close(exact.pValue, 6.725303951071737e-06))

            // method="approx": statistic 196.0, pvalue 1.2009846283141958e-05
            let fiftyOne = (1...51).map { Double($0 % 7 == 0 ? -$0 : $0) }
            let approximate = WilcoxonSignedRank.test(fiftyOne)
            #expect(approximate.statistic == 196 && approximate.n == 51)
            #expect(Self.close(approximate.pValue, 1.2009846283141958e-05))

            // 60 differences, 3 of them zero and many magnitudes tied:
            // method="approx": statistic 320.5, pvalue 5.7436696402739244e-05
            let tied = (1...60).map { Double(($0 * 37) % 23 - 7) }
            let withTies = WilcoxonSignedRank.test(tied)
            #expect(withTies.statistic == 320.5 && withTies.n == 57)
            #expect(Self.close(withTies.pValue, 5.7436696402739244e-05))
        }

        @Test("the smallest p-value differences of these magnitudes could give: 2 / 2^n without ties")
        func smallestPValue() {
            #expect(WilcoxonSignedRank.smallestPValue([1, -2, 3, 4]) == 0.125)
            #expect(WilcoxonSignedRank.smallestPValue([0, 0]) == 1)
            #expect(WilcoxonSignedRank.smallestPValue((1...6).map(Double.init)) == 2.0 / 64)
        }
    }
}
