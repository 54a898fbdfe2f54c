/// Least recently used first: every access moves a key to the back of the queue.
public final class LRUPolicy<Key: Hashable>: EvictionPolicy {
    private var list = RecencyList<Key>()

    public init() {}

    public var name: EvictionPolicyName { .lru }
    /// - Complexity: O(1)
    public func didInsert(_ key: Key) { list.pushBack(key) }
    /// - Complexity: O(1)
    public func didAccess(_ key: Key) { list.touch(key) }
    /// - Complexity: O(1)
    public func didRemove(_ key: Key) { list.remove(key) }
    public func didRemoveAll() { list.removeAll() }
    /// - Complexity: O(*k*) for *k* skipped keys.
    public func victim(skipping skip: (Key) -> Bool) -> Key? { list.first(skipping: skip) }
}

/// First in, first out: insertion order alone decides; accesses change nothing.
public final class FIFOPolicy<Key: Hashable>: EvictionPolicy {
    private var list = RecencyList<Key>()

    public init() {}

    public var name: EvictionPolicyName { .fifo }
    public func didInsert(_ key: Key) { list.pushBack(key) }
    public func didAccess(_ key: Key) {}
    public func didRemove(_ key: Key) { list.remove(key) }
    public func didRemoveAll() { list.removeAll() }
    public func victim(skipping skip: (Key) -> Bool) -> Key? { list.first(skipping: skip) }
}

/// No cache: the store keeps nothing, so there is never a victim to choose.
public final class NoCachePolicy<Key: Hashable>: EvictionPolicy {
    public init() {}

    public var name: EvictionPolicyName { .none }
    public func didInsert(_ key: Key) {}
    public func didAccess(_ key: Key) {}
    public func didRemove(_ key: Key) {}
    public func didRemoveAll() {}
    public func victim(skipping skip: (Key) -> Bool) -> Key? { nil }
}
