/// An NSCache-like store: values with costs under a total cost limit, shedding entries in the order
/// an ``EvictionPolicy`` chooses.
///
/// Before evicting an entry the store asks its eviction handler, which may keep the entry with a new
/// (lower) cost: this is how a cache refuses to evict what is in use. Manual removal never calls
/// the handler.
public final class BoundedStore<Key: Hashable, Value: AnyObject> {
    /// What the eviction handler decided for an entry the store wanted to evict.
    public enum EvictionVerdict: Equatable {
        /// Remove the entry.
        case evict
        /// Keep the entry, now costing `cost`.
        case keep(cost: Int)
    }

    private struct Entry {
        var value: Value
        var cost: Int
    }

    /// The most the entries may cost together; 0 means no limit.
    public var costLimit: Int {
        didSet { enforce(limit: costLimit) }
    }
    /// The eviction policy choosing victims.
    public let policy: any EvictionPolicy<Key>
    /// Called for each entry the store is about to evict, never for a manual removal.
    public var evictionHandler: ((Key, Value) -> EvictionVerdict)?

    private var entries: [Key: Entry] = [:]
    /// The entries' costs added up.
    public private(set) var totalCost = 0
    /// Entries removed by eviction since the store was made.
    public private(set) var evictionCount = 0

    /// Creates an empty store.
    public init(costLimit: Int, policy: any EvictionPolicy<Key>) {
        self.costLimit = max(0, costLimit)
        self.policy = policy
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// The keys of the entries, in no particular order.
    public var keys: [Key] { Array(entries.keys) }

    /// The value for `key`, counted as an access by the policy.
    /// - Complexity: O(1)
    public func value(forKey key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        policy.didAccess(key)
        return entry.value
    }

    /// The value for `key` without telling the policy.
    public func peek(_ key: Key) -> Value? { entries[key]?.value }

    /// The cost recorded for `key`.
    public func cost(forKey key: Key) -> Int? { entries[key]?.cost }

    /// Inserts or replaces the value for `key`, then evicts until within the limit.
    public func setValue(_ value: Value, forKey key: Key, cost: Int) {
        if let old = entries[key] {
            totalCost -= old.cost
            policy.didAccess(key)
        } else {
            policy.didInsert(key)
        }
        entries[key] = Entry(value: value, cost: max(0, cost))
        totalCost += max(0, cost)
        enforce(limit: costLimit)
    }

    /// Changes the cost of an existing entry, then evicts until within the limit.
    public func setCost(_ cost: Int, forKey key: Key) {
        guard var entry = entries[key] else { return }
        totalCost += max(0, cost) - entry.cost
        entry.cost = max(0, cost)
        entries[key] = entry
        policy.didAccess(key)
        enforce(limit: costLimit)
    }

    /// Removes the entry for `key` without asking the eviction handler.
    @discardableResult
    public func removeValue(forKey key: Key) -> Value? {
        guard let entry = entries.removeValue(forKey: key) else { return nil }
        totalCost -= entry.cost
        policy.didRemove(key)
        return entry.value
    }

    /// Removes every entry without asking the eviction handler.
    public func removeAll() {
        entries.removeAll()
        totalCost = 0
        policy.didRemoveAll()
    }

    /// Evicts entries, in policy order and through the handler, until the total cost is at most
    /// `targetCost` or every remaining entry has been kept.
    public func trim(toCost targetCost: Int) {
        evict(until: { $0.totalCost <= max(0, targetCost) })
    }

    /// Offers every entry for eviction, in policy order (a memory warning: NSCache empties itself).
    public func evictAll() {
        evict(until: { $0.entries.isEmpty })
    }

    private func enforce(limit: Int) {
        guard limit > 0, totalCost > limit else { return }
        evict(until: { $0.totalCost <= limit })
    }

    private func evict(until done: (BoundedStore) -> Bool) {
        var kept: Set<Key> = []
        while !done(self) {
            guard let key = policy.victim(skipping: { kept.contains($0) }), let entry = entries[key] else { return }
            switch evictionHandler?(key, entry.value) ?? .evict {
            case .evict:
                // The handler may have removed or replaced the entry itself; evict what is there.
                if let current = entries.removeValue(forKey: key) {
                    totalCost -= current.cost
                    policy.didRemove(key)
                    evictionCount += 1
                }
            case .keep(let cost):
                kept.insert(key)
                if var current = entries[key] {
                    totalCost += max(0, cost) - current.cost
                    current.cost = max(0, cost)
                    entries[key] = current
                }
            }
        }
    }
}
