/// W-TinyLFU (Einziger, Friedman & Manes), as the reference simulator runs it: a window LRU of 1% of
/// the capacity in front of a segmented LRU (``SLRUPolicy``'s rules) of the rest, and a frequency
/// sketch sized for the main cache.
///
/// Every insertion enters the window. To evict, the window's least recently used entry moves to the
/// main cache while that has room; once it is full, the window victim's estimated frequency is
/// compared with the main victim's: if strictly higher, the main victim is evicted and the window
/// victim takes its place, otherwise the window victim is evicted. The sketch counts insertions,
/// main-cache hits and window victims examined, and is halved every 32 × main-capacity main hits.
/// When the segments' truncated shares add up to less than the main cache (99 entries: 19 + 79), an
/// insertion into full segments overfills probation, and the next hit that overflows the protected
/// segment sheds probation's oldest entry from the cache (``takeShedSlot()``), as the reference does.
///
/// Sized (a capacity in bytes), the window's share and the segments are bytes, an entry larger
/// than the window's share or than probation is never cached (as the reference does), and an
/// admitted window victim that still does not fit in main after its victim left sheds main's next
/// victims until it does. Unlike the reference, one admission ends the eviction (the published
/// rule: one candidate against one victim), and the sketch is sized for the entries the cache
/// held at its first eviction rather than for main's bytes.
public final class WTinyLFUPolicy: RegisteredPolicy {
    private static let window = 0

    @exclusivity(unchecked) private var segments: SegmentedLRU
    private let sized: Bool
    @exclusivity(unchecked) private var incomingSize = 1
    @exclusivity(unchecked) private var windowTarget = Int.max
    @exclusivity(unchecked) private var sketch = FrequencySketch(entries: 1)
    /// The main cache's size the sketch is built for at the first eviction (0: built): until
    /// then the identities it counts wait in `unsketched`, so a capacity far above what is ever
    /// inserted allocates no sketch for it.
    @exclusivity(unchecked) private var sketchEntries = 0
    @exclusivity(unchecked) private var unsketched: [UInt64] = []
    @exclusivity(unchecked) private var identityOf: [UInt64] = []
    @exclusivity(unchecked) private var capacity: LearntCapacity
    private let windowRatio: Double
    /// The sketch's entries as a multiple of main's capacity.
    private let sketchScale: Double
    @exclusivity(unchecked) private var incoming: UInt64?
    @exclusivity(unchecked) private var mainHits = 0
    @exclusivity(unchecked) private var mainHitsPerHalving = Int.max
    /// The window victim that moves to main once the planned main victim is evicted.
    @exclusivity(unchecked) private var admitted = -1
    @exclusivity(unchecked) private var plannedVictim = -1
    /// The entries a hit or an admission shed, until the store takes them.
    @exclusivity(unchecked) private var sheds = ShedList()

    /// Creates the policy for a store of `capacity` entries, or bytes when `sized` (0: learnt at
    /// the first eviction).
    /// - Parameters:
    ///   - capacity: the store's capacity (0: learnt at the first eviction).
    ///   - sized: whether the capacity is in bytes (entries weigh their sizes) or entries.
    ///   - windowRatio: the window's share of the capacity, in (0, 1).
    ///   - sketchScale: the sketch's entries as a multiple of main's capacity (1: the reference's).
    public init(capacity: Int, sized: Bool = false, windowRatio: Double = 0.01, sketchScale: Double = 1) {
        self.capacity = LearntCapacity(capacity)
        self.sized = sized
        self.windowRatio = windowRatio
        self.sketchScale = sketchScale
        segments = SegmentedLRU(weighted: sized)
        if self.capacity.isKnown { size() }
    }

    public static let policyName: PolicyName = .wTinyLFU
    public static let summary = "W-TinyLFU: a window LRU admitting into a segmented LRU by a frequency sketch."
    public static let reference = "Einziger et al., ACM ToS 2017; libCacheSim WTinyLFU.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [3.34, 4.33, 4.84], peakRSSMiB: 98)
    public static let parameters = [
        PolicyParameter("window", "The window LRU's share of the capacity.", kind: .share, default: .number(0.01)),
        PolicyParameter(
            "sketch_scale", "The frequency sketch's entries as a multiple of main's capacity.",
            kind: .number(0.0625...16), default: .number(1)),
    ]
    public convenience init(_ context: PolicyContext) {
        self.init(
            capacity: context.capacity, sized: context.sized, windowRatio: context.settings.number("window", or: 0.01),
            sketchScale: context.settings.number("sketch_scale", or: 1))
    }

    /// Whether the entry in `slot` is in the window.
    public func isInWindow(_ slot: Int) -> Bool { segments.queues.queue(of: slot) == Self.window }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    public func willInsert(identity: UInt64, size: Int) {
        incoming = identity
        incomingSize = sized ? size : 1
    }

    /// Sized, an entry must fit in the window's share and in probation.
    @inline(__always)
    public func admits(size: Int) -> Bool {
        !sized || !capacity.isKnown || (size <= windowTarget && size <= segments.probationCapacity)
    }

