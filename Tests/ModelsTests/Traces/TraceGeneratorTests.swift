import Models
import Testing
import TestSupport

@Suite("Trace generator")
struct TraceGeneratorTests {
    /// All the requests of `generator`, in order.
    static func requests(_ generator: TraceGenerator) -> [TraceRequest] {
        var generator = generator
        var all: [TraceRequest] = []
        var buffer = [TraceRequest](repeating: TraceRequest(time: 0, key: 0), count: 777)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { generator.fill($0) }
            if count == 0 { return all }
            all += buffer[0..<count]
        }
    }

    /// The CSV the reference generator writes for these requests.
    static func csv(_ requests: [TraceRequest]) -> String {
        "time,obj_id,obj_size\n" + requests.map { "\(Int($0.time)),\($0.key),\($0.size)\n" }.joined()
    }

    /// `gen_trace.py --n 2000 --objects 100 --alpha 0.8 --seed 7` prints this sha256.
    @Test("zipf writes the reference generator's bytes (n 2000, 100 objects, alpha 0.8, seed 7)")
    func zipfIsTheReferenceGenerator() throws {
        let generator = TraceGenerator(distribution: .zipf(alpha: 0.8), objects: 100, requests: 2000, seed: 7)
        let requests = Self.requests(generator)
        #expect(requests.count == 2000)
        #expect(
            try ReferenceTrace.sha256(of: Self.csv(requests))
                == "f0d513430fdf5e663e90035d701f6ff779e7e56a3e62950f286a20e7686c1767")
    }

    @Test("zipf over trace A's parameters is trace A, chunk boundaries notwithstanding")
    func zipfIsTraceA() {
        let generator = TraceGenerator(distribution: .zipf(alpha: 1.0), objects: 10_000, requests: 1_000_000, seed: 42)
        let keys = Self.requests(generator).map { UInt32($0.key) }
        #expect(keys == ReferenceTrace.a.requests)
    }

    @Test("uniform spreads requests evenly over every rank")
    func uniformCoversEveryRank() {
        let requests = Self.requests(TraceGenerator(distribution: .uniform, objects: 10, requests: 10_000, seed: 1))
        var counts = [Int](repeating: 0, count: 11)
        for request in requests { counts[Int(request.key)] += 1 }
        #expect(counts[0] == 0)
        #expect(counts[1...].allSatisfy { (850...1150).contains($0) }, "\(counts)")
    }

    @Test("hotspot sends hot_share of the requests to the first hot_fraction of the ranks")
    func hotspotShares() {
        let generator = TraceGenerator(distribution: .hotspot(hotFraction: 0.2, hotShare: 0.8), objects: 100, requests: 20_000, seed: 3)
        let requests = Self.requests(generator)
        let hot = requests.filter { $0.key <= 20 }.count
        #expect(requests.allSatisfy { (1...100).contains($0.key) })
        #expect(abs(Double(hot) / 20_000 - 0.8) < 0.02, "\(hot)")
    }

    @Test("latest asks for new objects at insert_share and favours the newest")
    func latestFavoursNewest() {
        let generator = TraceGenerator(distribution: .latest(alpha: 1.0, insertShare: 0.1), objects: 50, requests: 10_000, seed: 5)
        let requests = Self.requests(generator)
        let newest = requests.map(\.key).max() ?? 0
        #expect(abs(Double(newest - 50) / 10_000 - 0.1) < 0.02, "\(newest)")
        // Each read's key is within the Zipf ranks of the newest key so far.
        var top: UInt64 = 50
        for request in requests {
            if request.key > top { top = request.key } else { #expect(request.key + 50 > top) }
        }
    }

    @Test("the same parameters give the same requests; times count from 1")
    func deterministic() {
        let generator = TraceGenerator(distribution: .latest(alpha: 0.7, insertShare: 0.05), objects: 30, requests: 500, seed: 9)
        let first = Self.requests(generator)
        #expect(first == Self.requests(generator))
        #expect(first.map(\.time) == (1...500).map(Double.init))
    }
}
