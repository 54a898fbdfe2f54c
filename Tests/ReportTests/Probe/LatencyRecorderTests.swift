import Report
import Testing

@Suite("LatencyRecorder")
struct LatencyRecorderTests {
    @Test("percentiles of 1...1000 are exact below HdrHistogram's 2048-unit sub-bucket range")
    func knownDistribution() {
        var recorder = LatencyRecorder()
        for value in UInt64(1)...1_000 {
            recorder.record(nanoseconds: value)
        }
        #expect(recorder.count == 1_000)
        #expect(recorder.percentile(50) == 500)
        #expect(recorder.percentile(90) == 900)
        #expect(recorder.percentile(99) == 990)
        #expect(recorder.percentile(0) == 1)
        #expect(recorder.percentile(100) == 1_000)
        #expect(recorder.max == 1_000)
        let summary = recorder.summary
        #expect(summary.p50 == 500)
        #expect((998...1_000).contains(summary.p999))
        #expect(summary.max == 1_000)
        #expect(summary.count == 1_000)
    }

    @Test("large values keep three significant digits")
    func largeValues() {
        var recorder = LatencyRecorder()
        for step in UInt64(1)...1_000 {
            recorder.record(nanoseconds: step * 1_000_000)
        }
        let p50 = recorder.percentile(50)
        let p90 = recorder.percentile(90)
        #expect(p50 >= 500_000_000 && p50 <= 500_500_000)
        #expect(p90 >= 900_000_000 && p90 <= 900_900_000)
        #expect(recorder.max == 1_000_000_000)
    }

    @Test("merging recorders equals recording every value into one")
    func mergeEqualsSingle() {
        var single = LatencyRecorder()
        var even = LatencyRecorder()
        var odd = LatencyRecorder()
        for index in UInt64(0)..<5_000 {
            let value = (index &* 7_919) % 3_000_000 + 1
            single.record(nanoseconds: value)
            if index % 2 == 0 {
                even.record(nanoseconds: value)
            } else {
                odd.record(nanoseconds: value)
            }
        }
        var merged = even
        merged.merge(odd)
        #expect(merged == single)
        #expect(merged.summary == single.summary)
        #expect(merged.count == 5_000)
        #expect(merged.spectrum().map(\.valueNs) == single.spectrum().map(\.valueNs))
        #expect(even.count == 2_500)
    }

    @Test("an empty recorder reports zeros and an empty spectrum")
    func emptyIsZero() {
        let recorder = LatencyRecorder()
        #expect(recorder.count == 0)
        #expect(recorder.isEmpty)
        #expect(recorder.max == 0)
        #expect(recorder.percentile(50) == 0)
        #expect(recorder.percentile(100) == 0)
        #expect(recorder.summary == LatencySummary.zero)
        #expect(recorder.spectrum().isEmpty)
    }

    @Test("values above 60 s are clamped to 60 s, not dropped")
    func clampsHugeValues() {
        var recorder = LatencyRecorder()
        recorder.record(nanoseconds: 10)
        recorder.record(nanoseconds: UInt64.max)
        #expect(recorder.count == 2)
        #expect(recorder.clampedCount == 1)
        #expect(recorder.max == LatencyRecorder.highestTrackableNanoseconds)
        #expect(recorder.percentile(100) == LatencyRecorder.highestTrackableNanoseconds)
    }

    @Test("the spectrum rises in percentile and value and ends at 100% on the maximum")
    func spectrumShape() throws {
        var recorder = LatencyRecorder()
        for value in UInt64(1)...10_000 {
            recorder.record(nanoseconds: value * value)
        }
        let points = recorder.spectrum()
        #expect(points.count > 20)
        for (earlier, later) in zip(points, points.dropFirst()) {
            #expect(earlier.percentile <= later.percentile)
            #expect(earlier.valueNs <= later.valueNs)
        }
        let first = try #require(points.first)
        let last = try #require(points.last)
        #expect(first.percentile == 0)
        #expect(last.percentile == 100)
        #expect(last.valueNs == recorder.max)
        #expect(points.contains { $0.percentile == 50 })
        #expect(points.contains { $0.percentile == 75 })
    }

    @Test("reset forgets every value")
    func resetClears() {
        var recorder = LatencyRecorder()
        recorder.record(nanoseconds: 5)
        recorder.record(nanoseconds: 100_000_000_000)
        recorder.reset()
        #expect(recorder == LatencyRecorder())
        #expect(recorder.summary == .zero)
    }

    @Test("a recorder rebuilt from its buckets equals it: the same counts, exact minimum and maximum, clamped count, spectrum and merge")
    func bucketsRoundTrip() {
        var generator = SystemRandomNumberGenerator()
        var cases: [LatencyRecorder] = [LatencyRecorder()]
        for size in [1, 2, 7, 1_000, 20_000] {
            var recorder = LatencyRecorder()
            for _ in 0..<size {
                // Values from 0 to beyond the trackable range (clamped), across many buckets.
                let magnitude = UInt64.random(in: 0...37, using: &generator)
                recorder.record(nanoseconds: UInt64.random(in: 0...(UInt64(1) << magnitude), using: &generator))
            }
            cases.append(recorder)
        }
        var lone = LatencyRecorder()
        lone.record(nanoseconds: 123_457)
        var pair = LatencyRecorder()
        pair.record(nanoseconds: 123_457)
        pair.record(nanoseconds: 123_459)  // the same bucket as its minimum
        cases += [lone, pair]
        for original in cases {
            let rebuilt = LatencyRecorder(buckets: original.buckets)
            #expect(rebuilt == original, "\(original.count) values")
            #expect(rebuilt.max == original.max && rebuilt.count == original.count && rebuilt.clampedCount == original.clampedCount)
            #expect(rebuilt.buckets == original.buckets)
            #expect(rebuilt.spectrum().elementsEqual(original.spectrum()) { $0 == $1 })
            var mergedOriginals = cases[3]
            mergedOriginals.merge(original)
            var mergedRebuilt = LatencyRecorder(buckets: cases[3].buckets)
            mergedRebuilt.merge(rebuilt)
            #expect(mergedRebuilt == mergedOriginals)
        }
    }
}
