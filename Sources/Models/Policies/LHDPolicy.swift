/// LHD, least hit density (Beckmann et al., NSDI 2018), as the reference simulator runs it (`LHD/`,
/// the authors' simulator code): the victim is the sampled entry with the lowest expected hits per
/// unit of space-time, learnt per class of entries from the ages at which they were hit or evicted.
///
/// Each entry keeps the request count at its last access, its last two hit ages and its size. Ages
/// are request counts shifted right by 10, a shift reset at the 6th and 26th reconfiguration to the
/// log₂ of the average number of cached entries over 200, rounded up (at least 1), the histograms
/// rescaled to it. Entries fall into 16 classes by the sum of their last two hit ages (about its
/// log₂ below 20,000; a new entry's sum is 20,000, class 0; an age of 0 is class 15). A hit records
/// one hit at the entry's age in its class; an eviction records one eviction. Every 2^20 accesses
/// both histograms decay by 0.9 and each class's hit density at age `a` becomes the hits at ages ≥ `a`
/// over the summed lifetimes of the events at ages ≥ `a` (0 where they are below 10⁻⁵); before the
/// first such reconfiguration class `c` has density `(c + 17) / (a + 1)`, as the reference seeds it.
/// An entry's rank is its class's density at its age divided by its size (1 unsized), plus one
/// for an explorer.
///
/// Every access (hit or insertion) draws from the reference's 64-bit linear congruential generator
/// (the one `set_rand_seed` seeds; here the run's seed): one in 32 makes the entry an explorer while
/// the explorer budget (1% of the capacity, in bytes or entries) lasts. An inserted entry that did not
/// draw so and ranks below the moving average of victims' ranks joins the last 8 such admissions. To
/// evict, 8 entries are drawn (`next() mod n` over the entries in the order the reference keeps them:
/// appended on insertion, the last moved into an evicted entry's place; 32 after 50
/// reconfigurations) and the 8 recent admissions still cached join them; the lowest rank goes (the
/// first found among equals), and the average moves to `0.9·average + 0.1·rank`. Ranks, densities
/// and histograms are 32-bit floats, as in the reference, so the same seed evicts the same entries.
///
/// Sized (a capacity in bytes), ranks are per byte and the explorer budget is in bytes; unsized,
/// every entry weighs 1. Only the reference's application class 1 exists (it runs every request
/// under one application), so 16 of its 256 classes are kept.
public final class LHDPolicy: RegisteredPolicy {
    private static let maxAge = 20_000
    private static let hitAgeClasses = 16
    private static let admissions = 8
    private static let accessesPerReconfiguration = 1 << 20
    private static let decay: Float = 0.9

    // Per slot.
    @exclusivity(unchecked) private var identityOf: [UInt64] = []
    @exclusivity(unchecked) private var stampOf: [Int] = []
    @exclusivity(unchecked) private var lastHitAge: [Int] = []
    @exclusivity(unchecked) private var lastLastHitAge: [Int] = []
    @exclusivity(unchecked) private var sizeOf: [Float] = []
    @exclusivity(unchecked) private var isExplorer: [Bool] = []
    /// Each tracked slot's place in `tags`, or -1.
    @exclusivity(unchecked) private var tagIndex: [Int32] = []
    /// The tracked slots, in the reference's order of its tags.
    @exclusivity(unchecked) private var tags: [Int32] = []
    private let slotOfIdentity = IdentityTable()
    /// Hits, evictions and hit densities by class and age (`class * maxAge + age`).
    @exclusivity(unchecked) private var hits: [Float]
    @exclusivity(unchecked) private var evictions: [Float]
    @exclusivity(unchecked) private var densities: [Float]
    /// The identities of the last inserted entries that ranked low, a ring.
    @exclusivity(unchecked) private var recentlyAdmitted: [UInt64?]
    @exclusivity(unchecked) private var recentlyAdmittedHead = 0
    @exclusivity(unchecked) private var averageVictimRank: Float = 0
    @exclusivity(unchecked) private var explorerBudget: Int64 = 0
    @exclusivity(unchecked) private var timestamp = 0
    @exclusivity(unchecked) private var ageShift = 10
    /// The moving average of the number of cached entries, at reconfigurations, and its mass.
    @exclusivity(unchecked) private var averageEntries: Float = 0
    @exclusivity(unchecked) private var averageEntriesMass: Float = 0
    @exclusivity(unchecked) private var nextReconfiguration = LHDPolicy.accessesPerReconfiguration
    @exclusivity(unchecked) private var reconfigurations = 0
    @exclusivity(unchecked) private var capacity: LearntCapacity
    private let sized: Bool
    @exclusivity(unchecked) private var state: UInt64
    @exclusivity(unchecked) private var incoming: UInt64?
    @exclusivity(unchecked) private var incomingSize = 1

