/// Several doubly linked queues of slots sharing one set of links, with O(1) push, move and removal
/// and no hashing: a slot's links live at its own index, and a slot is in at most one queue.
///
/// Weighted queues (`weighted: true`) also keep each slot's weight (its size in the cache's unit,
/// set with ``setWeight(_:of:)`` before the slot is pushed) and each queue's total weight; in
/// unweighted ones every slot weighs 1 and a queue's weight is its count, with no bookkeeping.
///
/// The shared core of the multi-queue policies (`clock`, `sieve`, `arc`, `s3-fifo`, `2q`, `slru`,
/// `w-tinylfu`). Each queue's front is its oldest slot. Links are 32-bit, so a slot costs 9 bytes
/// here. Steady-state operations do not allocate.
///
/// A class over raw buffers rather than a struct of arrays: each array a policy mutates through
/// its own stored property costs a uniqueness check per write (about an eighth of `arc`'s time in a
/// profile), and a policy never copies its queues. Indices are checked in debug builds only.
final class SlotQueues {
    /// The queue of a slot that is in none.
    static let absent: UInt8 = .max

    @exclusivity(unchecked) private var slotCapacity = 0
    @exclusivity(unchecked) private var queueOf: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var previous: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var next: UnsafeMutablePointer<Int32>
    private let queueCount: Int
    private let fronts: UnsafeMutablePointer<Int32>
    private let backs: UnsafeMutablePointer<Int32>
    private let counts: UnsafeMutablePointer<Int>
    /// Whether slots have their own weights (else each weighs 1).
    let weighted: Bool
    @exclusivity(unchecked) private var weightOf: UnsafeMutablePointer<Int>
    private let weights: UnsafeMutablePointer<Int>

    /// Creates `queues` empty queues, whose slots weigh 1 each unless `weighted`.
    init(queues: Int, weighted: Bool = false) {
        queueCount = queues
        self.weighted = weighted
        weightOf = .allocate(capacity: 0)
        fronts = .allocate(capacity: queues)
        fronts.initialize(repeating: -1, count: queues)
        backs = .allocate(capacity: queues)
        backs.initialize(repeating: -1, count: queues)
        counts = .allocate(capacity: queues)
        counts.initialize(repeating: 0, count: queues)
        // Unweighted, a queue's weight is its count: the same storage, no branch to read it.
        if weighted {
            weights = .allocate(capacity: queues)
            weights.initialize(repeating: 0, count: queues)
        } else {
            weights = counts
        }
        queueOf = .allocate(capacity: 0)
        previous = .allocate(capacity: 0)
        next = .allocate(capacity: 0)
    }

    deinit {
        fronts.deallocate()
        backs.deallocate()
        if weighted { weights.deallocate() }
        counts.deallocate()
        weightOf.deallocate()
        queueOf.deallocate()
        previous.deallocate()
        next.deallocate()
    }

    /// The number of slots in `queue`.
    @inline(__always)
    func count(_ queue: Int) -> Int {
        assert(queue >= 0 && queue < queueCount)
        return counts[queue]
    }

    /// The total weight of `queue`: its slots' weights added up (its count when unweighted).
    @inline(__always)
    func weight(_ queue: Int) -> Int {
        assert(queue >= 0 && queue < queueCount)
        return weights[queue]
    }

    /// The weight of `slot` (1 when unweighted).
    @inline(__always)
    func weight(of slot: Int) -> Int {
        weighted ? weightOf[slot] : 1
    }

    /// Sets the weight of `slot`, which is in no queue (weighted queues only; ignored otherwise).
    @inline(__always)
    func setWeight(_ weight: Int, of slot: Int) {
        guard weighted else { return }
        assert(queue(of: slot) == nil)
        if slot >= slotCapacity { grow(to: slot) }
        weightOf[slot] = weight
    }

    /// The number of slots in every queue.
    var total: Int { (0..<queueCount).reduce(0) { $0 + counts[$1] } }

    /// The queue holding `slot`, or `nil`.
    @inline(__always)
    func queue(of slot: Int) -> Int? {
        guard slot >= 0, slot < slotCapacity else { return nil }
        let queue = queueOf[slot]
        return queue == Self.absent ? nil : Int(queue)
    }

