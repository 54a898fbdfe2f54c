/// DEViewControllerCache: recycles view controllers the way a table view recycles cells.
///
/// `controller(for:)` returns an unused cached instance of the type (calling `willBeReused` on it)
/// or instantiates a new one (without calling it). A controller is *in use* exactly when one of
/// four conditions holds (see ``ViewController/isInUse``); a controller that is asked for and not
/// put into use is returned again by the next request.
///
/// Instances live in one store entry per type, in an NSCache-like store limited to `capacity`
/// controllers and emptied by a memory warning. What happens to in-use controllers of an entry the
/// store evicts is the ``InUseMode``. Manual removal never repopulates, and cancels a pending
/// repopulation of what it removes.
public final class ControllerCache {
    /// How a cache is set up.
    public struct Configuration: Equatable, Sendable {
        /// Controllers the store may hold; 0 means no limit (NSCache's default).
        public var capacity: Int
        /// Which entry goes first when the store sheds; `.none` disables caching.
        public var policy: PolicyName
        /// What an eviction does to in-use controllers.
        public var inUseMode: InUseMode
        /// Seeds the `random` policy.
        public var seed: UInt64
        /// The tunable policies' parameters (S3-FIFO's small queue, W-TinyLFU's window).
        public var parameters: PolicyParameters

        public init(
            capacity: Int = 0, policy: PolicyName = PolicyRegistry.defaultPolicy, inUseMode: InUseMode = .repopulate, seed: UInt64 = 1,
            parameters: PolicyParameters = PolicyParameters()
        ) {
            self.capacity = capacity
            self.policy = policy
            self.inUseMode = inUseMode
            self.seed = seed
            self.parameters = parameters
        }
    }

    /// The controllers of one type, in the order they were made (the reuse order): owned, plus
    /// unretained handles that the hit path walks without reference counting.
    final class InstanceSet {
        @exclusivity(unchecked) private(set) var controllers: [ViewController]
        @exclusivity(unchecked) private(set) var handles: ContiguousArray<Unmanaged<ViewController>>

        init(_ controllers: [ViewController]) {
            self.controllers = controllers
            handles = ContiguousArray(controllers.map { Unmanaged.passUnretained($0) })
        }

        var count: Int { controllers.count }

        func append(_ controller: ViewController) {
            controllers.append(controller)
            handles.append(Unmanaged.passUnretained(controller))
        }

        func contains(_ controller: ViewController) -> Bool {
            controllers.contains { $0 === controller }
        }

        /// Keeps only the controllers for which `keep` is true, in order.
        func keepOnly(where keep: (ViewController) -> Bool) {
            controllers = controllers.filter(keep)
            handles = ContiguousArray(controllers.map { Unmanaged.passUnretained($0) })
        }

        /// The first controller not in use, without retaining the ones it passes over.
        /// - Complexity: O(*k*) for *k* instances.
        func firstUnused() -> ViewController? {
            for handle in handles where !handle._withUnsafeGuaranteedRef({ $0.isInUse }) {
                return handle.takeUnretainedValue()
            }
            return nil
        }
    }

    typealias Key = ObjectIdentifier

    /// The shared default cache, bound to ``RunLoop/main``.
    nonisolated(unsafe) public static let shared = ControllerCache()

    public let configuration: Configuration
    /// The run loop repopulation is queued on and memory warnings arrive from.
    public let runLoop: RunLoop
    /// What the cache has done so far.
    @exclusivity(unchecked) public private(set) var statistics = ControllerCacheStatistics()
    /// Logs every request (the type, 1 controller, the run loop's time) when set.
    @exclusivity(unchecked) public var requestLog: CacheRequestLog?

