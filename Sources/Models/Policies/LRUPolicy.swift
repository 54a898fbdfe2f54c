/// Least recently used first: every access moves a slot to the back of the queue.
public final class LRUPolicy: EvictionPolicy {
    private var list = RecencyList()

    public init() {}

    public var name: EvictionPolicyName { .lru }
    /// - Complexity: O(1)
    public func didInsert(_ slot: Int) { list.pushBack(slot) }
    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) { list.touch(slot) }
    /// - Complexity: O(1)
    public func didRemove(_ slot: Int) { list.remove(slot) }
    public func didRemoveAll() { list.removeAll() }
    /// - Complexity: O(*k*) for *k* skipped slots.
    public func victim(skipping skip: (Int) -> Bool) -> Int? { list.first(skipping: skip) }
}

/// First in, first out: insertion order alone decides; accesses change nothing.
public final class FIFOPolicy: EvictionPolicy {
    private var list = RecencyList()

    public init() {}

    public var name: EvictionPolicyName { .fifo }
    public func didInsert(_ slot: Int) { list.pushBack(slot) }
    public func didAccess(_ slot: Int) {}
    public func didRemove(_ slot: Int) { list.remove(slot) }
    public func didRemoveAll() { list.removeAll() }
    public func victim(skipping skip: (Int) -> Bool) -> Int? { list.first(skipping: skip) }
}

/// No cache: the store keeps nothing, so there is never a victim to choose.
public final class NoCachePolicy: EvictionPolicy {
    public init() {}

    public var name: EvictionPolicyName { .none }
    public func didInsert(_ slot: Int) {}
    public func didAccess(_ slot: Int) {}
    public func didRemove(_ slot: Int) {}
    public func didRemoveAll() {}
    public func victim(skipping skip: (Int) -> Bool) -> Int? { nil }
}
