/// What changed in a ``ReaderWriterStore`` since the previous notification (YMCache's
/// `kYFCacheDidChangeNotification` user info).
///
/// It is a record of operations, not a net delta: a key added and then removed within one
/// interval is reported as removed, even if it was absent before. The two parts never share a
/// key: the later of a key's set and removal wins.
public struct StoreChange<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Keys set (by subscript, bulk add, a loader or `load(from:)`) and their latest values. A bulk
    /// add records every entry, even one that did not change.
    public var updated: [Key: Value]
    /// Keys removed that existed when they were removed (by subscript, `remove(keys:)`,
    /// `removeAll()` or a purge).
    public var removed: Set<Key>

    public init(updated: [Key: Value] = [:], removed: Set<Key> = []) {
        self.updated = updated
        self.removed = removed
    }

    /// Whether nothing changed (such a change is never posted).
    public var isEmpty: Bool { updated.isEmpty && removed.isEmpty }
}

extension StoreChange: Equatable where Value: Equatable {}
