/// A ``ViewModel``'s view cache: controllers by registered name (sections and views share the
/// name space), kept as its ``ViewCachePolicy`` says.
///
/// Both policies sit on a ``BoundedStore`` with cost 1 per controller. `forever` has no limit and
/// no eviction handler: only a flush empties it. `bounded` goes through the ``InUseMode`` exactly
/// as ``ControllerCache`` does, "in use" being ``ViewController/isInUse`` (the current section's
/// view is in the window, the current view is the section's child): `repopulate` lets the store
/// evict, holds the on-screen controllers and re-adds those still in use on the next run-loop tick
/// (at most one repopulation queued); `pin` refuses to evict them; `drop` loses them. As in
/// ``ControllerCache``, memory pressure offers controllers in policy order, except under `pin`,
/// which sheds oldest-first whatever the policy (the original's later version).
final class ViewCache {
    let policy: ViewCachePolicy
    let runLoop: RunLoop
    /// Whether anything is cached (false for a bounded cache with policy `.none`).
    let caches: Bool
    private let inUseMode: InUseMode?
    private let capacity: Int
    private let store: BoundedStore<String, FactoryViewController>
    @exclusivity(unchecked) private var stash: [String: FactoryViewController] = [:]
    @exclusivity(unchecked) private var stashOrder: [String] = []
    @exclusivity(unchecked) private var repopulation: RunLoop.Token?
    /// Each name's stated cost of re-creation, for a cost-aware policy (names that state one).
    @exclusivity(unchecked) private var recreationCosts: [String: Double] = [:]
    /// The cache's share of the statistics: look-ups, evictions, repopulations, flushes.
    @exclusivity(unchecked) private(set) var counters = ViewModelStatistics()
    /// Logs every look-up (the name, 1 controller, the run loop's time) when set.
    @exclusivity(unchecked) var requestLog: CacheRequestLog?

    init(policy: ViewCachePolicy, runLoop: RunLoop, evictionPolicy: (any EvictionPolicy)? = nil) {
        self.policy = policy
        self.runLoop = runLoop
        switch policy {
        case .forever:
            caches = true
            inUseMode = nil
            capacity = 0
            // No limit, so the policy never chooses; FIFO keeps its bookkeeping off the hit path.
            store = BoundedStore(costLimit: 0, policy: FIFOPolicy())
        case .bounded(let capacity, let name, let inUse, let seed, let parameters):
            caches = name.caches
            inUseMode = inUse
            self.capacity = max(0, capacity)
            store = BoundedStore(
                costLimit: self.capacity, policy: evictionPolicy ?? name.makePolicy(seed: seed, parameters: parameters))
        }
        store.evictionHandler = { [unowned self] name, controller in self.storeWillEvict(name, controller) }
    }

    // MARK: Look-up and insertion

    /// The cached controller for `name` (an access for the eviction policy), counting a hit or a
    /// miss.
    /// - Complexity: O(1)
    func lookUp(_ name: String) -> FactoryViewController? {
        requestLog?.record(name, size: 1, time: runLoop.now)
        guard caches, let controller = store.value(forKey: name) else {
            counters.cacheMisses += 1
            return nil
        }
        counters.cacheHits += 1
        return controller
    }

    /// Caches `controller` under `name`, replacing what was there; may evict at capacity.
    /// - Complexity: O(1) amortised, plus the evictions it causes.
    /// `recreationCost`: what it costs to make again, for a cost-aware policy (nil: 1).
    func insert(_ controller: FactoryViewController, as name: String, recreationCost: Double? = nil) {
        guard caches else { return }
        if let recreationCost { recreationCosts[name] = recreationCost }
        store.setValue(controller, forKey: name, cost: 1, recreationCost: recreationCost)
    }

    // MARK: Flushing

    /// Drops everything, pending repopulation included, without any event (`clearViewCache`).
    /// - Complexity: O(*n*) for *n* cached controllers.
    func removeAll() {
        counters.cacheFlushes += 1
        store.removeAll()
        stash.removeAll()
        stashOrder.removeAll()
        if let repopulation { runLoop.cancel(repopulation) }
        repopulation = nil
    }

    /// `moderate`: a bounded cache trims to half its capacity (half its contents when unlimited)
    /// in policy order (`pin`: oldest-first); `forever` ignores it. `warning`: `forever` drops
    /// everything; a bounded cache offers every controller for eviction through the in-use mode,
    /// in the same order.
    /// - Complexity: O(*n*) for *n* cached controllers; O(*n* log *n*) under `pin`.
    func handleMemoryPressure(_ level: MemoryPressureLevel) {
        guard caches else { return }
        let order: BoundedStore<String, FactoryViewController>.ShedOrder = inUseMode == .pin ? .oldestFirst : .policy
        switch (level, inUseMode) {
        case (.moderate, nil):
            break
        case (.moderate, _):
            let limit = capacity > 0 ? capacity : store.totalCost
            store.trim(toCost: limit / 2, order: order)
        case (.warning, nil):
            counters.cacheFlushes += 1
            for name in store.keys {
                counters.evictions += 1
                if store.peek(name)?.isInUse == true { counters.inUseDropped += 1 }
            }
            store.removeAll()
        case (.warning, _):
            counters.cacheFlushes += 1
            store.evictAll(order: order)
        }
    }

    private func storeWillEvict(_ name: String, _ controller: FactoryViewController)
        -> BoundedStore<String, FactoryViewController>.EvictionVerdict
    {
        let inUse = controller.isInUse
        switch inUseMode ?? .drop {
        case .drop:
            counters.evictions += 1
            if inUse { counters.inUseDropped += 1 }
            return .evict
        case .pin:
            if inUse {
                counters.pinnedRefusals += 1
                return .keep(cost: 1)
            }
            counters.evictions += 1
            return .evict
        case .repopulate:
            counters.evictions += 1
            if inUse { stashForRepopulation(name, controller) }
            return .evict
        }
    }

    private func stashForRepopulation(_ name: String, _ controller: FactoryViewController) {
        if stash.updateValue(controller, forKey: name) == nil { stashOrder.append(name) }
        if repopulation == nil {
            repopulation = runLoop.perform { [weak self] in self?.repopulate() }
        }
    }

    /// Re-adds the stashed controllers still in use, unless their name has been cached again
    /// meanwhile (a newer instance wins); drops the rest.
    private func repopulate() {
        repopulation = nil
        let names = stashOrder
        let pending = stash
        stash.removeAll()
        stashOrder.removeAll()
        for name in names {
            guard let controller = pending[name], controller.isInUse, store.peek(name) == nil else { continue }
            counters.repopulations += 1
            requestLog?.touch(name)
            store.setValue(controller, forKey: name, cost: 1, recreationCost: recreationCosts[name])
        }
    }

    // MARK: Inspection

    /// The cached controllers, by name.
    /// - Complexity: O(*n* log *n*) for *n* cached controllers.
    var cachedControllers: [FactoryViewController] {
        store.keys.sorted().compactMap { store.peek($0) }
    }

    /// The cached controller for `name`, without touching the eviction policy or the counters.
    func peek(_ name: String) -> FactoryViewController? { store.peek(name) }

    /// Controllers waiting to be re-added on the next tick.
    var pendingRepopulationCount: Int { stash.count }

    /// Zeroes the cache's counters; the contents stay.
    func resetCounters() {
        counters = ViewModelStatistics()
    }
}
