/// An NSCache-like store: values with costs under a total cost limit, shedding entries in the order
/// an ``EvictionPolicy`` chooses.
///
/// Before evicting an entry the store asks its eviction handler, which may keep the entry with a new
/// (lower) cost: this is how a cache refuses to evict what is in use. Manual removal never calls
/// the handler. Each entry lives in a slot (a dense index reused after removal); the policy works on
/// slots, so a lookup hashes the key once.
public final class BoundedStore<Key: Hashable, Value: AnyObject> {
    /// What the eviction handler decided for an entry the store wanted to evict.
    public enum EvictionVerdict: Equatable {
        /// Remove the entry.
        case evict
        /// Keep the entry, now costing `cost`.
        case keep(cost: Int)
    }

    /// The order in which ``trim(toCost:order:)`` and ``evictAll(order:)`` offer entries.
    public enum ShedOrder: Equatable, Sendable {
        /// The eviction policy's order.
        case policy
        /// The entry inserted longest ago first, whatever the policy (replacing a value or
        /// changing its cost does not make an entry younger).
        case oldestFirst
    }

    private struct Entry {
        var key: Key
        var value: Value
        var cost: Int
        /// When the entry was inserted: a sequence number, smaller is older.
        var age: UInt64
    }

    /// The most the entries may cost together; 0 means no limit.
    @exclusivity(unchecked) public var costLimit: Int {
        didSet { enforce(limit: costLimit) }
    }
    /// The eviction policy choosing victims.
    public let policy: any EvictionPolicy
    /// Called for each entry the store is about to evict, never for a manual removal.
    @exclusivity(unchecked) public var evictionHandler: ((Key, Value) -> EvictionVerdict)?

    @exclusivity(unchecked) private var slotOf: [Key: Int] = [:]
    /// Identities handed to the policy, by key, in the order they were first given: a key keeps
    /// its identity across removal and re-insertion (ghost lists know it again), and the numbers
    /// depend only on the order of insertions, so runs are the same in every process (a key's
    /// `hashValue` is seeded per process, and an `ObjectIdentifier` is an address).
    @exclusivity(unchecked) private var identityOf: [Key: UInt64] = [:]
    @exclusivity(unchecked) private var identityQueue: [Key] = []
    @exclusivity(unchecked) private var identityHead = 0
    @exclusivity(unchecked) private var nextIdentity: UInt64 = 1
    @exclusivity(unchecked) private var entries: [Entry?] = []
    @exclusivity(unchecked) private var freeSlots: [Int] = []
    @exclusivity(unchecked) private var insertions: UInt64 = 0
    /// The entries' costs added up.
    @exclusivity(unchecked) public private(set) var totalCost = 0
    /// Entries removed by eviction since the store was made.
    @exclusivity(unchecked) public private(set) var evictionCount = 0

    /// Creates an empty store.
    public init(costLimit: Int, policy: any EvictionPolicy) {
        self.costLimit = max(0, costLimit)
        self.policy = policy
        costAware = policy as? RecreationCostAware
    }

    /// The policy, if it weighs what an entry costs to re-create.
    private let costAware: RecreationCostAware?

    /// The number of entries.
    public var count: Int { slotOf.count }

    /// The keys of the entries, in slot order.
    public var keys: [Key] { entries.compactMap { $0?.key } }

    /// The value for `key`, counted as an access by the policy.
    /// - Complexity: O(1): one hash lookup, no allocation.
    public func value(forKey key: Key) -> Value? {
        guard let slot = slotOf[key], let entry = entries[slot] else { return nil }
        access(slot)
        return entry.value
    }

    /// Calls `body` with the value for `key` (counted as an access by the policy) without retaining
    /// it: the store keeps it alive for the call. Returns `nil` on a miss.
    /// - Complexity: O(1): one hash lookup, no allocation, no reference counting of the value.
    @inline(__always)
    public func withValue<R>(forKey key: Key, _ body: (Value) throws -> R?) rethrows -> R? {
        guard let slot = slotOf[key] else { return nil }
        access(slot)
        return try entries.withUnsafeBufferPointer { buffer in
            guard let entry = buffer[slot] else { return nil }
            return try Unmanaged.passUnretained(entry.value)._withUnsafeGuaranteedRef(body)
        }
    }

    /// The slot holding `key`'s entry, for ``withValue(inSlot:key:_:)``. A slot stays valid
    /// while the entry is in the store; after that it may hold another key.
    public func slot(forKey key: Key) -> Int? { slotOf[key] }

