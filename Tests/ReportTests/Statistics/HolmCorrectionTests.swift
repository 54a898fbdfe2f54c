import Report
import Testing

extension StatisticsTests {
    @Suite("Holm correction")
    struct HolmCorrectionTests {
        @Test("Holm's adjusted p-values, in the order given")
        func adjustedPValues() {
            // Computed outside the project with statsmodels 0.14:
            //   multipletests([0.01, 0.04, 0.03, 0.005, 0.2], alpha=0.05, method="holm")
            //   -> reject [True, False, False, True, False], pvals_corrected [0.04, 0.09, 0.09, 0.025, 0.2]
            let adjusted = HolmCorrection.adjusted([0.01, 0.04, 0.03, 0.005, 0.2])
            let expected = [0.04, 0.09, 0.09, 0.025, 0.2]
            for (value, want) in zip(adjusted, expected) { #expect(abs(value - want) < 1e-12) }
            #expect(adjusted.map { $0 <= 0.05 } == [true, false, false, true, false])
        }

        @Test("a family of tests needs smaller p-values than one test: two 5-against-5 separations are not significant at 0.01")
        func familyNeedsMore() {
            // multipletests([0.0079, 0.0079, 0.5], alpha=0.01, method="holm")
            //   -> reject [False, False, False], pvals_corrected [0.0237, 0.0237, 0.5]
            let adjusted = HolmCorrection.adjusted([0.0079, 0.0079, 0.5])
            #expect(abs(adjusted[0] - 0.0237) < 1e-12 && abs(adjusted[1] - 0.0237) < 1e-12 && adjusted[2] == 0.5)
            #expect(HolmCorrection.adjusted([]).isEmpty)
        }
    }
}
