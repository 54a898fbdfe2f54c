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
public final class WTinyLFUPolicy: EvictionPolicy {
    private static let window = 0

    private var segments = SegmentedLRU()
    private var sketch = FrequencySketch(entries: 1)
    private var identityOf: [UInt64] = []
    private var capacity: LearntCapacity
    private let windowRatio: Double
    private var incoming: UInt64?
    private var mainHits = 0
    private var mainHitsPerHalving = Int.max
    /// The window victim that moves to main once the planned main victim is evicted.
    private var admitted = -1
    private var plannedVictim = -1
    /// The probation entry the last hit shed, until the store takes it.
    private var shedSlot = -1

    /// Creates the policy for a store of `capacity` entries (0: learnt at the first eviction).
    /// - Parameter windowRatio: the window's share of the capacity, in (0, 1).
    public init(capacity: Int, windowRatio: Double = EvictionParameters().windowRatio) {
        self.capacity = LearntCapacity(capacity)
        self.windowRatio = windowRatio
        if self.capacity.isKnown { size() }
    }

    public var name: EvictionPolicyName { .wTinyLFU }

    /// Whether the entry in `slot` is in the window.
    public func isInWindow(_ slot: Int) -> Bool { segments.queues.queue(of: slot) == Self.window }

    public func willInsert(identity: UInt64) { incoming = identity }

    /// - Complexity: O(1) amortised (ten sketch counters).
    public func didInsert(_ slot: Int) {
        growSlots(&identityOf, toHold: slot, with: 0)
        let identity = incoming ?? (UInt64(slot) | 1 << 63)
        identityOf[slot] = identity
        incoming = nil
        segments.queues.pushBack(slot, to: Self.window)
        if capacity.isKnown { sketch.add(identity) }
    }

    /// - Complexity: O(1) (ten sketch counters on a main-cache hit).
    public func didAccess(_ slot: Int) {
        guard let queue = segments.queues.queue(of: slot) else { return }
        if queue == Self.window {
            segments.queues.move(slot, toBackOf: Self.window)
            return
        }
        if let shed = segments.hit(slot) { shedSlot = shed }
        guard capacity.isKnown else { return }
        sketch.add(identityOf[slot])
        mainHits += 1
        if mainHits >= mainHitsPerHalving {
            mainHits = 0
            sketch.halve()
        }
    }

    /// - Complexity: O(1).
    public func takeShedSlot() -> Int? {
        guard shedSlot >= 0 else { return nil }
        defer { shedSlot = -1 }
        return shedSlot
    }

    public func didRemove(_ slot: Int) {
        if slot == admitted { admitted = -1 }
        if slot == shedSlot { shedSlot = -1 }
        segments.queues.remove(slot)
    }

    /// Evicting the planned main victim admits the window victim in its place.
    public func didEvict(_ slot: Int) {
        segments.queues.remove(slot)
        if slot == plannedVictim, admitted >= 0, segments.queues.queue(of: admitted) == Self.window {
            segments.insert(admitted)
        }
        plannedVictim = -1
        admitted = -1
    }

    public func didRemoveAll() {
        segments.queues.removeAll()
        shedSlot = -1
        plannedVictim = -1
        admitted = -1
    }

    /// - Complexity: O(1) amortised.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        if capacity.learn(resident: segments.queues.total) { size() }
        plannedVictim = -1
        admitted = -1
        var budget = 2 * segments.queues.total + 2
        while budget > 0, let candidate = segments.queues.front(Self.window) {
            budget -= 1
            let identity = identityOf[candidate]
            if segments.count < segments.capacity {
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

    /// Bytes of policy state per tracked entry: links, identity and the sketch's counters.
    public static let bytesPerEntry = SlotQueues.bytesPerSlot + MemoryLayout<UInt64>.stride + 58

    private func size() {
        let c = capacity.value
        let window = Int(Double(c) * windowRatio)
        let main = max(1, c - window)
        segments.size(capacity: main)
        sketch = FrequencySketch(entries: main)
        mainHitsPerHalving = 32 * main
    }
}
