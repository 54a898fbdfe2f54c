/// CLOCK with an *n*-bit reference counter (one bit by default), as FIFO-reinsertion: an entry
/// enters at the back with its counter at 0; an access adds 1 up to 2^n − 1; the victim search
/// sends each front entry whose counter is above 0 to the back with its counter lowered by 1, and
/// evicts the first front entry whose counter is 0 (libCacheSim's `Clock.c`, `n-bit-counter`).
public final class ClockPolicy: RegisteredPolicy {
    private let queue = SlotQueues(queues: 1)
    @exclusivity(unchecked) private var referenced: [UInt8] = []
    private let maxCount: UInt8

    /// - Parameter bits: the reference counter's bits, 1 to 8.
    public init(bits: Int = 1) { maxCount = UInt8((1 << min(8, max(1, bits))) - 1) }

    public static let policyName: PolicyName = .clock
    public static let summary =
        "CLOCK: FIFO with a reference counter (one bit by default); an entry at the front with a count above 0 goes to the back with one less."
    public static let reference = "libCacheSim Clock.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [11.43, 11.50, 13.75], peakRSSMiB: 69)
    public static let parameters = [
        PolicyParameter("bits", "The reference counter's bits (libCacheSim's n-bit-counter).", kind: .integer(1...8), default: .integer(1))
    ]
    public convenience init(_ context: PolicyContext) { self.init(bits: context.settings.integer("bits", or: 1)) }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        growSlots(&referenced, toHold: slot, with: 0)
        referenced[slot] = 0
        queue.pushBack(slot, to: 0)
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        if queue.contains(slot), referenced[slot] < maxCount { referenced[slot] += 1 }
    }

    public func didRemove(_ slot: Int) { queue.remove(slot) }
    public func didRemoveAll() { queue.removeAll() }

    /// Skipped entries go to the back like referenced ones (they get another turn later).
    /// - Complexity: O(*n*) in the worst case (every bit set), O(1) amortised.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        var budget = (Int(maxCount) + 1) * queue.count(0) + 1
        while budget > 0, let slot = queue.front(0) {
            budget -= 1
            if referenced[slot] > 0 {
                referenced[slot] -= 1
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
    public static let bytesPerEntry = SlotQueues.bytesPerSlot + MemoryLayout<UInt8>.stride
}

extension PolicyName {
    /// CLOCK (`ClockPolicy`).
    public static let clock: PolicyName = "clock"
}