    /// Like ``withValue(forKey:_:)``, but first tries `slot` (a hint from ``slot(forKey:)``)
    /// and hashes the key only when the slot no longer holds it.
    /// - Complexity: O(1); no hashing when the hint is right.
    @inline(__always)
    public func withValue<R>(inSlot slot: Int, key: Key, _ body: (Value) throws -> R?) rethrows -> R? {
        let hit: R?? = try entries.withUnsafeBufferPointer { buffer in
            guard slot >= 0, slot < buffer.count, let entry = buffer[slot], entry.key == key else { return .none }
            return .some(try Unmanaged.passUnretained(entry.value)._withUnsafeGuaranteedRef(body))
        }
        if case .some(let result) = hit {
            access(slot)
            return result
        }
        return try withValue(forKey: key, body)
    }

    /// The key held in `slot`, if any.
    public func peekSlot(_ slot: Int) -> Key? {
        slot >= 0 && slot < entries.count ? entries[slot]?.key : nil
    }

    /// The value for `key` without telling the policy.
    public func peek(_ key: Key) -> Value? {
        guard let slot = slotOf[key] else { return nil }
        return entries[slot]?.value
    }

    /// The cost recorded for `key`.
    public func cost(forKey key: Key) -> Int? {
        guard let slot = slotOf[key] else { return nil }
        return entries[slot]?.cost
    }

    /// Inserts or replaces the value for `key`, evicting until within the limit: for a new key the
    /// store makes room before inserting it (so the new entry is never its own victim), as a cache
    /// simulator does; whatever still exceeds the limit (an entry too costly, entries kept by the
    /// handler) is evicted afterwards.
    /// - Parameter recreationCost: what the entry costs to re-create, for a policy that weighs it
    ///   (``RecreationCostAware``); nil: 1, the reference simulator's cost.
    public func setValue(_ value: Value, forKey key: Key, cost: Int, recreationCost: Double? = nil) {
        let cost = max(0, cost)
        if let slot = slotOf[key], let old = entries[slot] {
            totalCost += cost - old.cost
            entries[slot] = Entry(key: key, value: value, cost: cost, age: old.age)
            access(slot)
        } else {
            // As a cache simulator does: the policy sees the incoming key first (ghost lists), then
            // the store makes room, then the key goes in; a key the policy refuses (larger than
            // the segment it must enter) is not stored.
            if let costAware { costAware.setIncomingCost(recreationCost.map { max($0, .leastNormalMagnitude) } ?? 1) }
            policy.willInsert(identity: identity(of: key), size: cost)
            guard policy.admits(size: cost) else { return }
            if costLimit > 0, totalCost + cost > costLimit {
                evict(until: { $0.totalCost + cost <= $0.costLimit })
            }
            let slot: Int
            let entry = Entry(key: key, value: value, cost: cost, age: insertions)
            insertions += 1
            if let free = freeSlots.popLast() {
                slot = free
                entries[slot] = entry
            } else {
                slot = entries.count
                entries.append(entry)
            }
            slotOf[key] = slot
            totalCost += cost
            policy.didInsert(slot)
            evictShed()
        }
        enforce(limit: costLimit)
    }

    /// Changes the cost of an existing entry, then evicts until within the limit.
    public func setCost(_ cost: Int, forKey key: Key) {
        guard let slot = slotOf[key], entries[slot] != nil else { return }
        let cost = max(0, cost)
        totalCost += cost - (entries[slot]?.cost ?? 0)
        entries[slot]?.cost = cost
        access(slot)
        enforce(limit: costLimit)
    }

    /// Removes the entry for `key` without asking the eviction handler.
    @discardableResult
    public func removeValue(forKey key: Key) -> Value? {
        guard let slot = slotOf[key] else { return nil }
        return remove(slot: slot)?.value
    }

    /// Removes every entry without asking the eviction handler.
    public func removeAll() {
        slotOf.removeAll()
        entries.removeAll()
        freeSlots.removeAll()
        totalCost = 0
        policy.didRemoveAll()
    }

    /// Evicts entries, in `order` and through the handler, until the total cost is at most
    /// `targetCost` or every remaining entry has been kept.
    /// - Complexity: O(*n*) handler calls; O(*n* log *n*) to sort *n* entries for `.oldestFirst`.
    public func trim(toCost targetCost: Int, order: ShedOrder = .policy) {
        evict(order: order, until: { $0.totalCost <= max(0, targetCost) })
    }

    /// Offers every entry for eviction, in `order` (a memory warning: NSCache empties itself).
    /// - Complexity: O(*n*) handler calls; O(*n* log *n*) to sort *n* entries for `.oldestFirst`.
    public func evictAll(order: ShedOrder = .policy) {
        evict(order: order, until: { $0.slotOf.isEmpty })
    }

    /// Tells the policy about an access to `slot`, then evicts (through the handler) the entry the
    /// policy shed on that access, if any.
    @inline(__always)
    private func access(_ slot: Int) {
        policy.didAccess(slot)
        evictShed()
    }

