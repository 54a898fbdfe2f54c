/// Everything a ``ReaderWriterStore`` guards with its design's lock: the items and, while change
/// tracking is on, the changes since the last notification. Every mutation goes through here, so
/// the tracking rules live in one place.
///
/// Invariants: when tracking is off both buffers are empty; `updated`'s keys are items; no key in
/// `removed` is an item.
@usableFromInline
struct StoreState<Key: Hashable & Sendable, Value: Sendable> {
    @usableFromInline var items: [Key: Value] = [:]
    @usableFromInline private(set) var isTracking = false
    @usableFromInline private(set) var updated: [Key: Value] = [:]
    @usableFromInline private(set) var removed: Set<Key> = []
    /// The `optimistic` design's read table, kept equal to `items` by every mutation here; nil in
    /// the other designs.
    @usableFromInline var index: StoreOptimisticIndex<Key, Value>?

    /// Sets `key` to `value`, or removes it for nil. Setting removes the key from `removed` and
    /// records it in `updated`; removing a key that exists moves it to `removed`; removing an
    /// absent key changes nothing.
    /// - Complexity: O(1) amortised.
    @inlinable
    mutating func set(_ value: Value?, forKey key: Key) {
        index?.set(value, forKey: key)
        if let value {
            items[key] = value
            if isTracking {
                removed.remove(key)
                updated[key] = value
            }
        } else if items.removeValue(forKey: key) != nil, isTracking {
            updated.removeValue(forKey: key)
            removed.insert(key)
        }
    }

    /// Adds or replaces every entry, recording each as updated, changed or not.
    /// - Complexity: O(*m*) for *m* entries.
    mutating func add(_ entries: [Key: Value]) {
        items.merge(entries) { _, new in new }
        index?.add(entries)
        guard isTracking else { return }
        for (key, value) in entries {
            removed.remove(key)
            updated[key] = value
        }
    }

    /// Removes the keys that exist, recording only those as removed.
    /// - Returns: how many were removed.
    /// - Complexity: O(*m*) for *m* keys.
    @discardableResult
    mutating func remove(keys: [Key]) -> Int {
        guard let index else { return removeItems(keys: keys) }
        var count = 0
        index.bulk(keys: keys.count) { count = removeItems(keys: keys) }
        return count
    }

    /// ``remove(keys:)``'s body: the items, the table's buckets and the tracking.
    private mutating func removeItems(keys: [Key]) -> Int {
        var count = 0
        for key in keys where items.removeValue(forKey: key) != nil {
            index?.set(nil, forKey: key)
            count += 1
            if isTracking {
                updated.removeValue(forKey: key)
                removed.insert(key)
            }
        }
        return count
    }

    /// Removes every item, recording every key as removed.
    /// - Complexity: O(*n*) for *n* items.
    mutating func removeAll() {
        if isTracking {
            removed.formUnion(items.keys)
            updated.removeAll()
        }
        items.removeAll()
        index?.removeAll()
    }

    /// Starts tracking with empty buffers; when already tracking, empties them (what was pending
    /// is discarded).
    /// - Complexity: O(1)
    mutating func startTracking() {
        isTracking = true
        updated = [:]
        removed = []
    }

    /// Stops tracking, discarding what was pending.
    /// - Complexity: O(1)
    mutating func stopTracking() {
        isTracking = false
        updated = [:]
        removed = []
    }

    /// The changes since the last take, emptying the buffers; nil when nothing changed or tracking
    /// is off.
    /// - Complexity: O(1)
    mutating func takePending() -> StoreChange<Key, Value>? {
        guard isTracking, !updated.isEmpty || !removed.isEmpty else { return nil }
        defer {
            updated = [:]
            removed = []
        }
        return StoreChange(updated: updated, removed: removed)
    }

    /// The first broken invariant, or nil.
    /// - Complexity: O(*u* + *r*) for the pending changes.
    func invariantViolation() -> String? {
        if !isTracking, !updated.isEmpty || !removed.isEmpty { return "change buffers not empty while tracking is off" }
        if let key = updated.keys.first(where: { items[$0] == nil }) { return "updated key \(key) is not an item" }
        if let key = removed.first(where: { items[$0] != nil }) { return "removed key \(key) is an item" }
        return nil
    }

    /// Where this state's keys or pending changes differ from `other`'s, or nil: the two copies
    /// of a `left-right` store must agree between writes.
    /// - Complexity: O(*n* + *u* + *r*)
    func differenceInKeys(from other: StoreState) -> String? {
        if Set(items.keys) != Set(other.items.keys) { return "the copies hold different keys" }
        if Set(updated.keys) != Set(other.updated.keys) || removed != other.removed || isTracking != other.isTracking {
            return "the copies track different changes"
        }
        return nil
    }
}
