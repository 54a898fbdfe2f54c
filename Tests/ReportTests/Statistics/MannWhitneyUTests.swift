import Report
import Testing

// Expected values computed outside the project with scipy 1.17.1:
//   scipy.stats.mannwhitneyu(first, second, alternative="two-sided", method=...)
// (`statistic` is U of the first sample; the method named beside each case.)
extension StatisticsTests {
    @Suite("Mann-Whitney U")
    struct MannWhitneyUTests {
        @Test("without ties and small samples, the p-value comes from the exact distribution of U")
        func exactWithoutTies() throws {
            // method="exact": statistic 3.0, pvalue 0.030303030303030304
            let test = try #require(MannWhitneyU([1.1, 2.3, 3.2, 4.8, 5.0], [2.9, 6.1, 7.4, 8.0, 9.3, 10.2]))
            #expect(test.method == .exact)
            #expect(test.u == 3)
            #expect(abs(test.pValue - 0.030303030303030304) < 1e-12)

            // method="exact": statistic 18.0, pvalue 0.09271904566022213
            let larger = try #require(
                MannWhitneyU([0.8, 1.9, 2.4, 3.7, 4.1, 5.6, 6.2, 7.9], [2.0, 3.1, 4.4, 5.9, 6.6, 7.3, 8.5, 9.1, 10.4]))
            #expect(larger.method == .exact)
            #expect(larger.u == 18)
            #expect(abs(larger.pValue - 0.09271904566022213) < 1e-12)
        }

        @Test("five repetitions against five fully separated ones give the smallest p-value, 2/252")
        func separatedFive() throws {
            // method="exact": statistic 0.0, pvalue 0.007936507936507936
            let test = try #require(MannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]))
            #expect(test.u == 0)
            #expect(abs(test.pValue - 0.007936507936507936) < 1e-12)
            let reversed = try #require(MannWhitneyU([6, 7, 8, 9, 10], [1, 2, 3, 4, 5]))
            #expect(reversed.u == 25)
            #expect(reversed.pValue == test.pValue)
        }

        @Test("with ties and small samples, the exact permutation distribution given the ties")
        func exactWithTies() throws {
            // method=PermutationMethod(n_resamples=numpy.inf): statistic 13.0, pvalue 0.0241875771287536
            // (method="asymptotic" would give 0.029071282437886058)
            let first: [Double] = [3, 5, 5, 7, 9, 9, 9, 12]
            let second: [Double] = [6, 8, 9, 11, 12, 14, 15, 15, 16]
            let test = try #require(MannWhitneyU(first, second))
            #expect(test.method == .exactWithTies)
            #expect(test.u == 13)
            #expect(abs(test.pValue - 0.0241875771287536) < 1e-12)

            // An asymmetric tie pattern: twice the smaller tail, 0.15873015873015872.
            let low: [Double] = [1, 2, 2, 3]
            let high: [Double] = [2, 3, 3, 4, 5]
            let asymmetric = try #require(MannWhitneyU(low, high))
            #expect(asymmetric.u == 3)
            #expect(abs(asymmetric.pValue - 0.15873015873015872) < 1e-12)
        }

        @Test("ten tied repetitions cleanly apart from ten others give 2/184756, as without ties")
        func separatedTenWithTies() throws {
            // PermutationMethod: statistic 0.0, pvalue 1.082508822446903e-05
            // (method="asymptotic": 0.00017265399688226732)
            let first: [Double] = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
            let second: [Double] = [6, 6, 7, 7, 8, 8, 9, 9, 10, 10]
            let test = try #require(MannWhitneyU(first, second))
            #expect(test.method == .exactWithTies)
            #expect(abs(test.pValue - 1.082508822446903e-05) < 1e-15)
        }

        @Test("with ties past 50 values in all, the normal approximation with tie and continuity corrections")
        func normalApproximationWithTies() throws {
            // first = [i // 2 for i in range(30)], second = [i // 2 + 2 for i in range(31)]
            // method="asymptotic": statistic 338.0, pvalue 0.06752531017673294
            let first = (0..<30).map { Double($0 / 2) }
            let second = (0..<31).map { Double($0 / 2 + 2) }
            let test = try #require(MannWhitneyU(first, second))
            #expect(test.method == .normalApproximation)
            #expect(test.u == 338)
            #expect(abs(test.pValue - 0.06752531017673294) < 1e-12)
        }

        @Test("past 50 values in all, the normal approximation even without ties")
        func normalApproximationForLargeSamples() throws {
            // first = [i + 0.25 for i in range(30)], second = [i + 3.5 for i in range(31)]
            // method="asymptotic": statistic 351.0, pvalue 0.10155134312666755
            let test = try #require(
                MannWhitneyU((0..<30).map { Double($0) + 0.25 }, (0..<31).map { Double($0) + 3.5 }))
            #expect(test.method == .normalApproximation)
            #expect(test.u == 351)
            #expect(abs(test.pValue - 0.10155134312666755) < 1e-12)
        }

        @Test("the smallest possible p-value: that of the most extreme split of the pooled values")
        func smallestPossiblePValue() throws {
            // Distinct values, 10 against 10: 2 / C(20, 10) = 1.082508822446903e-05, whatever the split.
            let evens = (0..<10).map { Double(2 * $0) }
            let odds = (0..<10).map { Double(2 * $0 + 1) }
            let distinct = try #require(MannWhitneyU.smallestPValue(evens, odds))
            #expect(abs(distinct - 1.082508822446903e-05) < 1e-15)
            // Ties: the pooled values 1,1,1,2,2,2,3,3,3,3 split 5 against 5 can do no better than
            // [1, 1, 1, 2, 2] against [2, 3, 3, 3, 3]:
            // scipy.stats.mannwhitneyu([1, 1, 1, 2, 2], [2, 3, 3, 3, 3],
            //     method=scipy.stats.PermutationMethod(n_resamples=numpy.inf)).pvalue = 0.023809523809523808
            let first: [Double] = [2, 3, 1, 3, 1]
            let second: [Double] = [3, 2, 1, 2, 3]
            let tied = try #require(MannWhitneyU.smallestPValue(first, second))
            #expect(abs(tied - 0.023809523809523808) < 1e-12)
            // The same value in nineteen repetitions out of twenty: no split can be significant.
            let idle = [Double](repeating: 90, count: 10)
            #expect(MannWhitneyU.smallestPValue(idle, Array(idle.prefix(9)) + [121]) == 1)
            #expect(MannWhitneyU.smallestPValue([], [1]) == nil)
        }

        @Test("identical samples, or all values tied, give a p-value of 1; an empty sample no test")
        func noDifference() throws {
            #expect(try #require(MannWhitneyU([1, 2, 3, 4, 5], [1, 2, 3, 4, 5])).pValue == 1)
            #expect(try #require(MannWhitneyU([5, 5, 5], [5, 5, 5])).pValue == 1)
            #expect(MannWhitneyU([], [1, 2]) == nil)
        }
    }
}
