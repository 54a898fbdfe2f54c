/// Least recently used first: every access moves a slot to the back of the queue.
public final class LRUPolicy: RegisteredPolicy {
    @exclusivity(unchecked) private var list = RecencyList()

    public init() {}

    public static let policyName: PolicyName = .lru
    public static let summary = "Least recently used goes first."
    public static let reference = "libCacheSim LRU.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [11.50, 10.84, 12.18], peakRSSMiB: 69)
    public static let followsLRUStackDistances = true
    public convenience init(_ context: PolicyContext) { self.init() }
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
public final class FIFOPolicy: RegisteredPolicy {
    @exclusivity(unchecked) private var list = RecencyList()

    public init() {}

    public static let policyName: PolicyName = .fifo
    public static let summary = "First inserted goes first, whatever was accessed since."
    public static let reference = "libCacheSim FIFO.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [11.96, 11.84, 14.34], peakRSSMiB: 69)
    public convenience init(_ context: PolicyContext) { self.init() }
    public func didInsert(_ slot: Int) { list.pushBack(slot) }
    public func didAccess(_ slot: Int) {}
    public func didRemove(_ slot: Int) { list.remove(slot) }
    public func didRemoveAll() { list.removeAll() }
    public func victim(skipping skip: (Int) -> Bool) -> Int? { list.first(skipping: skip) }
}

/// No cache: the store keeps nothing, so there is never a victim to choose.
public final class NoCachePolicy: EvictionPolicy {
    public init() {}

    public var name: PolicyName { .none }
    public func didInsert(_ slot: Int) {}
    public func didAccess(_ slot: Int) {}
    public func didRemove(_ slot: Int) {}
    public func didRemoveAll() {}
    public func victim(skipping skip: (Int) -> Bool) -> Int? { nil }
}

extension PolicyName {
    /// Least recently used goes first (`LRUPolicy`).
    public static let lru: PolicyName = "lru"
}

extension PolicyName {
    /// First in, first out (`FIFOPolicy`).
    public static let fifo: PolicyName = "fifo"
}
