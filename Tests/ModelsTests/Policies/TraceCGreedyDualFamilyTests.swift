import Models
import Testing

/// The priority policies (`gdsf`, `size`, `lfuda`, `belady-size`) on trace C: 2,000,000 requests
/// over 20,000 objects of 13 sizes from 256 B to 1 MiB. Where the reference simulator gives counts
/// they must be met exactly, with the capacity in bytes (sizes honoured) and in objects (sizes
/// ignored); where it gives none, the policy must give the misses and byte misses of a plain
/// re-implementation of its rule written here, on a prefix of the trace.
@Suite("The priority policies on trace C (variable sizes)")
struct TraceCGreedyDualFamilyTests {
    /// Trace C's requests (object *k* has the size `--sizes pow2` gives it), built once.
    static let requests: [TraceRequest] = ZipfTrace(count: 2_000_000, objects: 20_000, alpha: 0.9, seed: 11).requests
        .enumerated().map { index, id in
            TraceRequest(time: Double(index + 1), key: UInt64(id), size: TraceGenerator.Sizes.pow2.size(of: UInt64(id), seed: 11))
        }

    /// 0.1, 1, 5 and 10% of the working set in bytes, and of the 20,000 objects.
    static let byteCapacities = [3_241_196, 32_411_962, 162_059_814, 324_119_628]
    static let objectCapacities = [20, 200, 1000, 2000]

    static func replay(
        _ policy: PolicyName, _ capacity: ReplayCapacity, requests: ArraySlice<TraceRequest> = requests[...],
        parameters: PolicyParameters = PolicyParameters()
    ) -> ReplayCounts {
        let future = policy.needsFuture ? requests.map(\.key) : []
        let cache = TraceReplay.make(policy: policy, capacity: capacity, parameters: parameters, future: future)
        Array(requests).withUnsafeBufferPointer { cache.replay($0, counted: true) }
        return cache.counts
    }

    /// Checks `policy` against the reference's misses and byte misses in bytes and misses in objects.
    static func expectReference(
        _ policy: PolicyName, byteMisses: [(misses: Int, bytes: Int)], objectMisses: [Int]
    ) {
        let bytes = byteCapacities.map { replay(policy, .bytes($0)) }
        #expect(bytes.map(\.misses) == byteMisses.map(\.misses))
        #expect(bytes.map(\.missedBytes) == byteMisses.map(\.bytes))
        #expect(bytes.allSatisfy { $0.requests == 2_000_000 && $0.requestedBytes == 292_714_875_904 })
        let objects = objectCapacities.map { replay(policy, .objects($0)) }
        #expect(objects.map(\.misses) == objectMisses)
    }

    @Test("gdsf: misses and byte misses equal libCacheSim's on trace C, in bytes and in objects")
    func gdsf() {
        Self.expectReference(
            .gdsf,
            byteMisses: [
                (1_180_037, 275_098_240_000), (697_571, 217_395_117_824), (395_824, 161_018_632_960),
                (283_257, 130_911_466_240),
            ],
            objectMisses: [1_659_258, 1_258_822, 905_182, 725_884])
    }

    @Test("size: misses and byte misses equal libCacheSim's on trace C, in bytes and in objects")
    func size() {
        Self.expectReference(
            .size,
            byteMisses: [
                (1_540_071, 286_380_272_384), (1_020_791, 282_801_814_272), (545_053, 262_278_068_992),
                (433_717, 248_047_778_560),
            ],
            objectMisses: [1_895_043, 1_446_592, 1_046_699, 853_048])
    }

    // MARK: lfuda (no reference counts: against a plain re-implementation)

    /// The requests the re-implementations are checked on: trace C's first 200,000.
    static let prefix = requests.prefix(200_000)
    /// The capacities they are checked at: the two smallest in bytes and in objects.
    static let checkedCapacities: [ReplayCapacity] = [.bytes(byteCapacities[0]), .bytes(byteCapacities[1]), .objects(20), .objects(200)]

    /// LFU with dynamic aging, written plainly: a dictionary of residents and a linear scan for the
    /// lowest (priority, last request) at each eviction; K = L + F, L the last victim's K.
    static func naiveLFUDA(_ requests: ArraySlice<TraceRequest>, capacity: Int, sized: Bool) -> (misses: Int, bytes: Int) {
        var resident: [UInt64: (frequency: Int, priority: Double, last: Int, weight: Int)] = [:]
        var age = 0.0
        var used = 0
        var misses = 0
        var missedBytes = 0
        for (time, request) in requests.enumerated() {
            if var entry = resident[request.key] {
                entry.frequency += 1
                entry.priority = age + Double(entry.frequency)
                entry.last = time
                resident[request.key] = entry
                continue
            }
            misses += 1
            missedBytes += Int(request.size)
            let weight = sized ? Int(request.size) : 1
            guard weight <= capacity else { continue }
            while used + weight > capacity {
                var victim: UInt64?
                for (key, entry) in resident {
                    guard let best = victim.flatMap({ resident[$0] }) else {
                        victim = key
                        continue
                    }
                    if entry.priority < best.priority || (entry.priority == best.priority && entry.last < best.last) { victim = key }
                }
                guard let key = victim, let entry = resident.removeValue(forKey: key) else { break }
                age = entry.priority
                used -= entry.weight
            }
            resident[request.key] = (1, age + 1, time, weight)
            used += weight
        }
        return (misses, missedBytes)
    }

