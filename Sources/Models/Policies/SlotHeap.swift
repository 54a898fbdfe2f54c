/// A binary min-heap of slots keyed by a priority and a tie-breaking order, with each slot's
/// position kept so that a slot's key can change and any slot can leave in O(log *n*): the priority
/// queue of the policies that rank their entries (`gdsf`, `lfuda`, `size`).
///
/// The lowest key (priority, then order) is on top. Its moves are those of the reference
/// simulator's `pqueue.c` (1-based; a node rises past its parent only if strictly lower, sinks
/// below its lower child only if strictly higher, the right child taken only if strictly lower
/// than the left), so that among entries of equal keys the same one comes out on top as in the
/// reference: `size`, whose keys are all equal with sizes ignored, depends on it. Policies whose
/// keys are all distinct (an order that is a request count) get the unique minimum either way.
///
/// Storage grows with the highest slot seen and is kept when entries leave: no allocation once
/// the slots stop growing.
struct SlotHeap {
    /// Slots in heap order; index 0 is unused, as in the reference (1-based).
    private var nodes: [Int32] = [-1]
    /// Each slot's index in `nodes`, 0 when absent.
    private var position: [Int32] = []
    /// Each slot's key: priority, then order.
    private var priorities: [Double] = []
    private var orders: [Int64] = []

    /// The number of slots held.
    var count: Int { nodes.count - 1 }

    /// Whether `slot` is held.
    @inline(__always)
    func contains(_ slot: Int) -> Bool { slot < position.count && position[slot] > 0 }

    /// The priority of `slot` (held or last held).
    @inline(__always)
    func priority(of slot: Int) -> Double { priorities[slot] }

    /// The slot with the lowest key, if any.
    /// - Complexity: O(1)
    var top: Int? { nodes.count > 1 ? Int(nodes[1]) : nil }

    /// Adds `slot` with `priority` and `order` (`pqueue_insert`).
    /// - Complexity: O(log *n*), amortised O(1) growth.
    mutating func insert(_ slot: Int, priority: Double, order: Int64 = 0) {
        if slot >= position.count {
            growSlots(&position, toHold: slot, with: 0)
            growSlots(&priorities, toHold: slot, with: 0)
            growSlots(&orders, toHold: slot, with: 0)
            nodes.reserveCapacity(position.count + 1)
        }
        guard position[slot] == 0 else {
            update(slot, priority: priority, order: order)
            return
        }
        priorities[slot] = priority
        orders[slot] = order
        nodes.append(Int32(truncatingIfNeeded: slot))
        bubbleUp(nodes.count - 1)
    }

    /// Gives the held `slot` a new key (`pqueue_change_priority`).
    /// - Complexity: O(log *n*)
    mutating func update(_ slot: Int, priority: Double, order: Int64 = 0) {
        guard contains(slot) else { return }
        let rises = priority < priorities[slot] || (priority == priorities[slot] && order < orders[slot])
        priorities[slot] = priority
        orders[slot] = order
        // The reference rises when the new key ranks higher (is lower) than the old, else sinks.
        if rises { bubbleUp(Int(position[slot])) } else { percolateDown(Int(position[slot])) }
    }

    /// Takes `slot` out (`pqueue_remove`; on the top slot, `pqueue_pop`).
    /// - Complexity: O(log *n*)
    mutating func remove(_ slot: Int) {
        guard contains(slot) else { return }
        let index = Int(position[slot])
        position[slot] = 0
        let last = nodes.removeLast()
        guard index < nodes.count else { return }
        nodes[index] = last
        position[Int(last)] = Int32(truncatingIfNeeded: index)
        // The reference rises if the moved node ranks higher than the one removed, else sinks.
        if isLower(Int(last), than: slot) { bubbleUp(index) } else { percolateDown(index) }
    }

    /// Empties the heap.
    mutating func removeAll() {
        for slot in nodes.dropFirst() { position[Int(slot)] = 0 }
        nodes.removeAll(keepingCapacity: true)
        nodes.append(-1)
    }

    /// The slot with the lowest key for which `skip` is false.
    /// - Complexity: O(1), O(*n*) when the top is skipped.
    func lowest(skipping skip: (Int) -> Bool) -> Int? {
        guard let top else { return nil }
        if !skip(top) { return top }
        var best: Int?
        for node in nodes.dropFirst() where !skip(Int(node)) {
            if best.map({ isLower(Int(node), than: $0) }) ?? true { best = Int(node) }
        }
        return best
    }

    /// Whether `slot`'s key is strictly lower than `other`'s.
    @inline(__always)
    private func isLower(_ slot: Int, than other: Int) -> Bool {
        let priority = priorities[slot]
        let otherPriority = priorities[other]
        return priority < otherPriority || (priority == otherPriority && orders[slot] < orders[other])
    }

    @inline(__always)
    private mutating func place(_ slot: Int32, at index: Int) {
        nodes[index] = slot
        position[Int(slot)] = Int32(truncatingIfNeeded: index)
    }

    private mutating func bubbleUp(_ start: Int) {
        var index = start
        let moving = nodes[index]
        while index > 1, isLower(Int(moving), than: Int(nodes[index >> 1])) {
            place(nodes[index >> 1], at: index)
            index >>= 1
        }
        place(moving, at: index)
    }

    private mutating func percolateDown(_ start: Int) {
        var index = start
        let moving = nodes[index]
        while true {
            var child = index << 1
            guard child < nodes.count else { break }
            if child + 1 < nodes.count, isLower(Int(nodes[child + 1]), than: Int(nodes[child])) { child += 1 }
            guard isLower(Int(nodes[child]), than: Int(moving)) else { break }
            place(nodes[child], at: index)
            index = child
        }
        place(moving, at: index)
    }
}
