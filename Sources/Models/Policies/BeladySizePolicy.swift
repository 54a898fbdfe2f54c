/// Belady's rule weighed by size (the reference simulator's `BeladySize.c`): the victim is the
/// entry with the largest size × distance to its next request, among a sample of the entries. It
/// needs the request stream in advance, as ``OptimalPolicy`` does: each insertion and each access
/// is taken as the next request of that stream.
///
/// A miss makes room as usual (evicting until the newcomer fits) and inserts the entry, but an
/// entry never requested again is dropped at once, as the reference does not insert it after making
/// its room; a hit updates the entry's next request, or drops the entry if there is none. To evict,
/// `n_sample` entries are drawn at random (with replacement) and the one with the largest score
/// size × (next request − current request), both counted in requests, goes; among equal scores, the
/// one requested again later. With `n_sample` = 0 every entry is scored (the reference's
/// `EXACT_Belady` build): the deterministic rule. Sized (a capacity in bytes) the size is the
/// entry's bytes; unsized every entry weighs 1 and the exact rule is Belady's, except that entries
/// never requested again are not kept.
///
/// Where it differs from the reference: the reference draws its sample from its hash table's
/// buckets with its own generator; this policy draws uniformly among the entries with a generator
/// seeded by the run's seed, so sampled runs do not repeat the reference's choices. The reference
/// gives no counts for this policy to check against. An eviction is O(`n_sample`) (O(*n*) exact),
/// as in the reference; inserts and hits are O(1) and allocate nothing once the slots stop growing.
public final class BeladySizePolicy: RegisteredPolicy {
    private let lookAhead: RequestLookAhead
    /// The entries drawn at each eviction (0: every entry).
    private let samples: Int
    private let sized: Bool
    @exclusivity(unchecked) private var generator: SeededGenerator
    /// The tracked slots, densely, and each slot's index there (-1: absent).
    @exclusivity(unchecked) private var residents: [Int32] = []
    @exclusivity(unchecked) private var indexOf: [Int32] = []
    @exclusivity(unchecked) private var nextUseOf: [Int] = []
    @exclusivity(unchecked) private var sizeOf: [Int] = []
    @exclusivity(unchecked) private var pendingNextUse = Int.max
    @exclusivity(unchecked) private var incomingSize = 1
    /// Entries with no next request, dropped after their insertion or hit.
    @exclusivity(unchecked) private var sheds = ShedList()

    /// Creates the policy for the request stream `future` (identities in request order).
    /// - Parameters:
    ///   - sized: whether the capacity is in bytes (else every entry weighs 1).
    ///   - samples: the entries drawn at each eviction; 0 scores every entry.
    ///   - seed: seeds the draws.
    ///   - log: the run's request log to follow the stream's position by, if the store makes
    ///     calls of its own between requests.
    /// - Complexity: O(*n*) for *n* requests.
    public init(future: [UInt64], sized: Bool = false, samples: Int = 128, seed: UInt64 = 0, following log: CacheRequestLog? = nil) {
        lookAhead = RequestLookAhead(future: future, following: log)
        self.sized = sized
        self.samples = max(0, samples)
        generator = SeededGenerator(seed: seed)
    }