    /// Evicts (through the handler) the entries the policy shed, until it sheds no more.
    @inline(__always)
    private func evictShed() {
        while let shed = policy.takeShedSlot() {
            if let entry = entries[shed] { offer(slot: shed, entry: entry) }
        }
    }

    private func remove(slot: Int, evicted: Bool = false) -> Entry? {
        guard let entry = entries[slot] else { return nil }
        entries[slot] = nil
        slotOf.removeValue(forKey: entry.key)
        freeSlots.append(slot)
        totalCost -= entry.cost
        if evicted { policy.didEvict(slot) } else { policy.didRemove(slot) }
        return entry
    }

    /// The 64-bit identity the policy remembers a key by across its removal and re-insertion:
    /// numbered in the order keys are first inserted. Identities of keys that left the store are
    /// forgotten oldest first once more than `8 × count + 4096` are kept (far more than any
    /// policy's ghost list holds), so memory stays bounded when keys keep changing.
    /// - Complexity: O(1) amortised.
    private func identity(of key: Key) -> UInt64 {
        if let known = identityOf[key] { return known }
        let identity = nextIdentity
        nextIdentity &+= 1
        identityOf[key] = identity
        identityQueue.append(key)
        forgetIdentities(above: 8 * slotOf.count + 4096)
        return identity
    }

    /// Forgets the oldest identities of keys no longer in the store until at most `bound` remain
    /// (resident keys are queued again, so each step makes progress).
    private func forgetIdentities(above bound: Int) {
        var visited = 0
        let queued = identityQueue.count - identityHead
        while identityOf.count > bound, visited < queued {
            let key = identityQueue[identityHead]
            identityHead += 1
            visited += 1
            if slotOf[key] == nil {
                identityOf.removeValue(forKey: key)
            } else {
                identityQueue.append(key)
            }
        }
        if identityHead > 4096, identityHead * 2 > identityQueue.count {
            identityQueue.removeFirst(identityHead)
            identityHead = 0
        }
    }

    private func enforce(limit: Int) {
        guard limit > 0, totalCost > limit else { return }
        evict(until: { $0.totalCost <= limit })
    }

    private func evict(order: ShedOrder, until done: (BoundedStore) -> Bool) {
        switch order {
        case .policy: evict(until: done)
        case .oldestFirst: evictOldestFirst(until: done)
        }
    }

    /// Offers entries oldest first, each once, until `done`.
    private func evictOldestFirst(until done: (BoundedStore) -> Bool) {
        let byAge = entries.indices.compactMap { slot in entries[slot].map { (slot: slot, age: $0.age) } }
            .sorted { $0.age < $1.age }
        for (slot, age) in byAge {
            if done(self) { return }
            // The handler may have removed or replaced entries: offer only the one still there.
            guard let entry = entries[slot], entry.age == age else { continue }
            offer(slot: slot, entry: entry)
        }
    }

    /// Asks the handler about one entry and evicts or re-costs it; true when it was kept.
    @discardableResult
    private func offer(slot: Int, entry: Entry) -> Bool {
        switch evictionHandler?(entry.key, entry.value) ?? .evict {
        case .evict:
            // The handler may have removed the entry itself; evict what is there.
            if remove(slot: slot, evicted: true) != nil {
                evictionCount += 1
                evictShed()
            }
            return false
        case .keep(let cost):
            if let current = entries[slot] {
                totalCost += max(0, cost) - current.cost
                entries[slot]?.cost = max(0, cost)
            }
            return true
        }
    }

    /// Evicts the policy's victims until `done`. A policy that names none while entries it was not
    /// refused remain (`lirs` keeps some entries outside its own occupancy, as its reference does)
    /// has the oldest of those evicted instead: a store never holds more than its limit unless its
    /// handler keeps the entries.
    private func evict(until done: (BoundedStore) -> Bool) {
        var kept: Set<Int> = []
        while !done(self) {
            guard let slot = policy.victim(skipping: { kept.contains($0) }) ?? oldestSlot(notIn: kept), let entry = entries[slot]
            else { return }
            if offer(slot: slot, entry: entry) { kept.insert(slot) }
        }
    }

    /// The slot of the oldest entry not in `kept`, if any.
    /// - Complexity: O(*n*)
    private func oldestSlot(notIn kept: Set<Int>) -> Int? {
        var oldest: (slot: Int, age: UInt64)?
        for (slot, entry) in entries.enumerated() {
            guard let entry, !kept.contains(slot), entry.age < (oldest?.age ?? .max) else { continue }
            oldest = (slot, entry.age)
        }
        return oldest?.slot
    }
}