    /// Creates the policy for a store of `capacity` entries, or bytes when `sized`.
    /// - Parameters:
    ///   - capacity: the store's capacity (0: learnt at the first eviction; the explorer budget is
    ///     1% of it).
    ///   - sized: whether the capacity is in bytes (entries weigh their sizes) or entries.
    ///   - seed: the generator's initial state.
    public init(capacity: Int, sized: Bool = false, seed: UInt64 = 0) {
        self.capacity = LearntCapacity(capacity)
        self.sized = sized
        state = seed
        let cells = Self.hitAgeClasses * Self.maxAge
        hits = [Float](repeating: 0, count: cells)
        evictions = [Float](repeating: 0, count: cells)
        densities = [Float](repeating: 0, count: cells)
        recentlyAdmitted = [UInt64?](repeating: nil, count: Self.admissions)
        for hitAgeClass in 0..<Self.hitAgeClasses {
            // The reference's class index: application 1's classes follow application 0's 16.
            let referenceClass = Self.hitAgeClasses + hitAgeClass
            for age in 0..<Self.maxAge {
                densities[hitAgeClass * Self.maxAge + age] = Float(1.0 * Double(referenceClass + 1) / Double(age + 1))
            }
        }
        if self.capacity.isKnown { setBudget() }
    }