    @Test("lfuda: misses and byte misses equal a plain re-implementation of Arlitt et al.'s rule on trace C's first 200,000 requests, in bytes and in objects")
    func lfuda() {
        for capacity in Self.checkedCapacities {
            let counts = Self.replay(.lfuda, capacity, requests: Self.prefix)
            let sized: Bool
            switch capacity {
            case .bytes: sized = true
            case .objects: sized = false
            }
            let expected = Self.naiveLFUDA(Self.prefix, capacity: capacity.value, sized: sized)
            #expect(counts.misses == expected.misses, "\(capacity)")
            #expect(counts.missedBytes == expected.bytes, "\(capacity)")
        }
    }

    @Test("lfuda: with sizes ignored it evicts as gdsf does (whose priorities are lfuda's times 10⁶): libCacheSim's gdsf counts")
    func lfudaIsUnsizedGDSF() {
        #expect(Self.objectCapacities.map { Self.replay(.lfuda, .objects($0)).misses } == [1_659_258, 1_258_822, 905_182, 725_884])
    }

    // MARK: belady-size (no reference counts: against a plain re-implementation)

    /// Belady's rule weighed by size, written plainly: the next uses from a backward pass over the
    /// stream, the residents in an array, the victim the largest size × distance (ties: the later
    /// next use), found by a linear scan of every resident (`samples` = 0) or of `samples` draws
    /// made as the policy makes them (uniform indices of that array, kept in the same order by
    /// swapping the last resident into a leaver's place, from a generator seeded with 0).
    static func naiveBeladySize(
        _ requests: ArraySlice<TraceRequest>, capacity: Int, sized: Bool, samples: Int
    ) -> (misses: Int, bytes: Int) {
        var nextUse = [Int](repeating: Int.max, count: requests.count)
        var seenAt: [UInt64: Int] = [:]
        for (time, request) in requests.enumerated().reversed() {
            if let later = seenAt[request.key] { nextUse[time] = later }
            seenAt[request.key] = time
        }
        var residents: [(key: UInt64, next: Int, weight: Int)] = []
        func leave(_ index: Int) {
            residents.swapAt(index, residents.count - 1)
            residents.removeLast()
        }
        var generator = SeededGenerator(seed: 0)
        var used = 0
        var misses = 0
        var missedBytes = 0
        for (now, request) in requests.enumerated() {
            let next = nextUse[now]
            if let index = residents.firstIndex(where: { $0.key == request.key }) {
                residents[index].next = next
                if next == Int.max {
                    used -= residents[index].weight
                    leave(index)
                }
                continue
            }
            misses += 1
            missedBytes += Int(request.size)
            let weight = sized ? Int(request.size) : 1
            guard weight <= capacity else { continue }
            while used + weight > capacity, !residents.isEmpty {
                func above(_ a: Int, _ b: Int) -> Bool {
                    let scoreA = residents[a].weight * (residents[a].next - now)
                    let scoreB = residents[b].weight * (residents[b].next - now)
                    return scoreA > scoreB || (scoreA == scoreB && residents[a].next > residents[b].next)
                }
                var victim: Int?
                let candidates = samples == 0
                    ? Array(residents.indices) : (0..<samples).map { _ in generator.next(below: residents.count) }
                for index in candidates where victim.map({ above(index, $0) }) ?? true { victim = index }
                guard let victim else { break }
                used -= residents[victim].weight
                leave(victim)
            }
            // Room is made even for an object never requested again, which is then not kept.
            if next != Int.max {
                residents.append((request.key, next, weight))
                used += weight
            }
        }
        return (misses, missedBytes)
    }

    static func expectNaiveBeladySize(samples: Int, requests: ArraySlice<TraceRequest>) {
        let parameters = PolicyParameters([.beladySize: ["n_sample": .integer(samples)]])
        for capacity in Self.checkedCapacities {
            let counts = Self.replay(.beladySize, capacity, requests: requests, parameters: parameters)
            let sized: Bool
            switch capacity {
            case .bytes: sized = true
            case .objects: sized = false
            }
            let expected = Self.naiveBeladySize(requests, capacity: capacity.value, sized: sized, samples: samples)
            #expect(counts.misses == expected.misses, "\(capacity)")
            #expect(counts.missedBytes == expected.bytes, "\(capacity)")
        }
    }

    @Test("belady-size: every entry scored, misses and byte misses equal a plain re-implementation on trace C's first 100,000 requests, in bytes and in objects")
    func beladySizeExact() {
        Self.expectNaiveBeladySize(samples: 0, requests: Self.requests.prefix(100_000))
    }

    @Test("belady-size: with libCacheSim's default sample of 128, misses and byte misses equal a plain re-implementation drawing alike on trace C's first 100,000 requests, in bytes and in objects")
    func beladySizeSampled() {
        Self.expectNaiveBeladySize(samples: 128, requests: Self.requests.prefix(100_000))
    }

    @Test("belady-size: with sizes ignored and every entry scored it is Belady's rule: libCacheSim's belady counts")
    func beladySizeUnsizedIsBelady() {
        let parameters = PolicyParameters([.beladySize: ["n_sample": .integer(0)]])
        let misses = [20, 200].map { Self.replay(.beladySize, .objects($0), parameters: parameters).misses }
        #expect(misses == [1_453_196, 1_010_698])
    }
}