    let store: BoundedStore<Key, InstanceSet>
    @exclusivity(unchecked) private var stash: [Key: InstanceSet] = [:]
    @exclusivity(unchecked) private var stashOrder: [Key] = []
    @exclusivity(unchecked) private var repopulation: RunLoop.Token?
    /// Store slot last seen for each `ControllerType.id` (-1: none): a hint, checked on use.
    @exclusivity(unchecked) private var slotHints: [Int] = []
    /// Controllers of each type the cache has let go and not yet re-made.
    @exclusivity(unchecked) private var letGo: [Key: Int] = [:]
    /// Each type's stated cost of re-creation, for a cost-aware policy (types that state one).
    @exclusivity(unchecked) private var recreationCosts: [Key: Double] = [:]
    /// Whether the instantiation under way re-makes a controller the cache let go: a device
    /// cost charged now is time lost to re-creation.
    @exclusivity(unchecked) public private(set) var isRecreating = false

    /// Creates an independent cache.
    /// - Parameters:
    ///   - configuration: the capacity, policy, in-use mode and repopulation settings.
    ///   - runLoop: the run loop whose time the cache reads and whose memory warnings it observes.
    ///   - evictionPolicy: the store's policy object, replacing the one the configuration names
    ///     (an ``OptimalPolicy`` built from a recorded stream).
    public init(
        configuration: Configuration = Configuration(), runLoop: RunLoop = .main, evictionPolicy: (any EvictionPolicy)? = nil
    ) {
        self.configuration = configuration
        self.runLoop = runLoop
        store = BoundedStore(
            costLimit: configuration.capacity,
            policy: evictionPolicy
                ?? configuration.policy.makePolicy(seed: configuration.seed, parameters: configuration.parameters))
        store.evictionHandler = { [unowned self] key, set in self.storeWillEvict(key, set) }
        runLoop.addMemoryPressureObserver { [weak self] level in self?.handleMemoryPressure(level) }
    }

    // MARK: Requests

    /// An unused instance of `type`, reused (with `willBeReused`) or newly made with `T()`.
    /// - Complexity: O(*k*) for *k* cached instances of the type; no allocation on a hit.
    public func controller<T: ViewController>(for type: T.Type) -> T {
        let key = ObjectIdentifier(type)
        statistics.requests += 1
        requestLog?.record(key, size: 1, time: runLoop.now)
        // Every instance under T's key was made by `T()`.
        if let reused = reuse(key: key) { return unsafeDowncast(reused, to: T.self) }
        isRecreating = takeLetGo(key)
        let made = T()
        isRecreating = false
        insert(made, key: key)
        return made
    }

    /// An unused instance of `type`, reused (with `willBeReused`) or newly instantiated.
    /// - Complexity: O(*k*) for *k* cached instances of the type; no allocation on a hit.
    public func controller(for type: ControllerType) -> ViewController {
        let key = ObjectIdentifier(type)
        statistics.requests += 1
        requestLog?.record(key, size: 1, time: runLoop.now)
        if let reused = reuse(type: type, key: key) { return reused }
        isRecreating = takeLetGo(key)
        let made = type.instantiate()
        isRecreating = false
        if let cost = type.recreationCost, recreationCosts[key] == nil { recreationCosts[key] = cost }
        insert(made, key: key)
        return made
    }

    /// The first unused cached instance under `key`, after `willBeReused`; nil on a miss.
    @inline(__always)
    private func reuse(key: Key) -> ViewController? {
        guard configuration.policy.caches, let controller = store.withValue(forKey: key, { $0.firstUnused() }) else {
            return nil
        }
        statistics.recordHit()
        controller.willBeReused()
        return controller
    }

    /// `reuse(key:)` for a ``ControllerType``: finds the entry through the slot remembered for the
    /// type's id, hashing only when the entry has moved.
    @inline(__always)
    private func reuse(type: ControllerType, key: Key) -> ViewController? {
        guard configuration.policy.caches else { return nil }
        let id = type.id
        let hint = id < slotHints.count ? slotHints[id] : -1
        guard let controller = store.withValue(inSlot: hint, key: key, { $0.firstUnused() }) else { return nil }
        if hint < 0 || store.peekSlot(hint) != key { rememberSlot(of: type, key: key) }
        statistics.recordHit()
        controller.willBeReused()
        return controller
    }

    private func rememberSlot(of type: ControllerType, key: Key) {
        guard let slot = store.slot(forKey: key) else { return }
        while slotHints.count <= type.id { slotHints.append(-1) }
        slotHints[type.id] = slot
    }

