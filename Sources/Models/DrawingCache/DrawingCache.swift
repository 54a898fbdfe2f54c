import Foundation

/// EGOUICache: caches the output of expensive drawing routines as images, keyed by who draws, how,
/// at what size and for what content.
///
/// `cachedDrawing` builds the key `EGOUI-<type name>-<selector>-<width>x<height>-<salt>` (see
/// ``DrawingKey``): the drawer's type, not the instance; the rect's size with two decimals, not its
/// origin. A hit returns the stored image. Otherwise the routine runs with the rect moved to the
/// origin (0, 0), and what it returns is stored with an expiry date `timeoutInterval` seconds after
/// it finished, then returned. An entry found past its date is removed and redrawn.
///
/// - Timeout: one setting per cache, default one week, sticky across calls until set again. A call
///   reads it when it stores the drawing, after the routine ran, so it may be set before the call or
///   inside the routine ("prior to, or within" the drawing, as EGOUICache documents). Nested drawings
///   share the setting: an inner routine's change reaches the outer drawing too.
/// - Cancel: ``cancel()`` marks a cancel pending. The next routine to *finish* (for nested drawings,
///   normally the innermost) consumes it: that call returns nil and stores nothing. A cache hit runs no
///   routine, so it leaves a pending cancel alone; a refused call (no salt) does too.
///
/// The clock is injected (seconds; wall-clock time by default), so expiry can run on virtual time.
/// A cache is used from one thread, like UIKit drawing; only its disk tier works in the background.
public final class DrawingCache {
    /// The default timeout: one week.
    public static let defaultTimeoutInterval = CacheTimeout.oneWeek

    /// Seconds a drawing stays valid after it is stored; sticky across calls. Negative or NaN
    /// values count as 0 (stored already expired); infinity as the largest finite number.
    @exclusivity(unchecked) public var timeoutInterval: Double = DrawingCache.defaultTimeoutInterval {
        didSet {
            if timeoutInterval.isNaN || timeoutInterval < 0 { timeoutInterval = 0 }
            if timeoutInterval.isInfinite { timeoutInterval = .greatestFiniteMagnitude }
        }
    }

    /// The tiers.
    public let store: DrawingStore
    /// The current time, in seconds.
    public let clock: () -> Double
    /// How the last finished request was answered.
    @exclusivity(unchecked) public private(set) var lastOutcome: DrawingOutcome?
    /// Whether a cancel is waiting for the next routine to finish.
    @exclusivity(unchecked) public private(set) var isCancelPending = false

    @exclusivity(unchecked) private var counters = DrawingCacheStatistics()

    /// The wall clock: seconds since 1970.
    public static let wallClock: () -> Double = { Date().timeIntervalSince1970 }

    /// Creates a cache over a store with `policy`; a disk tier is opened and cleaned at `clock()`.
    /// - Parameters:
    ///   - policy: the tiers and the memory tier's eviction policy.
    ///   - seed: feeds the `random` eviction policy.
    ///   - parameters: tune the eviction policies that have them (both tiers).
    ///   - clock: the time in seconds that timeouts are measured against (``wallClock`` by default).
    ///   - runLoop: if given, its memory-pressure notifications reach ``handleMemoryPressure(_:)``.
    ///   - memoryEviction: the memory tier's policy object, replacing the one `policy` names.
    /// - Throws: ``DrawingCacheError/directoryUnusable(path:reason:)``.
    public init(
        policy: DrawingStorePolicy = .memory(policy: PolicyRegistry.defaultPolicy, capacityBytes: 0), seed: UInt64 = 1,
        parameters: PolicyParameters = PolicyParameters(),
        runLoop: RunLoop? = nil, memoryEviction: (any EvictionPolicy)? = nil,
        clock: @escaping () -> Double = DrawingCache.wallClock
    ) throws {
        self.clock = clock
        store = try DrawingStore(
            policy: policy, seed: seed, parameters: parameters, now: clock(), memoryEviction: memoryEviction)
        runLoop?.addMemoryPressureObserver { [weak self] level in self?.handleMemoryPressure(level) }
    }

