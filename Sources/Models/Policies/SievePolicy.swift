/// SIEVE: entries never move; an access marks an entry visited. To evict, a hand walks from where
/// it stopped (the oldest entry at first) toward newer ones, clearing visited marks and wrapping
/// from the newest back to the oldest, and evicts the first unvisited entry; the hand then rests on
/// that entry's newer neighbour (or restarts from the oldest if there is none).
public final class SievePolicy: RegisteredPolicy {
    private let queue = SlotQueues(queues: 1)
    @exclusivity(unchecked) private var visited: [Bool] = []
    @exclusivity(unchecked) private var hand = -1

    public init() {}

    public static let policyName: PolicyName = .sieve
    public static let summary = "SIEVE: a hand sweeping from old to new evicts the first entry not visited since it last passed."
    public static let reference = "Zhang et al., NSDI 2024; libCacheSim Sieve.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [12.62, 14.41, 16.21], peakRSSMiB: 69)
    public convenience init(_ context: PolicyContext) { self.init() }

    /// The slot the hand rests on (`nil`: it restarts from the oldest entry).
    public var handSlot: Int? { hand < 0 ? nil : hand }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        growSlots(&visited, toHold: slot, with: false)
        visited[slot] = false
        queue.pushBack(slot, to: 0)
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        if queue.contains(slot) { visited[slot] = true }
    }

    public func didRemove(_ slot: Int) {
        guard queue.contains(slot) else { return }
        if slot == hand { hand = queue.newer(slot) ?? -1 }
        queue.remove(slot)
    }

    public func didRemoveAll() {
        queue.removeAll()
        hand = -1
    }

    /// Skipped entries are passed over like visited ones (their marks are kept).
    /// - Complexity: O(*n*) in the worst case, O(1) amortised.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        guard let oldest = queue.front(0) else { return nil }
        var slot = hand >= 0 ? hand : oldest
        var budget = 2 * queue.count(0) + 1
        while budget > 0 {
            budget -= 1
            if visited[slot] {
                visited[slot] = false
            } else if !skip(slot) {
                hand = queue.newer(slot) ?? -1
                return slot
            }
            slot = queue.newer(slot) ?? (queue.front(0) ?? oldest)
        }
        return nil
    }

    /// Bytes of policy state per tracked entry.
    public static let bytesPerEntry = SlotQueues.bytesPerSlot + MemoryLayout<Bool>.stride
}

extension PolicyName {
    /// SIEVE (`SievePolicy`).
    public static let sieve: PolicyName = "sieve"
}