    @inline(__always)
    func contains(_ slot: Int) -> Bool { slot >= 0 && slot < slotCapacity && queueOf[slot] != Self.absent }

    /// The oldest slot of `queue`.
    @inline(__always)
    func front(_ queue: Int) -> Int? {
        assert(queue >= 0 && queue < queueCount)
        let slot = fronts[queue]
        return slot < 0 ? nil : Int(slot)
    }

    /// The slot after `slot` (one step newer) in its queue.
    @inline(__always)
    func newer(_ slot: Int) -> Int? {
        assert(contains(slot))
        let after = next[slot]
        return after < 0 ? nil : Int(after)
    }

    /// Appends `slot`, which is in no queue, at the back (newest end) of `queue`.
    @inline(__always)
    func pushBack(_ slot: Int, to queue: Int) {
        assert(queue >= 0 && queue < queueCount && slot >= 0)
        if slot >= slotCapacity { grow(to: slot) }
        let back = backs[queue]
        queueOf[slot] = UInt8(truncatingIfNeeded: queue)
        previous[slot] = back
        next[slot] = -1
        if back >= 0 { next[Int(back)] = Int32(truncatingIfNeeded: slot) } else { fronts[queue] = Int32(truncatingIfNeeded: slot) }
        backs[queue] = Int32(truncatingIfNeeded: slot)
        counts[queue] += 1
        if weighted { weights[queue] += weightOf[slot] }
    }

    /// Takes `slot` out of its queue; nothing happens if it is in none.
    @inline(__always)
    func remove(_ slot: Int) {
        guard let queue = queue(of: slot) else { return }
        let before = previous[slot]
        let after = next[slot]
        if before >= 0 { next[Int(before)] = after } else { fronts[queue] = after }
        if after >= 0 { previous[Int(after)] = before } else { backs[queue] = before }
        queueOf[slot] = Self.absent
        counts[queue] -= 1
        if weighted { weights[queue] -= weightOf[slot] }
    }

    /// Moves `slot` to the back of `queue` (its own queue or another).
    @inline(__always)
    func move(_ slot: Int, toBackOf queue: Int) {
        if backs[queue] == Int32(truncatingIfNeeded: slot) { return }
        remove(slot)
        pushBack(slot, to: queue)
    }

    /// Empties every queue, keeping the storage.
    func removeAll() {
        queueOf.update(repeating: Self.absent, count: slotCapacity)
        fronts.update(repeating: -1, count: queueCount)
        backs.update(repeating: -1, count: queueCount)
        counts.update(repeating: 0, count: queueCount)
        if weighted { weights.update(repeating: 0, count: queueCount) }
    }

    /// Bytes of link storage per slot.
    static let bytesPerSlot = MemoryLayout<UInt8>.stride + 2 * MemoryLayout<Int32>.stride

    @inline(never)
    private func grow(to slot: Int) {
        let capacity = max(slot + 1, slotCapacity * 2)
        queueOf = Self.grown(queueOf, from: slotCapacity, to: capacity, filling: Self.absent)
        previous = Self.grown(previous, from: slotCapacity, to: capacity, filling: -1)
        next = Self.grown(next, from: slotCapacity, to: capacity, filling: -1)
        if weighted { weightOf = Self.grown(weightOf, from: slotCapacity, to: capacity, filling: 1) }
        slotCapacity = capacity
    }

    private static func grown<Element>(
        _ old: UnsafeMutablePointer<Element>, from count: Int, to capacity: Int, filling value: Element
    ) -> UnsafeMutablePointer<Element> {
        let new = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        new.moveInitialize(from: old, count: count)
        (new + count).initialize(repeating: value, count: capacity - count)
        old.deallocate()
        return new
    }
}

/// Grows a per-slot array so that `slot` is a valid index, doubling so growth is amortised O(1).
@inline(__always)
func growSlots<Element>(_ array: inout [Element], toHold slot: Int, with value: Element) {
    guard slot >= array.count else { return }
    array.append(contentsOf: repeatElement(value, count: max(slot + 1, array.count * 2) - array.count))
}
