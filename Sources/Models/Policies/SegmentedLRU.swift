/// A segmented LRU over queues 1 (probation) to *k* (the most protected) of a ``SlotQueues``,
/// with the reference simulator's rules (`SLRU.c`): segment *i* is `a_i / Σa` of the capacity
/// (`seg-size=a:b:…`, truncated); an entry enters the lowest segment with room for it (during
/// warm-up that can be a higher one), else probation, which may then exceed its share; a hit
/// moves it one segment up, or to the back of the top segment; while a segment is over its share
/// its oldest entry goes to the back of the segment below, which is cooled in turn, and cooling
/// probation sheds its oldest entries from the cache; the victim is the oldest entry of the
/// lowest non-empty segment. Queue 0 is left to the caller (W-TinyLFU's window); queue *k* + 1
/// holds the entries shed and not yet evicted by the store.
///
/// Weighted queues (a capacity in bytes) make the shares bytes; unweighted, entries.
struct SegmentedLRU {
    static let probation = 1

    let queues: SlotQueues
    /// The segments' relative sizes, probation first.
    let weights: [Int]
    /// Each segment's share (index 0 unused: queue 0 is the caller's).
    private(set) var segmentCapacity: [Int]
    /// What the segments hold together (the shares are truncated, so it can exceed their sum).
    private(set) var capacity = 0

    /// The most protected segment's queue.
    var top: Int { weights.count }
    /// Entries shed by a hit, until the store evicts them (victims first if the store kept them).
    var shed: Int { weights.count + 1 }
    /// Probation's share.
    var probationCapacity: Int { segmentCapacity[Self.probation] }

    /// Segments of relative sizes `weights` (probation first; the reference's `1:4` by default).
    init(weighted: Bool, weights: [Int] = [1, 4]) {
        self.weights = weights.isEmpty ? [1] : weights
        queues = SlotQueues(queues: self.weights.count + 2, weighted: weighted)
        segmentCapacity = Array(repeating: 0, count: self.weights.count + 1)
    }

    /// Sizes the segments for `capacity` (bytes when weighted, else entries): segment *i* gets
    /// `a_i / Σa` of it, truncated (probation at least one entry when unweighted).
    mutating func size(capacity: Int) {
        self.capacity = capacity
        let total = Double(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            let share = Int(saturating: Double(weight) / total * Double(capacity))
            segmentCapacity[index + 1] = index == 0 && !queues.weighted ? max(1, share) : share
        }
    }

    /// Entries in the segments.
    var count: Int { (1...top).reduce(0) { $0 + queues.count($1) } }

    /// Bytes (weighted) or entries in the segments.
    var weight: Int { (1...top).reduce(0) { $0 + queues.weight($1) } }

    func contains(_ slot: Int) -> Bool {
        guard let queue = queues.queue(of: slot) else { return false }
        return queue >= Self.probation && queue <= top
    }

    /// Inserts `slot` (its weight set) into the lowest segment with room for it, else probation.
    mutating func insert(_ slot: Int) {
        if queues.contains(slot) { queues.remove(slot) }
        let weight = queues.weight(of: slot)
        var segment = Self.probation
        for candidate in Self.probation...top where queues.weight(candidate) + weight <= segmentCapacity[candidate] {
            segment = candidate
            break
        }
        queues.pushBack(slot, to: segment)
    }

    /// Moves `slot` one segment up (or to the back of the top one), then cools that segment:
    /// while it is over its share its oldest entry goes to the back of the segment below, cooled
    /// in turn; probation's oldest entries over its share are shed: appended to `sheds` (and held
    /// in the shed queue) for the store to evict, as the reference evicts them on the spot.
    @inline(__always)
    mutating func hit(_ slot: Int, sheds: inout ShedList) {
        guard let queue = queues.queue(of: slot) else { return }
        let target = min(queue + 1, top)
        queues.move(slot, toBackOf: target)
        if queues.weight(target) > segmentCapacity[target] { cool(target, sheds: &sheds) }
    }

    /// Moves `segment`'s oldest entries down while it is over its share, cooling the segment
    /// below after each move; probation sheds its oldest entries instead.
    @inline(never)
    private mutating func cool(_ segment: Int, sheds: inout ShedList) {
        while queues.weight(segment) > segmentCapacity[segment], let oldest = queues.front(segment) {
            if segment == Self.probation {
                queues.move(oldest, toBackOf: shed)
                sheds.append(oldest)
            } else {
                queues.move(oldest, toBackOf: segment - 1)
                if queues.weight(segment - 1) > segmentCapacity[segment - 1] { cool(segment - 1, sheds: &sheds) }
            }
        }
    }

