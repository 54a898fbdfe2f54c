/// What a ``ViewModel`` has done since it was made or last reset. Deterministic: the same sequence
/// of calls gives the same numbers.
public struct ViewModelStatistics: Equatable, Sendable {
    /// Intents carried out (forward ones, backs and rewinds); refused intents are not counted.
    public var intents = 0
    /// Backs (`SECTION_LAST`) carried out.
    public var backs = 0
    /// Rewinds carried out.
    public var rewinds = 0
    /// Backs and rewinds refused (history disabled or too short).
    public var failedBacks = 0
    /// Controllers the view model created through the factory (cache misses plus view refreshes).
    public var creations = 0
    /// `onCreate()` calls made.
    public var onCreateCalls = 0
    /// `onResume(_:)` calls made.
    public var onResumeCalls = 0
    /// `onPause(_:)` calls made.
    public var onPauseCalls = 0
    /// Section and view look-ups the view cache answered.
    public var cacheHits = 0
    /// Section and view look-ups the view cache could not answer (the controller was created).
    public var cacheMisses = 0
    /// Fresh view instances made because an intent named the current section and view.
    public var viewRefreshes = 0
    /// Errors shown on the error screen (``ViewModel/showError(title:description:)``).
    public var errorsShown = 0
    /// Controllers the view cache lost to eviction: capacity, memory pressure (a `forever`
    /// cache's memory warning evicts everything). Not `clearViewCache()`.
    public var evictions = 0
    /// Evicted on-screen controllers re-added on the next tick (`repopulate`).
    public var repopulations = 0
    /// Evicted controllers that were on screen and are lost to the cache (`drop`, or a `forever`
    /// cache's memory warning).
    public var inUseDropped = 0
    /// Evictions refused because the controller was on screen (`pin`).
    public var pinnedRefusals = 0
    /// Memory-pressure notifications handled.
    public var memoryPressureEvents = 0
    /// `clearViewCache()` calls plus memory warnings received by a caching view cache.
    public var cacheFlushes = 0

    public init() {}

    /// Hits over look-ups; 0 when there were none.
    public var hitRate: Double {
        let lookups = cacheHits + cacheMisses
        return lookups == 0 ? 0 : Double(cacheHits) / Double(lookups)
    }
}
