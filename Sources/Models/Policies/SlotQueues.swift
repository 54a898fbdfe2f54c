/// Several doubly linked queues of slots sharing one set of links, with O(1) push, move and removal
/// and no hashing: a slot's links live at its own index, and a slot is in at most one queue.
///
/// The shared core of the multi-queue policies (`clock`, `sieve`, `arc`, `s3-fifo`, `2q`, `slru`,
/// `w-tinylfu`). Each queue's front is its oldest slot. Links are 32-bit, so a slot costs 9 bytes
/// here. Steady-state operations do not allocate.
struct SlotQueues {
    /// The queue of a slot that is in none.
    static let absent: UInt8 = .max

    private var queueOf: [UInt8] = []
    private var previous: [Int32] = []
    private var next: [Int32] = []
    private var fronts: [Int32]
    private var backs: [Int32]
    private var counts: [Int]

    /// Creates `queues` empty queues.
    init(queues: Int) {
        fronts = Array(repeating: -1, count: queues)
        backs = Array(repeating: -1, count: queues)
        counts = Array(repeating: 0, count: queues)
    }

    /// The number of slots in `queue`.
    @inline(__always)
    func count(_ queue: Int) -> Int { counts[queue] }

    /// The number of slots in every queue.
    var total: Int { counts.reduce(0, +) }

    /// The queue holding `slot`, or `nil`.
    @inline(__always)
    func queue(of slot: Int) -> Int? {
        guard slot < queueOf.count else { return nil }
        let queue = queueOf[slot]
        return queue == Self.absent ? nil : Int(queue)
    }

    @inline(__always)
    func contains(_ slot: Int) -> Bool { slot < queueOf.count && queueOf[slot] != Self.absent }

    /// The oldest slot of `queue`.
    @inline(__always)
    func front(_ queue: Int) -> Int? {
        let slot = fronts[queue]
        return slot < 0 ? nil : Int(slot)
    }

    /// The slot after `slot` (one step newer) in its queue.
    @inline(__always)
    func newer(_ slot: Int) -> Int? {
        let after = next[slot]
        return after < 0 ? nil : Int(after)
    }

    /// Appends `slot`, which is in no queue, at the back (newest end) of `queue`.
    @inline(__always)
    mutating func pushBack(_ slot: Int, to queue: Int) {
        if slot >= queueOf.count { grow(to: slot) }
        let back = backs[queue]
        queueOf[slot] = UInt8(truncatingIfNeeded: queue)
        previous[slot] = back
        next[slot] = -1
        if back >= 0 { next[Int(back)] = Int32(truncatingIfNeeded: slot) } else { fronts[queue] = Int32(truncatingIfNeeded: slot) }
        backs[queue] = Int32(truncatingIfNeeded: slot)
        counts[queue] += 1
    }

    /// Takes `slot` out of its queue; nothing happens if it is in none.
    @inline(__always)
    mutating func remove(_ slot: Int) {
        guard let queue = queue(of: slot) else { return }
        let before = previous[slot]
        let after = next[slot]
        if before >= 0 { next[Int(before)] = after } else { fronts[queue] = after }
        if after >= 0 { previous[Int(after)] = before } else { backs[queue] = before }
        queueOf[slot] = Self.absent
        counts[queue] -= 1
    }

    /// Moves `slot` to the back of `queue` (its own queue or another).
    @inline(__always)
    mutating func move(_ slot: Int, toBackOf queue: Int) {
        if backs[queue] == Int32(truncatingIfNeeded: slot) { return }
        remove(slot)
        pushBack(slot, to: queue)
    }

    /// Empties every queue, keeping the storage.
    mutating func removeAll() {
        for index in queueOf.indices { queueOf[index] = Self.absent }
        for queue in fronts.indices {
            fronts[queue] = -1
            backs[queue] = -1
            counts[queue] = 0
        }
    }

    /// Bytes of link storage per slot.
    static let bytesPerSlot = MemoryLayout<UInt8>.stride + 2 * MemoryLayout<Int32>.stride

    @inline(never)
    private mutating func grow(to slot: Int) {
        let count = max(slot + 1, queueOf.count * 2)
        let extra = count - queueOf.count
        queueOf.append(contentsOf: repeatElement(Self.absent, count: extra))
        previous.append(contentsOf: repeatElement(-1, count: extra))
        next.append(contentsOf: repeatElement(-1, count: extra))
    }
}

/// Grows a per-slot array so that `slot` is a valid index, doubling so growth is amortised O(1).
@inline(__always)
func growSlots<Element>(_ array: inout [Element], toHold slot: Int, with value: Element) {
    guard slot >= array.count else { return }
    array.append(contentsOf: repeatElement(value, count: max(slot + 1, array.count * 2) - array.count))
}