    /// The oldest entry of the lowest non-empty segment, entries already shed first.
    func victim(skipping skip: (Int) -> Bool) -> Int? {
        for step in Self.probation - 1...top {
            var slot = queues.front(step < Self.probation ? shed : step)
            while let candidate = slot {
                if !skip(candidate) { return candidate }
                slot = queues.newer(candidate)
            }
        }
        return nil
    }
}

/// Segmented LRU: a probationary segment for entries seen once and protected ones above it for
/// entries hit since, by default two of 20% and 80% of the capacity (the reference's
/// `seg-size=1:4`; `segments: [1, 1, 1, 1]` is its default S4LRU); the victim is probation's least
/// recently used.
///
/// Sized (a capacity in bytes), the segments are bytes and an entry larger than probation is
/// never cached, as the reference does; unsized, every entry weighs 1.
public final class SLRUPolicy: RegisteredPolicy {
    @exclusivity(unchecked) private var segments: SegmentedLRU
    @exclusivity(unchecked) private var capacity: LearntCapacity
    private let sized: Bool
    @exclusivity(unchecked) private var incomingSize = 1
    @exclusivity(unchecked) private var sheds = ShedList()

    /// Creates the policy for a store of `capacity` entries, or bytes when `sized` (0: learnt at
    /// the first eviction).
    /// - Parameters:
    ///   - capacity: the store's capacity (0: learnt at the first eviction).
    ///   - sized: whether the capacity is in bytes (entries weigh their sizes) or entries.
    ///   - weights: the segments' relative sizes, probation first.
    public init(capacity: Int, sized: Bool = false, segments weights: [Int] = [1, 4]) {
        self.capacity = LearntCapacity(capacity)
        self.sized = sized
        segments = SegmentedLRU(weighted: sized, weights: weights)
        segments.size(capacity: capacity > 0 ? capacity : Int.max / 2)
    }

    public static let policyName: PolicyName = .slru
    public static let summary =
        "Segmented LRU: entries enter probation and climb a segment per hit; the victim is the lowest segment’s least recently used."
    public static let reference = "Karedla et al., IEEE Computer 1994; libCacheSim SLRU.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [10.88, 11.69, 11.99], peakRSSMiB: 69)
    public static let parameters = [
        PolicyParameter(
            "segments", "The segments' relative sizes, probation first (libCacheSim's seg-size; its default is [1, 1, 1, 1]).",
            kind: .weights(1...16), default: .weights([1, 4]))
    ]
    public convenience init(_ context: PolicyContext) {
        self.init(capacity: context.capacity, sized: context.sized, segments: context.settings.weights("segments", or: [1, 4]))
    }

    /// Whether the entry in `slot` is in the most protected segment.
    public func isProtected(_ slot: Int) -> Bool { segments.queues.queue(of: slot) == segments.top }

    /// Sized, an entry must fit in probation.
    @inline(__always)
    public func admits(size: Int) -> Bool { !sized || size <= segments.probationCapacity }

    public func willInsert(identity: UInt64, size: Int) { incomingSize = sized ? size : 1 }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        segments.queues.setWeight(incomingSize, of: slot)
        incomingSize = 1
        segments.insert(slot)
    }
    /// - Complexity: O(1), plus O(*k*) for *k* entries moved down or shed.
    @inline(__always)
    public func didAccess(_ slot: Int) { if segments.contains(slot) { segments.hit(slot, sheds: &sheds) } }
    /// - Complexity: O(1).
    @inline(__always)
    public func takeShedSlot() -> Int? { sheds.isEmpty ? nil : sheds.take() }
    public func didRemove(_ slot: Int) {
        sheds.forget(slot)
        segments.queues.remove(slot)
    }
    public func didEvict(_ slot: Int) { segments.queues.remove(slot) }
    public func didRemoveAll() {
        segments.queues.removeAll()
        sheds.removeAll()
    }

    /// - Complexity: O(1), O(*k*) for *k* skipped slots.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        if capacity.learn(resident: segments.weight) { segments.size(capacity: capacity.value) }
        return segments.victim(skipping: skip)
    }

    /// Bytes of policy state per tracked entry.
    public static let bytesPerEntry = SlotQueues.bytesPerSlot
}

extension PolicyName {
    /// Segmented LRU (`SLRUPolicy`).
    public static let slru: PolicyName = "slru"
}
