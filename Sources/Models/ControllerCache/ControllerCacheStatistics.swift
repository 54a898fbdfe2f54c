/// What a ``ControllerCache`` has done since it was made or last reset. Deterministic: the same
/// sequence of calls gives the same numbers.
public struct ControllerCacheStatistics: Equatable, Sendable {
    /// Calls to `controller(for:)`.
    public var requests = 0
    /// Requests answered with a cached, unused instance.
    public var hits = 0
    /// Requests answered by instantiating a new controller.
    public var instantiations = 0
    /// `willBeReused` calls made (one per hit).
    public var willBeReusedCalls = 0
    /// Type entries the store evicted.
    public var evictions = 0
    /// Controllers that left the cache through eviction (unused ones, and in-use ones under `drop`).
    public var evictedControllers = 0
    /// Instantiations that re-made a controller the cache had let go (evicted, dropped, shed
    /// under memory pressure): each consumes one let-go controller of its type.
    public var recreations = 0
    /// In-use controllers the store evicted and the cache lost (`drop`).
    public var inUseDropped = 0
    /// In-use controllers re-added by repopulation (`repopulate`).
    public var repopulations = 0
    /// Times a queued repopulation ran.
    public var repopulationRuns = 0
    /// Entries the store kept because a controller in them was in use (`pin`).
    public var pinnedRefusals = 0
    /// Controllers removed by `removeController`, `removeInstances(of:)` or `removeAll`, pending
    /// repopulations included.
    public var manualRemovals = 0
    /// Memory-pressure notifications handled.
    public var memoryPressureEvents = 0
    /// In-use controllers found in entries the store evicted (under any in-use mode), counted
    /// per condition that held; one controller counts under each of its conditions.
    public var inUseBySuperview = 0
    /// See ``inUseBySuperview``: the controller had a parent view controller.
    public var inUseByParent = 0
    /// See ``inUseBySuperview``: the controller had a presenting view controller.
    public var inUseByPresenting = 0
    /// See ``inUseBySuperview``: the controller had a navigation controller.
    public var inUseByNavigation = 0

    public init() {}

    /// Counts a hit and its `willBeReused` call in one access.
    mutating func recordHit() {
        hits += 1
        willBeReusedCalls += 1
    }

    /// Counts the conditions under which an evicted entry's controller was in use.
    mutating func recordInUse(_ conditions: InUseConditions) {
        if conditions.contains(.viewInSuperview) { inUseBySuperview += 1 }
        if conditions.contains(.hasParent) { inUseByParent += 1 }
        if conditions.contains(.hasPresentingController) { inUseByPresenting += 1 }
        if conditions.contains(.hasNavigationController) { inUseByNavigation += 1 }
    }

    /// Hits over requests; 0 when there were none.
    public var hitRate: Double { requests == 0 ? 0 : Double(hits) / Double(requests) }
}