    /// Counts a new instance and adds it to its type's entry (unless nothing is cached).
    private func insert(_ made: ViewController, key: Key) {
        statistics.instantiations += 1
        guard configuration.policy.caches else { return }
        if let set = store.peek(key) {
            set.append(made)
            store.setCost(set.count, forKey: key)
        } else {
            store.setValue(InstanceSet([made]), forKey: key, cost: 1, recreationCost: recreationCosts[key])
        }
    }

    /// Whether an instantiation of `key`'s type re-makes a controller the cache let go (and
    /// counts it, consuming one). A cache that keeps nothing (`none`) lets every controller go
    /// after its use: every instantiation of a type after its first re-makes one.
    @inline(__always)
    private func takeLetGo(_ key: Key) -> Bool {
        if !configuration.policy.caches {
            guard letGo.updateValue(0, forKey: key) != nil else { return false }
            statistics.recreations += 1
            return true
        }
        guard let count = letGo[key], count > 0 else { return false }
        letGo[key] = count - 1
        statistics.recreations += 1
        return true
    }

    /// Notes `count` controllers of `key`'s type let go.
    @inline(__always)
    private func noteLetGo(_ key: Key, _ count: Int) {
        if count > 0 { letGo[key, default: 0] += count }
    }

    // MARK: Manual removal

    /// Removes one controller from the cache, and from a pending repopulation. Never repopulates.
    public func removeController(_ controller: ViewController) {
        for key in storeKeysHolding(controller) {
            guard let set = store.peek(key) else { continue }
            set.keepOnly { $0 !== controller }
            statistics.manualRemovals += 1
            requestLog?.touch(key)
            if set.controllers.isEmpty {
                store.removeValue(forKey: key)
            } else {
                store.setCost(set.controllers.count, forKey: key)
            }
        }
        for key in stashOrder {
            guard let set = stash[key] else { continue }
            let before = set.count
            set.keepOnly { $0 !== controller }
            statistics.manualRemovals += before - set.count
        }
    }

    /// Removes every instance of `type`, pending repopulation included. Never repopulates.
    public func removeInstances<T: ViewController>(of type: T.Type) {
        removeInstances(key: ObjectIdentifier(type))
    }

    /// Removes every instance of `type`, pending repopulation included. Never repopulates.
    public func removeInstances(of type: ControllerType) {
        removeInstances(key: ObjectIdentifier(type))
    }

    private func removeInstances(key: Key) {
        if let set = store.removeValue(forKey: key) {
            statistics.manualRemovals += set.controllers.count
        }
        if let pending = stash.removeValue(forKey: key) {
            statistics.manualRemovals += pending.controllers.count
            stashOrder.removeAll { $0 == key }
        }
    }

    /// Removes every instance of every type, pending repopulations included. Never repopulates.
    public func removeAll() {
        statistics.manualRemovals += cachedControllerCount + pendingRepopulationCount
        store.removeAll()
        stash.removeAll()
        stashOrder.removeAll()
        if let repopulation { runLoop.cancel(repopulation) }
        repopulation = nil
    }

    // MARK: Memory pressure

    /// Sheds under memory pressure: `moderate` trims to half the capacity; a `warning` empties
    /// the store, as NSCache does. Evicted entries go through the in-use mode. Entries are offered
    /// in policy order, except under `pin`, which sheds oldest-first whatever the policy (the
    /// original's later version).
    /// - Complexity: O(*n* log *n*) for *n* type entries, plus the in-use checks of their controllers.
    public func handleMemoryPressure(_ level: MemoryPressureLevel) {
        statistics.memoryPressureEvents += 1
        guard configuration.policy.caches else { return }
        let order: BoundedStore<Key, InstanceSet>.ShedOrder = configuration.inUseMode == .pin ? .oldestFirst : .policy
        switch level {
        case .moderate:
            let limit = configuration.capacity > 0 ? configuration.capacity : store.totalCost
            store.trim(toCost: limit / 2, order: order)
        case .warning:
            store.evictAll(order: order)
        }
    }

    // MARK: Eviction and repopulation