    public static let policyName: PolicyName = .lhd
    public static let summary =
        "LHD: of a random sample and the recent low-ranked admissions, the entry with the least expected hits per unit of space and time goes first."
    public static let reference = "Beckmann et al., NSDI 2018; libCacheSim LHD/"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [5.62, 7.88, 10.46], peakRSSMiB: 94)
    public convenience init(_ context: PolicyContext) {
        self.init(capacity: context.capacity, sized: context.sized, seed: context.seed)
    }

    /// The number of accesses seen, the explorer budget left and the moving average of victims' ranks.
    public var statistics: (accesses: Int, explorerBudget: Int, averageVictimRank: Float) {
        (timestamp, Int(explorerBudget), averageVictimRank)
    }

    /// The rank of the entry in `slot` now (lower goes first).
    public func rank(of slot: Int) -> Float? {
        slot < tagIndex.count && tagIndex[slot] >= 0 ? hitDensity(slot) : nil
    }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    public func willInsert(identity: UInt64, size: Int) {
        incoming = identity
        incomingSize = sized ? size : 1
    }

    /// - Complexity: O(1) amortised (O(classes × ages) once every 2^20 accesses).
    public func didInsert(_ slot: Int) {
        growSlots(&identityOf, toHold: slot, with: 0)
        growSlots(&stampOf, toHold: slot, with: 0)
        growSlots(&lastHitAge, toHold: slot, with: 0)
        growSlots(&lastLastHitAge, toHold: slot, with: 0)
        growSlots(&sizeOf, toHold: slot, with: 0)
        growSlots(&isExplorer, toHold: slot, with: false)
        growSlots(&tagIndex, toHold: slot, with: -1)
        if tags.capacity < identityOf.count { tags.reserveCapacity(identityOf.count) }
        let identity = incoming ?? (UInt64(slot) | 1 << 63)
        identityOf[slot] = identity
        sizeOf[slot] = Float(incomingSize)
        incoming = nil
        incomingSize = 1
        guard tagIndex[slot] < 0 else { return }
        tagIndex[slot] = Int32(truncatingIfNeeded: tags.count)
        tags.append(Int32(truncatingIfNeeded: slot))
        slotOfIdentity.set(Int32(truncatingIfNeeded: slot), for: identity)
        lastLastHitAge[slot] = Self.maxAge
        lastHitAge[slot] = 0
        isExplorer[slot] = false
        access(slot, inserted: true)
    }

    /// - Complexity: O(1) (O(classes × ages) once every 2^20 accesses).
    public func didAccess(_ slot: Int) {
        guard slot < tagIndex.count, tagIndex[slot] >= 0 else { return }
        let age = self.age(slot)
        hits[cell(slot, age)] += 1
        if isExplorer[slot] { explorerBudget = Int64(Float(explorerBudget) + sizeOf[slot]) }
        lastLastHitAge[slot] = lastHitAge[slot]
        lastHitAge[slot] = age
        access(slot, inserted: false)
    }

    public func didRemove(_ slot: Int) {
        guard slot < tagIndex.count, tagIndex[slot] >= 0 else { return }
        untrack(slot)
    }

    /// The victim's age is recorded as an eviction in its class.
    public func didEvict(_ slot: Int) {
        guard slot < tagIndex.count, tagIndex[slot] >= 0 else { return }
        evictions[cell(slot, age(slot))] += 1
        if isExplorer[slot] { explorerBudget = Int64(Float(explorerBudget) + sizeOf[slot]) }
        untrack(slot)
    }

    public func didRemoveAll() {
        for slot in tags { tagIndex[Int(slot)] = -1 }
        tags.removeAll(keepingCapacity: true)
        slotOfIdentity.removeAll()
    }

    /// The lowest rank among 8 drawn entries and the recent low-ranked admissions still cached.
    /// - Complexity: O(1): 8 draws and 8 lookups (32 draws after 50 reconfigurations).
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        if capacity.learn(resident: tags.count) { setBudget() }
        guard !tags.isEmpty else { return nil }
        var victim = -1
        var victimRank = Float.greatestFiniteMagnitude
        let samples = reconfigurations > 50 ? 32 : 8
        for _ in 0..<samples {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let slot = Int(tags[Int(state % UInt64(tags.count))])
            let rank = hitDensity(slot)
            if rank < victimRank {
                victim = slot
                victimRank = rank
            }
        }
        for admitted in recentlyAdmitted {
            guard let admitted, let slot = slotOfIdentity.value(for: admitted) else { continue }
            let rank = hitDensity(Int(slot))
            if rank < victimRank {
                victim = Int(slot)
                victimRank = rank
            }
        }
        averageVictimRank = Self.decay * averageVictimRank + (1 - Self.decay) * victimRank
        guard victim >= 0, skip(victim) else { return victim >= 0 ? victim : nil }
        // A pinned victim: the first tracked entry not skipped.
        return tags.lazy.map { Int($0) }.first { !skip($0) }
    }

    /// Bytes of policy state per tracked entry (the 3.8 MB of class histograms come on top, once).
    public static let bytesPerEntry =
        4 * MemoryLayout<Int>.stride + MemoryLayout<UInt64>.stride + MemoryLayout<Float>.stride + 1
        + 2 * MemoryLayout<Int32>.stride + 3 * (MemoryLayout<UInt64>.stride + MemoryLayout<Int32>.stride)

    // MARK: The model

    /// An entry's age: requests since its last access, coarsened, capped below `maxAge`.
    @inline(__always)
    private func age(_ slot: Int) -> Int {
        let age = (timestamp - stampOf[slot]) >> ageShift
        return age >= Self.maxAge ? Self.maxAge - 1 : age
    }

    /// The class of an entry by its last two hit ages: about log₂(maxAge / ages), 15 for 0.
    @inline(__always)
    private func hitAgeClass(_ slot: Int) -> Int {
        var age = lastHitAge[slot] + lastLastHitAge[slot]
        guard age != 0 else { return Self.hitAgeClasses - 1 }
        var log = 0
        while age < Self.maxAge, log < Self.hitAgeClasses - 1 {
            age <<= 1
            log += 1
        }
        return log
    }

    @inline(__always)
    private func cell(_ slot: Int, _ age: Int) -> Int { hitAgeClass(slot) * Self.maxAge + age }

    /// The entry's rank: its class's hit density at its age per unit of size, plus 1 for an explorer.
    @inline(__always)
    private func hitDensity(_ slot: Int) -> Float {
        let age = self.age(slot)
        if age == Self.maxAge - 1 { return -Float.greatestFiniteMagnitude }
        var density = densities[cell(slot, age)] / sizeOf[slot]
        if isExplorer[slot] { density = Float(Double(density) + 1) }
        return density
    }

    /// What every access does after its hit or insertion is recorded: a new stamp, the explorer
    /// draw, the recent admissions, and the periodic reconfiguration.
    private func access(_ slot: Int, inserted: Bool) {
        stampOf[slot] = timestamp
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let explore = state % 32 == 0
        if explore, explorerBudget > 0, reconfigurations < 50 {
            isExplorer[slot] = true
            explorerBudget = Int64(Float(explorerBudget) - sizeOf[slot])
        } else {
            isExplorer[slot] = false
        }
        if inserted, !explore, hitDensity(slot) < averageVictimRank {
            recentlyAdmitted[recentlyAdmittedHead % Self.admissions] = identityOf[slot]
            recentlyAdmittedHead += 1
        }
        timestamp += 1
        nextReconfiguration -= 1
        if nextReconfiguration == 0 {
            reconfigure()
            nextReconfiguration = Self.accessesPerReconfiguration
            reconfigurations += 1
        }
    }

    /// Forgets `slot`, the last tag moving into its place.
    private func untrack(_ slot: Int) {
        let index = Int(tagIndex[slot])
        let last = Int(tags.removeLast())
        if index < tags.count {
            tags[index] = Int32(truncatingIfNeeded: last)
            tagIndex[last] = Int32(truncatingIfNeeded: index)
        }
        tagIndex[slot] = -1
        slotOfIdentity.removeValue(for: identityOf[slot])
    }

    /// Decays the histograms, adapts the age coarsening, and recomputes every class's hit densities,
    /// as the reference does.
    private func reconfigure() {
        for cell in hits.indices {
            hits[cell] *= Self.decay
            evictions[cell] *= Self.decay
        }
        adaptAgeCoarsening()
        for hitAgeClass in 0..<Self.hitAgeClasses {
            let base = hitAgeClass * Self.maxAge
            var totalEvents = hits[base + Self.maxAge - 1] + evictions[base + Self.maxAge - 1]
            var totalHits = hits[base + Self.maxAge - 1]
            var lifetime = totalEvents
            for age in stride(from: Self.maxAge - 2, through: 0, by: -1) {
                totalHits += hits[base + age]
                totalEvents += hits[base + age] + evictions[base + age]
                lifetime += totalEvents
                densities[base + age] = Double(totalEvents) > 1e-5 ? totalHits / lifetime : 0
            }
        }
    }

    /// Follows the number of cached entries; at the 6th and 26th reconfiguration sets the age shift so
    /// that `maxAge` coarsened ages span about 100 times that number, stretching or compressing the
    /// histograms to the new scale (the reference's `adaptAgeCoarsening`).
    private func adaptAgeCoarsening() {
        averageEntries *= Self.decay
        averageEntriesMass *= Self.decay
        averageEntries += Float(tags.count)
        averageEntriesMass = Float(Double(averageEntriesMass) + 1)
        let entries = averageEntries / averageEntriesMass
        let optimal = Float(1.0 * Double(entries) / Double(Float(0.01) * Float(Self.maxAge)))
        guard reconfigurations == 5 || reconfigurations == 25 else { return }
        var shift = 1
        while Float(1 << shift) < optimal { shift += 1 }
        let delta = shift - ageShift
        ageShift = shift
        averageEntries *= 8
        averageEntriesMass *= 8
        for hitAgeClass in 0..<Self.hitAgeClasses {
            let base = hitAgeClass * Self.maxAge
            if delta < 0 {
                for age in (Self.maxAge >> -delta)..<(Self.maxAge - 1) {
                    hits[base + Self.maxAge - 1] += hits[base + age]
                    evictions[base + Self.maxAge - 1] += evictions[base + age]
                }
                let factor = Float(1 << -delta)
                for age in stride(from: Self.maxAge - 2, through: 0, by: -1) {
                    hits[base + age] = hits[base + (age >> -delta)] / factor
                    evictions[base + age] = evictions[base + (age >> -delta)] / factor
                }
            } else if delta > 0 {
                for age in 0..<(Self.maxAge >> delta) {
                    hits[base + age] = hits[base + (age << delta)]
                    evictions[base + age] = evictions[base + (age << delta)]
                    for offset in 1..<(1 << delta) {
                        hits[base + age] += hits[base + (age << delta) + offset]
                        evictions[base + age] += evictions[base + (age << delta) + offset]
                    }
                }
                for age in (Self.maxAge >> delta)..<(Self.maxAge - 1) {
                    hits[base + age] = 0
                    evictions[base + age] = 0
                }
            }
        }
    }

    private func setBudget() {
        explorerBudget = Int64(Float(capacity.value) * Float(0.01))
    }
}

extension PolicyName {
    /// LHD (`LHDPolicy`).
    public static let lhd: PolicyName = "lhd"
}
