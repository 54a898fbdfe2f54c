import Models

/// LRU-2 (O'Neil, O'Neil & Weikum, SIGMOD 1993, LRU-K with K = 2): the victim is the entry whose
/// second most recent access is the oldest; an entry accessed only once since it entered has no
/// second access (an infinite backward 2-distance) and goes first, least recently used first.
///
/// A team's own policy: one type, registered by name (`lru-2`) before workbench loads scenarios.
/// This version keeps no history of evicted entries (the paper's retained information period)
/// and finds its victim by a scan of the resident entries: simple, and O(n) per eviction.
public final class LRU2Policy: RegisteredPolicy {
    public static let policyName: PolicyName = "lru-2"
    public static let summary = "LRU-2: evicts the entry whose second most recent access is oldest; entries seen once go first."
    public static let reference = "O'Neil, O'Neil & Weikum, SIGMOD 1993 (LRU-K, K = 2)"

    /// A logical clock: one tick per insertion or access.
    private var clock: UInt64 = 0
    /// Per slot: its last and second-to-last access (0: none).
    private var last: [UInt64] = []
    private var penultimate: [UInt64] = []
    /// The resident slots.
    private var resident: Set<Int> = []

    public init(_ context: PolicyContext) {}

    public func didInsert(_ slot: Int) {
        if slot >= last.count {
            last.append(contentsOf: repeatElement(0, count: slot - last.count + 1))
            penultimate.append(contentsOf: repeatElement(0, count: slot - penultimate.count + 1))
        }
        clock += 1
        last[slot] = clock
        penultimate[slot] = 0
        resident.insert(slot)
    }

    public func didAccess(_ slot: Int) {
        guard resident.contains(slot) else { return }
        clock += 1
        penultimate[slot] = last[slot]
        last[slot] = clock
    }

    public func didRemove(_ slot: Int) { resident.remove(slot) }
    public func didRemoveAll() { resident.removeAll() }

    /// Seen-once entries first (oldest last access), else the oldest second-to-last access.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        var best: Int?
        var bestKey = (UInt64.max, UInt64.max)
        for slot in resident where !skip(slot) {
            // Entries seen once sort before every entry seen twice.
            let key: (UInt64, UInt64) = penultimate[slot] == 0 ? (0, last[slot]) : (1, penultimate[slot])
            if key < bestKey {
                bestKey = key
                best = slot
            }
        }
        return best
    }
}
