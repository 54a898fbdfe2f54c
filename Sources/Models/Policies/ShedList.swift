/// The entries a policy decided to shed outside ``EvictionPolicy/victim(skipping:)`` (a hit that
/// overflows a segment, an insertion into a full one), handed to the store one at a time by
/// ``EvictionPolicy/takeShedSlot()`` in the order they were shed.
struct ShedList {
    private var slots: [Int] = []
    private var head = 0
    /// Slots waiting: a stored count, so that the check on every request is one load.
    private var waiting = 0

    /// Whether nothing is waiting.
    @inline(__always)
    var isEmpty: Bool { waiting == 0 }

    /// Queues `slot` to be shed.
    mutating func append(_ slot: Int) {
        slots.append(slot)
        waiting += 1
    }

    /// The oldest slot waiting, removed; `nil` when none is. Not inlined: a hit's path only checks
    /// ``isEmpty``.
    @inline(never)
    mutating func take() -> Int? {
        guard head < slots.count else { return nil }
        let slot = slots[head]
        head += 1
        waiting -= 1
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            head = 0
        }
        return slot
    }

    /// Forgets `slot` if it is waiting (it left the store another way).
    mutating func forget(_ slot: Int) {
        guard !isEmpty, let index = slots[head...].firstIndex(of: slot) else { return }
        slots.remove(at: index)
        waiting -= 1
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            head = 0
        }
    }

    /// Forgets every waiting slot.
    mutating func removeAll() {
        slots.removeAll(keepingCapacity: true)
        head = 0
        waiting = 0
    }
}