    // MARK: Drawing

    /// The cached drawing of `selector` by a drawer of type `typeName` in `rect` for `salt`: the
    /// stored image, or what `draw` returns (stored unless cancelled or nil).
    /// - Parameters:
    ///   - rect: where the drawing goes; its size is part of the key.
    ///   - salt: what the drawing depends on besides its size (as the original's salt string);
    ///     nil is refused.
    ///   - typeName: the drawer's type, part of the key.
    ///   - selector: the drawing routine's name, part of the key.
    ///   - timeoutInterval: this call's timeout, overriding (not changing) the sticky setting, as
    ///     `EGOUICachedDrawingWithTimeoutInterval`.
    ///   - recreationCost: what the drawing costs to draw again (stated device time), for a
    ///     cost-aware memory tier policy (`gdsf`, `greedy-dual`); nil: 1.
    ///   - draw: the "fresh" routine; it receives the rect at the origin (0, 0).
    /// - Returns: the image, or nil when the drawing was cancelled or the routine returned nil.
    /// - Throws: ``DrawingCacheError/missingSalt(typeName:selector:)`` when `salt` is nil,
    ///   ``DrawingCacheError/invalidSize(width:height:)`` for an empty rect; nothing runs then.
    /// - Complexity: a hit is O(key length) plus O(1) (memory) or O(file size) (disk); a miss adds the
    ///   routine and, with a disk tier, a PNG encoding.
    public func cachedDrawing(
        typeName: String, selector: String, rect: Rect, salt: String?, timeoutInterval: Double? = nil,
        recreationCost: Double? = nil, draw: (Rect) -> Bitmap?
    ) throws -> DrawnImage? {
        let key = try DrawingKey.text(typeName: typeName, selector: selector, rect: rect, salt: salt)
        counters.requests += 1
        guard let requestLog else {
            return resolve(key: key, rect: rect, timeoutInterval: timeoutInterval, recreationCost: recreationCost, draw: draw)
        }
        let index = requestLog.record(key, size: 0, time: clock())
        let image = resolve(key: key, rect: rect, timeoutInterval: timeoutInterval, recreationCost: recreationCost, draw: draw)
        requestLog.setSize(image?.byteCount ?? 0, ofRequest: index)
        return image
    }

    /// Logs every request (key, bytes of the image, time on ``clock``) when set: the memory tier's
    /// request stream. A request that stores nothing (cancelled, nothing drawn) logs size 0.
    @exclusivity(unchecked) public var requestLog: CacheRequestLog?

    /// The stored image for `key`, or the drawing `draw` makes (stored unless cancelled or nil).
    private func resolve(
        key: String, rect: Rect, timeoutInterval: Double?, recreationCost: Double?, draw: (Rect) -> Bitmap?
    ) -> DrawnImage? {
        switch store.image(forKey: key, now: clock(), recreationCost: recreationCost) {
        case .memoryHit(let image):
            counters.memoryHits += 1
            lastOutcome = .memoryHit
            return image
        case .diskHit(let image):
            counters.diskHits += 1
            lastOutcome = .diskHit
            return image
        case .expired: counters.expirations += 1
        case .invalidEntry: counters.invalidEntries += 1
        case .miss: break
        }
        counters.misses += 1
        let drawn = draw(Rect(x: 0, y: 0, width: rect.width, height: rect.height))
        if isCancelPending {
            isCancelPending = false
            counters.cancels += 1
            lastOutcome = .cancelled
            return nil
        }
        guard let bitmap = drawn else {
            counters.nilDrawings += 1
            lastOutcome = .nothingDrawn
            return nil
        }
        let image = DrawnImage(key: key, bitmap: bitmap)
        let timeout = timeoutInterval ?? self.timeoutInterval
        store.setImage(image, forKey: key, expiresAt: expiry(after: timeout), recreationCost: recreationCost)
        counters.stores += 1
        lastOutcome = .drawn
        return image
    }

