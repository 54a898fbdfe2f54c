/// The reuse-identifier flyweight for header and footer controllers.
///
/// `register(_:reuseIdentifier:)` appends a controller to its identifier's list;
/// `dequeue(reuseIdentifier:)` returns the first registered controller whose view has no superview
/// (its view is loaded to ask, as `[obj view]` does), or `nil` — the caller then instantiates and
/// registers a new one. A memory warning purges every list.
public final class ReusePool {
    /// What the pool has done since it was made or last reset.
    public struct Statistics: Equatable, Sendable {
        /// Calls to `dequeue(reuseIdentifier:)`.
        public var dequeues = 0
        /// Dequeues that returned a controller.
        public var hits = 0
        /// Controllers registered.
        public var registrations = 0
        /// Purges (each memory warning is one).
        public var purges = 0
        /// Controllers dropped by purges.
        public var purgedControllers = 0

        public init() {}
    }

    /// The controllers of one reuse identifier: owned, plus unretained handles the hot path walks
    /// without reference counting (the owned array keeps them alive).
    struct Registrations {
        var owned: [ViewController] = []
        var handles: ContiguousArray<Unmanaged<ViewController>> = []

        mutating func append(_ controller: ViewController) {
            owned.append(controller)
            handles.append(Unmanaged.passUnretained(controller))
        }
    }

    @exclusivity(unchecked) private var indexOfIdentifier: [String: Int] = [:]
    @exclusivity(unchecked) private var registrations: ContiguousArray<Registrations> = []
    /// What the pool has done so far.
    @exclusivity(unchecked) public private(set) var statistics = Statistics()

    /// Creates an empty pool; with a run loop, it purges itself on each memory warning.
    public init(runLoop: RunLoop? = nil) {
        runLoop?.addMemoryPressureObserver { [weak self] level in
            if level == .warning { self?.purge() }
        }
    }

    /// Adds `controller` to the list for `reuseIdentifier`, creating the list if needed.
    /// - Complexity: O(1) amortised.
    public func register(_ controller: ViewController, reuseIdentifier: String) {
        if let index = indexOfIdentifier[reuseIdentifier] {
            registrations[index].append(controller)
        } else {
            indexOfIdentifier[reuseIdentifier] = registrations.count
            registrations.append(Registrations())
            registrations[registrations.count - 1].append(controller)
        }
        statistics.registrations += 1
    }

    /// The first controller registered for `reuseIdentifier` whose view has no superview; `nil`
    /// for an unknown identifier or when every one is on screen.
    /// - Complexity: O(*k*) for *k* controllers registered under the identifier; no allocation
    ///   once their views are loaded.
    public func dequeue(reuseIdentifier: String) -> ViewController? {
        statistics.dequeues += 1
        guard let index = indexOfIdentifier[reuseIdentifier] else { return nil }
        let found = registrations.withUnsafeBufferPointer { lists in
            lists[index].handles.withUnsafeBufferPointer { handles -> Unmanaged<ViewController>? in
                for handle in handles {
                    let available = handle._withUnsafeGuaranteedRef { controller -> Bool in
                        if !controller.isViewLoaded { _ = controller.view }
                        return !controller.isViewInSuperview
                    }
                    if available { return handle }
                }
                return nil
            }
        }
        guard let found else { return nil }
        statistics.hits += 1
        return found.takeUnretainedValue()
    }

    /// Drops every registered controller (the low-memory purge).
    public func purge() {
        statistics.purges += 1
        statistics.purgedControllers += count
        indexOfIdentifier.removeAll()
        registrations.removeAll()
    }

    /// Controllers registered under `reuseIdentifier`, in registration order.
    public func controllers(reuseIdentifier: String) -> [ViewController] {
        indexOfIdentifier[reuseIdentifier].map { registrations[$0].owned } ?? []
    }

    /// Controllers registered, over all identifiers.
    public var count: Int {
        registrations.reduce(0) { $0 + $1.owned.count }
    }

    /// Zeroes the statistics; the registered controllers stay.
    public func resetStatistics() {
        statistics = Statistics()
    }
}
