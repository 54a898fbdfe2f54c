import Report
import Testing

extension StatisticsTests {
    @Suite("Median interval")
    struct MedianIntervalTests {
        @Test("the 95% interval of a median is the pair of order statistics the binomial distribution gives")
        func orderStatistics() throws {
            // Computed outside the project with scipy 1.17.1:
            //   scipy.stats.quantile_test(x, q=numpy.median(x), p=0.5).confidence_interval(0.95)
            //   -> ConfidenceInterval(low=5.5, high=12.0)
            // and its coverage, 1 - 2 * scipy.stats.binom.cdf(2, 12, 0.5) = 0.96142578125.
            let values = [12.0, 3.5, 7.25, 9.0, 15.5, 4.0, 8.5, 11.0, 6.0, 10.0, 13.0, 5.5]
            let interval = try #require(MedianInterval(values))
            #expect(interval.median == 8.75)
            #expect(interval.low == 5.5)
            #expect(interval.high == 12.0)
            #expect(abs(interval.coverage - 0.96142578125) < 1e-12)
            #expect(interval.reachesLevel)
        }

        @Test(
            "the interval takes the k-th smallest and largest values, k from the binomial distribution",
            // (n, k, coverage): the largest k with 1 - 2 * scipy.stats.binom.cdf(k - 1, n, 0.5) >= 0.95
            arguments: [
                (6, 1, 0.96875), (8, 1, 0.9921875), (9, 2, 0.9609375), (12, 3, 0.96142578125), (17, 5, 0.950958251953125),
                (20, 6, 0.9586105346679688),
            ])
        func orderStatisticRanks(count: Int, k: Int, coverage: Double) throws {
            let interval = try #require(MedianInterval((1...count).map(Double.init)))
            #expect(interval.low == Double(k))
            #expect(interval.high == Double(count - k + 1))
            #expect(abs(interval.coverage - coverage) < 1e-12)
        }

        @Test("with fewer than 6 values no 95% interval exists: the whole range, with the coverage it really has")
        func tooFewValues() throws {
            let five = try #require(MedianInterval([5, 1, 4, 2, 3]))
            #expect(five.low == 1 && five.high == 5 && five.median == 3)
            #expect(five.coverage == 0.9375)
            #expect(!five.reachesLevel)
            let one = try #require(MedianInterval([7]))
            #expect(one.low == 7 && one.high == 7 && one.coverage == 0)
            #expect(MedianInterval([]) == nil)
        }

        @Test("two intervals overlap when they share a value")
        func overlap() throws {
            let a = try #require(MedianInterval([1, 2, 3]))
            let b = try #require(MedianInterval([3, 4, 5]))
            let c = try #require(MedianInterval([3.5, 4, 5]))
            #expect(a.overlaps(b))
            #expect(!a.overlaps(c))
        }
    }
}