    private func storeWillEvict(_ key: Key, _ set: InstanceSet) -> BoundedStore<Key, InstanceSet>.EvictionVerdict {
        let inUse = set.controllers.filter(\.isInUse)
        let unused = set.controllers.count - inUse.count
        for controller in inUse { statistics.recordInUse(controller.inUseConditions) }
        switch configuration.inUseMode {
        case .drop:
            statistics.evictions += 1
            statistics.evictedControllers += set.controllers.count
            statistics.inUseDropped += inUse.count
            noteLetGo(key, set.controllers.count)
            return .evict
        case .pin:
            guard inUse.isEmpty else {
                set.keepOnly(where: \.isInUse)
                statistics.evictedControllers += unused
                statistics.pinnedRefusals += 1
                noteLetGo(key, unused)
                return .keep(cost: inUse.count)
            }
            statistics.evictions += 1
            statistics.evictedControllers += unused
            noteLetGo(key, unused)
            return .evict
        case .repopulate:
            statistics.evictions += 1
            statistics.evictedControllers += unused
            noteLetGo(key, unused)
            if !inUse.isEmpty { stashForRepopulation(key, inUse) }
            return .evict
        }
    }

    private func stashForRepopulation(_ key: Key, _ controllers: [ViewController]) {
        if let pending = stash[key] {
            for controller in controllers where !pending.contains(controller) {
                pending.append(controller)
            }
        } else {
            stash[key] = InstanceSet(controllers)
            stashOrder.append(key)
        }
        if repopulation == nil {
            repopulation = runLoop.perform { [weak self] in self?.repopulate() }
        }
    }

    /// Re-adds stashed controllers that are still in use, merged into whatever the type's entry
    /// holds now; drops the ones that became unused meanwhile.
    private func repopulate() {
        repopulation = nil
        let keys = stashOrder
        let pending = stash
        stash.removeAll()
        stashOrder.removeAll()
        guard !keys.isEmpty else { return }
        statistics.repopulationRuns += 1
        for key in keys {
            guard let set = pending[key] else { continue }
            let stillInUse = set.controllers.filter(\.isInUse)
            statistics.evictedControllers += set.controllers.count - stillInUse.count
            noteLetGo(key, set.controllers.count - stillInUse.count)
            guard !stillInUse.isEmpty else { continue }
            statistics.repopulations += stillInUse.count
            requestLog?.touch(key)
            if let current = store.peek(key) {
                for controller in stillInUse where !current.contains(controller) { current.append(controller) }
                store.setCost(current.count, forKey: key)
            } else {
                store.setValue(InstanceSet(stillInUse), forKey: key, cost: stillInUse.count, recreationCost: recreationCosts[key])
            }
        }
    }

    // MARK: Inspection

    /// Controllers held by the store now (pending repopulations excluded).
    public var cachedControllerCount: Int { store.totalCost }

    /// Controllers waiting to be re-added on the next tick.
    public var pendingRepopulationCount: Int {
        stash.values.reduce(0) { $0 + $1.controllers.count }
    }

    /// Whether a repopulation is queued on the run loop.
    public var isRepopulationQueued: Bool { repopulation != nil }

    /// The cached instances of `type`, in reuse order.
    public func cachedInstances(of type: ControllerType) -> [ViewController] {
        store.peek(ObjectIdentifier(type))?.controllers ?? []
    }

    /// The cached instances of `type`, in reuse order.
    public func cachedInstances<T: ViewController>(of type: T.Type) -> [ViewController] {
        store.peek(ObjectIdentifier(type))?.controllers ?? []
    }

    /// Whether `controller` is held by the store or pending repopulation.
    public func contains(_ controller: ViewController) -> Bool {
        !storeKeysHolding(controller).isEmpty
            || stash.values.contains { $0.contains(controller) }
    }

    /// Zeroes the statistics (the end of a warm-up); the cache's contents stay.
    public func resetStatistics() {
        statistics = ControllerCacheStatistics()
    }

    private func storeKeysHolding(_ controller: ViewController) -> [Key] {
        store.keys.filter { key in store.peek(key)?.contains(controller) ?? false }
    }
}