    /// ``cachedDrawing(typeName:selector:rect:salt:timeoutInterval:recreationCost:draw:)`` for a drawer type.
    public func cachedDrawing(
        target: Any.Type, selector: String, rect: Rect, salt: String?, timeoutInterval: Double? = nil,
        draw: (Rect) -> Bitmap?
    ) throws -> DrawnImage? {
        try cachedDrawing(
            typeName: DrawingKey.typeName(of: target), selector: selector, rect: rect, salt: salt,
            timeoutInterval: timeoutInterval, draw: draw)
    }

    /// ``cachedDrawing(typeName:selector:rect:salt:timeoutInterval:recreationCost:draw:)`` for a drawer instance:
    /// the key uses its dynamic type, so all instances of a type share entries.
    public func cachedDrawing<Drawer: AnyObject>(
        for drawer: Drawer, selector: String, rect: Rect, salt: String?, timeoutInterval: Double? = nil,
        draw: (Rect) -> Bitmap?
    ) throws -> DrawnImage? {
        try cachedDrawing(
            target: type(of: drawer), selector: selector, rect: rect, salt: salt, timeoutInterval: timeoutInterval,
            draw: draw)
    }

    /// `EGOUICacheCancel`: the drawing whose routine finishes next returns nil and stores nothing.
    /// Calling it twice before a routine finishes still cancels one drawing.
    public func cancel() { isCancelPending = true }

    private func expiry(after timeout: Double) -> Double {
        let expiry = clock() + max(0, timeout)
        return expiry.isFinite ? expiry : .greatestFiniteMagnitude
    }

    // MARK: Timeout conveniences

    /// `EGOUICacheSetCacheTimeoutOneHour`: 3,600 s.
    public func setTimeoutOneHour() { timeoutInterval = CacheTimeout.oneHour }
    /// `EGOUICacheSetCacheTimeoutOneDay`: 86,400 s.
    public func setTimeoutOneDay() { timeoutInterval = CacheTimeout.oneDay }
    /// `EGOUICacheSetCacheTimeoutOneWeek`: 604,800 s.
    public func setTimeoutOneWeek() { timeoutInterval = CacheTimeout.oneWeek }
    /// `EGOUICacheSetCacheTimeoutOneMonth`: 2,629,743.83 s.
    public func setTimeoutOneMonth() { timeoutInterval = CacheTimeout.oneMonth }
    /// `EGOUICacheSetCacheTimeoutOneYear`: 31,556,926 s.
    public func setTimeoutOneYear() { timeoutInterval = CacheTimeout.oneYear }

    // MARK: Memory and disk

    /// Passes memory pressure to the store: a `warning` empties the memory tier, the disk tier stays.
    public func handleMemoryPressure(_ level: MemoryPressureLevel) {
        counters.memoryPressureEvents += 1
        store.handleMemoryPressure(level)
    }

    /// Blocks until queued disk writes have finished.
    public func waitForPendingWrites() { store.waitForPendingWrites() }

    // MARK: Statistics

    /// The counters, with what the tiers hold now.
    public var statistics: DrawingCacheStatistics {
        var snapshot = counters
        snapshot.memoryEvictions = store.memoryEvictions
        snapshot.diskEvictions = store.diskEvictions
        snapshot.memoryBytes = store.memoryBytes
        snapshot.memoryEntries = store.memoryCount
        snapshot.diskBytes = store.diskBytes
        snapshot.diskEntries = store.diskCount
        snapshot.diskWriteFailures = store.diskWriteFailures
        return snapshot
    }

    /// Zeroes the counters (the end of a warm-up); the contents stay.
    public func resetStatistics() { counters = DrawingCacheStatistics() }

    /// The first broken invariant, or nil: the store's, and hits plus misses adding up to requests.
    package func invariantViolation() -> String? {
        if counters.memoryHits + counters.diskHits + counters.misses != counters.requests {
            return "hits and misses do not add up to requests"
        }
        return store.invariantViolation()
    }
}
