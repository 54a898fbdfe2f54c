/// CLOCK with one reference bit, as FIFO-reinsertion: an entry enters at the back with its bit
/// clear; an access sets the bit; the victim search sends each front entry whose bit is set to the
/// back with the bit cleared, and evicts the first front entry whose bit is clear.
public final class ClockPolicy: EvictionPolicy {
    private let queue = SlotQueues(queues: 1)
    private var referenced: [Bool] = []

    public init() {}

    public var name: EvictionPolicyName { .clock }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        growSlots(&referenced, toHold: slot, with: false)
        referenced[slot] = false
        queue.pushBack(slot, to: 0)
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        if queue.contains(slot) { referenced[slot] = true }
    }

    public func didRemove(_ slot: Int) { queue.remove(slot) }
    public func didRemoveAll() { queue.removeAll() }

    /// Skipped entries go to the back like referenced ones (they get another turn later).
    /// - Complexity: O(*n*) in the worst case (every bit set), O(1) amortised.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        var budget = 2 * queue.count(0) + 1
        while budget > 0, let slot = queue.front(0) {
            budget -= 1
            if referenced[slot] {
                referenced[slot] = false
                queue.move(slot, toBackOf: 0)
            } else if skip(slot) {
                queue.move(slot, toBackOf: 0)
            } else {
                return slot
            }
        }
        return nil
    }

    /// Bytes of policy state per tracked entry.
    public static let bytesPerEntry = SlotQueues.bytesPerSlot + MemoryLayout<Bool>.stride
}