    public static let policyName: PolicyName = .beladySize
    public static let summary =
        "Belady’s rule weighed by size: of a sample, the largest size × distance to the next request goes first. Needs the future."
    public static let reference = "libCacheSim BeladySize.c"
    /// libCacheSim's figure at 100 objects is over the trace's first 200,000 requests only (docs/measured.md).
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [0.02, 0.44, 6.29], peakRSSMiB: 36)
    public static let needsFuture = true
    public static let parameters = [
        PolicyParameter(
            "n_sample", "Entries drawn at each eviction, the largest size × distance going; 0 scores every entry (the exact rule).",
            kind: .integer(0...4096), default: .integer(128))
    ]
    public convenience init(_ context: PolicyContext) {
        self.init(
            future: context.future, sized: context.sized, samples: context.settings.integer("n_sample", or: 128),
            seed: context.seed, following: context.log)
    }

    /// The next request of the entry in `slot` (`Int.max`: never), if tracked.
    public func nextRequest(of slot: Int) -> Int? {
        slot < indexOf.count && indexOf[slot] >= 0 ? nextUseOf[slot] : nil
    }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    public func willInsert(identity: UInt64, size: Int) {
        pendingNextUse = lookAhead.advance()
        incomingSize = sized ? size : 1
    }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        if slot >= indexOf.count {
            growSlots(&indexOf, toHold: slot, with: -1)
            growSlots(&nextUseOf, toHold: slot, with: Int.max)
            growSlots(&sizeOf, toHold: slot, with: 1)
            residents.reserveCapacity(indexOf.count)
        }
        guard indexOf[slot] < 0 else { return }
        nextUseOf[slot] = pendingNextUse
        sizeOf[slot] = incomingSize
        indexOf[slot] = Int32(truncatingIfNeeded: residents.count)
        residents.append(Int32(truncatingIfNeeded: slot))
        if pendingNextUse == Int.max { sheds.append(slot) }
        pendingNextUse = Int.max
        incomingSize = 1
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        let use = lookAhead.advance()
        guard slot < indexOf.count, indexOf[slot] >= 0 else { return }
        nextUseOf[slot] = use
        if use == Int.max { sheds.append(slot) }
    }

    /// - Complexity: O(1)
    public func didRemove(_ slot: Int) {
        guard slot < indexOf.count, indexOf[slot] >= 0 else { return }
        let index = Int(indexOf[slot])
        indexOf[slot] = -1
        let last = residents.removeLast()
        if index < residents.count {
            residents[index] = last
            indexOf[Int(last)] = Int32(truncatingIfNeeded: index)
        }
        sheds.forget(slot)
    }

    public func didRemoveAll() {
        for slot in residents { indexOf[Int(slot)] = -1 }
        residents.removeAll(keepingCapacity: true)
        while sheds.take() != nil {}
    }

    @inline(__always)
    public func takeShedSlot() -> Int? { sheds.isEmpty ? nil : sheds.take() }

    /// - Complexity: O(`n_sample`); O(*n*) exact, or when every entry drawn is skipped.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        guard !residents.isEmpty else { return nil }
        let now = lookAhead.current
        var best: Int?
        if samples > 0 {
            for _ in 0..<samples {
                let slot = Int(residents[generator.next(below: residents.count)])
                if !skip(slot), best.map({ ranksAbove(slot, $0, now: now) }) ?? true { best = slot }
            }
            if best != nil { return best }
        }
        for slot in residents.lazy.map({ Int($0) }) where !skip(slot) {
            if best.map({ ranksAbove(slot, $0, now: now) }) ?? true { best = slot }
        }
        return best
    }

    /// Bytes of policy state per tracked entry (the look-ahead, 8 bytes per request, comes on top).
    public static let bytesPerEntry = 2 * MemoryLayout<Int>.stride + 2 * MemoryLayout<Int32>.stride

    /// Whether `slot` goes before `other`: a larger size × distance, or as large and requested later.
    @inline(__always)
    private func ranksAbove(_ slot: Int, _ other: Int, now: Int) -> Bool {
        let mine = score(slot, now: now)
        let theirs = score(other, now: now)
        return mine > theirs || (mine == theirs && nextUseOf[slot] > nextUseOf[other])
    }

    /// size × (next request − current request), saturating for an entry never requested again.
    @inline(__always)
    private func score(_ slot: Int, now: Int) -> Int {
        let next = nextUseOf[slot]
        guard next != Int.max else { return Int.max }
        let (product, overflow) = sizeOf[slot].multipliedReportingOverflow(by: next - now)
        return overflow ? Int.max : product
    }
}

extension PolicyName {
    /// Belady's rule weighed by size (`BeladySizePolicy`).
    public static let beladySize: PolicyName = "belady-size"
}