    /// - Complexity: O(1) amortised (ten sketch counters).
    public func didInsert(_ slot: Int) {
        growSlots(&identityOf, toHold: slot, with: 0)
        let identity = incoming ?? (UInt64(slot) | 1 << 63)
        identityOf[slot] = identity
        incoming = nil
        segments.queues.setWeight(incomingSize, of: slot)
        incomingSize = 1
        segments.queues.pushBack(slot, to: Self.window)
        if capacity.isKnown { addToSketch(identity) }
    }

    /// - Complexity: O(1) (ten sketch counters on a main-cache hit).
    public func didAccess(_ slot: Int) {
        guard let queue = segments.queues.queue(of: slot) else { return }
        if queue == Self.window {
            segments.queues.move(slot, toBackOf: Self.window)
            return
        }
        segments.hit(slot, sheds: &sheds)
        guard capacity.isKnown else { return }
        addToSketch(identityOf[slot])
        mainHits += 1
        if mainHits >= mainHitsPerHalving {
            mainHits = 0
            sketch.halve()
        }
    }

    /// - Complexity: O(1).
    @inline(__always)
    public func takeShedSlot() -> Int? { sheds.isEmpty ? nil : sheds.take() }

    public func didRemove(_ slot: Int) {
        if slot == admitted { admitted = -1 }
        sheds.forget(slot)
        segments.queues.remove(slot)
    }

    /// Evicting the planned main victim admits the window victim in its place; if it still does
    /// not fit in main (sized), main's next victims are shed until it does.
    public func didEvict(_ slot: Int) {
        segments.queues.remove(slot)
        if slot == plannedVictim, admitted >= 0, segments.queues.queue(of: admitted) == Self.window {
            let weight = segments.queues.weight(of: admitted)
            var resident = segments.weight
            while resident + weight > segments.capacity, let next = mainVictim(sparing: admitted) {
                resident -= segments.queues.weight(of: next)
                segments.queues.move(next, toBackOf: segments.shed)
                sheds.append(next)
            }
            segments.insert(admitted)
        }
        plannedVictim = -1
        admitted = -1
    }

    public func didRemoveAll() {
        segments.queues.removeAll()
        sheds.removeAll()
        plannedVictim = -1
        admitted = -1
    }

    /// - Complexity: O(1) amortised.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        if capacity.learn(resident: segments.weight + segments.queues.weight(Self.window)) { size() }
        buildSketch()
        plannedVictim = -1
        admitted = -1
        var budget = 2 * segments.queues.total + 2
        while budget > 0, let candidate = segments.queues.front(Self.window) {
            budget -= 1
            let identity = identityOf[candidate]
            if segments.weight + segments.queues.weight(of: candidate) <= segments.capacity {
                segments.insert(candidate)
                sketch.add(identity)
                continue
            }
            guard let mainVictim = segments.victim(skipping: skip) else { break }
            let admit = sketch.estimate(identity) > sketch.estimate(identityOf[mainVictim])
            sketch.add(identity)
            if admit {
                plannedVictim = mainVictim
                admitted = candidate
                return mainVictim
            }
            if !skip(candidate) { return candidate }
            segments.queues.move(candidate, toBackOf: Self.window)
        }
        return segments.victim(skipping: skip)
    }

    /// Main's next victim that is neither `slot` nor already shed.
    private func mainVictim(sparing slot: Int) -> Int? {
        let queues = segments.queues
        let shed = segments.shed
        return segments.victim(skipping: { $0 == slot || queues.queue(of: $0) == shed })
    }

    /// Bytes of policy state per tracked entry: links, identity and the sketch's counters.
    public static let bytesPerEntry = SlotQueues.bytesPerSlot + MemoryLayout<UInt64>.stride + 58

    private func size() {
        let c = capacity.value
        let window = Int(saturating: Double(c) * windowRatio)
        windowTarget = window
        let main = sized ? c - window : max(1, c - window)
        segments.size(capacity: main)
        // Sized, main's entries are known at the first eviction (``buildSketch()``).
        sketchEntries = sized ? 1 : main
        mainHitsPerHalving = sized ? Int.max : 32 * main
    }

    /// Counts `identity` in the sketch, or keeps it for the sketch until it is built.
    private func addToSketch(_ identity: UInt64) {
        if sketchEntries > 0 { unsketched.append(identity) } else { sketch.add(identity) }
    }

    /// Builds the sketch for the main cache (at the first eviction, when the cache is full) and
    /// counts the identities that waited for it: the same counters as a sketch built up front.
    private func buildSketch() {
        guard sketchEntries > 0 else { return }
        if sized {
            // The entries the cache holds when it first has to evict stand for main's capacity.
            sketchEntries = max(1, segments.queues.total)
            mainHitsPerHalving = 32 * sketchEntries
        }
        sketch = FrequencySketch(entries: max(1, Int(saturating: (Double(sketchEntries) * sketchScale).rounded(.up))))
        sketchEntries = 0
        for identity in unsketched { sketch.add(identity) }
        unsketched = []
    }
}

extension PolicyName {
    /// W-TinyLFU (`WTinyLFUPolicy`).
    public static let wTinyLFU: PolicyName = "w-tinylfu"
}
