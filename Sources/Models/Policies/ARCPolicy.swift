/// ARC (Megiddo & Modha), with the reference simulator's details: T1 (seen once) and T2 (seen
/// again) hold entries, B1 and B2 hold the identities of entries evicted from them; `p`, T1's target
/// size, grows on a B1 hit by max(|B2|/|B1|, 1) (at most the capacity) and shrinks on a B2 hit by
/// max(|B1|/|B2|, 1) (at least 0). A ghost hit is still a miss and enters T2; a plain miss enters T1.
///
/// Sized (a capacity in bytes), |T1|, |T2|, |B1|, |B2| and `p` are bytes, a ghost keeping the size
/// of the entry it stands for, and case IV weighs the incoming entry's size, as the reference does
/// (`ARC.c`); unsized, every entry weighs 1.
public final class ARCPolicy: RegisteredPolicy {
    private static let t1 = 0
    private static let t2 = 1

    private enum Ghost { case none, b1, b2 }

    /// What the eviction chosen by the last ``victim(skipping:)`` does besides removing the entry.
    private struct Plan {
        var slot = -1
        var dropB1 = false
        var dropB2 = false
        var remember = false
    }

    private let lists: SlotQueues
    private let b1: GhostQueue
    private let b2: GhostQueue
    @exclusivity(unchecked) private var identityOf: [UInt64] = []
    @exclusivity(unchecked) private var capacity: LearntCapacity
    private let sized: Bool
    @exclusivity(unchecked) private var incoming: UInt64?
    @exclusivity(unchecked) private var incomingSize = 1
    @exclusivity(unchecked) private var incomingGhost = Ghost.none
    @exclusivity(unchecked) private var plan = Plan()
    /// T1's target size.
    @exclusivity(unchecked) public private(set) var p: Double = 0

    /// Creates the policy for a store of `capacity` entries, or bytes when `sized` (0: learnt at
    /// the first eviction).
    public init(capacity: Int, sized: Bool = false) {
        self.capacity = LearntCapacity(capacity)
        self.sized = sized
        lists = SlotQueues(queues: 2, weighted: sized)
        b1 = GhostQueue(weighted: sized)
        b2 = GhostQueue(weighted: sized)
    }

    public static let policyName: PolicyName = .arc
    public static let summary = "Adaptive replacement cache: recency and frequency lists whose split is steered by two ghost lists."
    public static let reference = "Megiddo & Modha, FAST 2003; libCacheSim ARC.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [10.47, 10.21, 12.32], peakRSSMiB: 69)
    public convenience init(_ context: PolicyContext) { self.init(capacity: context.capacity, sized: context.sized) }

    /// The sizes of T1, T2, B1 and B2 (bytes when sized, else entries).
    public var sizes: (t1: Int, t2: Int, b1: Int, b2: Int) {
        (lists.weight(Self.t1), lists.weight(Self.t2), b1.weight, b2.weight)
    }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    /// Looks the identity up in the ghosts and adapts `p` on a ghost hit.
    /// - Complexity: O(1) expected (a hash lookup).
    public func willInsert(identity: UInt64, size: Int) {
        incoming = identity
        incomingSize = sized ? size : 1
        let c = Double(capacity.value)
        if b1.contains(identity) {
            p = min(p + max(Double(b2.weight) / Double(b1.weight), 1), c)
            b1.remove(identity)
            incomingGhost = .b1
        } else if b2.contains(identity) {
            p = max(p - max(Double(b1.weight) / Double(b2.weight), 1), 0)
            b2.remove(identity)
            incomingGhost = .b2
        } else {
            incomingGhost = .none
        }
    }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        growSlots(&identityOf, toHold: slot, with: 0)
        identityOf[slot] = incoming ?? (UInt64(slot) | 1 << 63)
        lists.setWeight(incomingSize, of: slot)
        lists.pushBack(slot, to: incomingGhost == .none ? Self.t1 : Self.t2)
        incoming = nil
        incomingSize = 1
        incomingGhost = .none
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        if lists.contains(slot) { lists.move(slot, toBackOf: Self.t2) }
    }

    public func didRemove(_ slot: Int) { lists.remove(slot) }

    /// Applies the planned ghost bookkeeping of the eviction.
    public func didEvict(_ slot: Int) {
        guard let list = lists.queue(of: slot) else { return }
        if plan.slot == slot {
            if plan.dropB1 { b1.popFront() }
            if plan.dropB2 { b2.popFront() }
            if plan.remember {
                // A resident identity is in neither ghost list (a ghost hit left it on the way in).
                let weight = lists.weight(of: slot)
                if list == Self.t1 {
                    b1.append(identityOf[slot], weight: weight)
                } else {
                    b2.append(identityOf[slot], weight: weight)
                }
            }
        }
        plan = Plan()
        lists.remove(slot)
    }

    public func didRemoveAll() {
        lists.removeAll()
        b1.removeAll()
        b2.removeAll()
        p = 0
        plan = Plan()
    }

    /// Case IV of ARC when the miss was no ghost hit, else REPLACE.
    /// - Complexity: O(1), O(*k*) for *k* skipped slots.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        let t1Weight = lists.weight(Self.t1)
        let t2Weight = lists.weight(Self.t2)
        _ = capacity.learn(resident: t1Weight + t2Weight)
        let c = capacity.value
        var next = Plan(remember: true)
        if incomingGhost == .none {
            if t1Weight + b1.weight + incomingSize > c {
                if b1.count > 0 {
                    next.dropB1 = true
                } else {
                    next.remember = false
                    guard let slot = first(in: Self.t1, skipping: skip) ?? first(in: Self.t2, skipping: skip) else { return nil }
                    next.slot = slot
                    plan = next
                    return slot
                }
            } else if t1Weight + t2Weight + b1.weight + b2.weight >= 2 * c, b2.count > 0 {
                next.dropB2 = true
            }
        }
        let t1Count = lists.count(Self.t1)
        let fromT1 =
            (t1Count > 0 && (Double(t1Weight) > p || (Double(t1Weight) == p && incomingGhost == .b2)))
            || lists.count(Self.t2) == 0
        let order = fromT1 ? (Self.t1, Self.t2) : (Self.t2, Self.t1)
        guard let slot = first(in: order.0, skipping: skip) ?? first(in: order.1, skipping: skip) else { return nil }
        next.slot = slot
        plan = next
        return slot
    }

    /// Bytes of policy state per tracked entry, ghosts (up to one per entry) included.
    public static let bytesPerEntry = SlotQueues.bytesPerSlot + MemoryLayout<UInt64>.stride + GhostQueue.bytesPerIdentity

    private func first(in list: Int, skipping skip: (Int) -> Bool) -> Int? {
        var slot = lists.front(list)
        while let candidate = slot {
            if !skip(candidate) { return candidate }
            slot = lists.newer(candidate)
        }
        return nil
    }
}

extension PolicyName {
    /// Adaptive replacement cache (`ARCPolicy`).
    public static let arc: PolicyName = "arc"
}
