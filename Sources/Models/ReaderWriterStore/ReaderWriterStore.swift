import Dispatch
import Foundation

/// YMCache's `YMMemoryCache`: a thread-safe dictionary with reader-writer ordering, bulk
/// operations, eviction by a decider, coalesced change notifications and persistence, over a
/// choice of synchronisation designs (``StoreDesignName``).
///
/// Access rules, the same in every design:
/// - Reads (`store[key]`, ``allItems()``, ``count``) run synchronously on the caller's thread,
///   concurrently with each other (except in the `mutex` design).
/// - Writes are serialised. A read that starts after a write has returned sees it. In
///   `gcd-barrier` (the seed) `set` and ``addEntries(_:)`` return once enqueued as barrier blocks
///   and a later read waits behind them; the other designs write before returning.
///   ``remove(keys:)``, ``removeAll()`` and the loader are synchronous by default (the seed's
///   code) and asynchronous with ``StoreWriteMode/asynchronous`` (the seed's document): see
///   ``writes``.
/// - Each bulk call (``addEntries(_:)``, ``remove(keys:)``, ``removeAll()``, ``allItems()``,
///   ``load(from:)``) is one operation: no reader sees part of it.
/// - A decider or loader must not call the store; such a call is refused and the operation that
///   ran the callback throws ``ReaderWriterStoreError/reentrantCall(operation:)``.
///
/// ```swift
/// let store = ReaderWriterStore<String, Int>(design: .bigReader)
/// store["a"] = 1
/// store.addEntries(["b": 2, "c": 3])
/// store["a"]  // 1
/// store.notificationInterval = 0.5
/// store.addObserver { change in print(change.updated, change.removed) }
/// ```
public final class ReaderWriterStore<Key: Hashable & Sendable & Codable, Value: Sendable & Codable>: @unchecked Sendable {
    /// Decides whether to evict an item: true evicts. Called by ``purge(context:)`` on the
    /// caller's thread with the caller's context, and by the eviction timer on a background thread
    /// with nil.
    public typealias EvictionDecider = @Sendable (_ key: Key, _ value: Value, _ context: Any?) -> Bool

    /// The built-in design this store runs on; `nil` for a registered one (``designName``).
    public let design: StoreDesignName?

    /// The name of the design this store runs on, built-in or registered.
    public let designName: PolicyName

    /// The store's name (YMCache's `memoryCacheWithName:`), nil if it has none; the seed's
    /// design labels its queue with it.
    public let name: String?

    /// Whether ``remove(keys:)``, ``removeAll()`` and the loader are synchronous (the default) or
    /// asynchronous, as `set` is.
    public let writes: StoreWriteMode

    /// The synchronisation: `states` is touched only inside its bodies.
    @usableFromInline let storage: any StoreDesign
    /// The design's copies of the state (``StoreDesign/copies``: two in `left-right`), on the heap,
    /// so that a body passed to `storage` reaches them without copying them; each on its own
    /// cache lines (``StoreStateCopies``).
    @usableFromInline let states: StoreStateCopies<Key, Value>
    /// `left-right`'s read path, when that is the design: inlined in the caller, with no call
    /// through the existential and no reference counting.
    @usableFromInline let leftRightReads: LeftRightReadSide?
    /// `replicated`'s read path and logged `set`, when that is the design, with the design
    /// unretained (`storage` holds it).
    @usableFromInline let replicatedReads: (side: ReplicatedReadSide, design: Unmanaged<ReplicatedDesign>)?
    /// `optimistic`'s read path, when that is the design and the key and value types are plain
    /// data: seqlock reads of the table the state keeps beside its items.
    @usableFromInline let optimisticReads: StoreOptimisticReadSide<Key, Value>?
    /// Recycled asynchronous `set`s, for designs whose writes are asynchronous.
    @usableFromInline let setWrites: StoreSetWritePool<Key, Value>
    let evictionDecider: EvictionDecider?
    let serializer: any StoreSerializer<Key, Value>
    @usableFromInline let reentrancy = StoreReentrancyGuard()
    let settings: StoreLockedValue<StoreSettings<Key, Value>>
    /// Serial: notifications are taken and delivered here, in order.
    let notificationQueue = DispatchQueue(label: "workbench.reader-writer-store.notifications")
    /// Marks `notificationQueue`, so that a flush from an observer does not wait for itself.
    let notificationQueueKey = DispatchSpecificKey<Bool>()
    /// Serial: timer purges and periodic saves run here.
    let timerQueue = DispatchQueue(label: "workbench.reader-writer-store.timers", qos: .utility)

    /// Creates an empty store.
    /// - Parameters:
    ///   - name: the store's name; `gcd-barrier`'s queue label ends with it, as the seed's does.
    ///   - design: the synchronisation design.
    ///   - serializer: the file format for ``save(to:)`` and ``load(from:)``.
    ///   - evictionDecider: which items ``purge(context:)`` evicts. With a decider,
    ///     ``evictionInterval`` starts at 600 s; without one, purging does nothing.
    ///   - writes: whether removals and the loader are synchronous (the seed's code) or
    ///     asynchronous (its document).
    /// - Complexity: O(1), plus O(*s*) slot locks for `big-reader`.
    public convenience init(
        name: String? = nil,
        design: StoreDesignName = .gcdBarrier,
        serializer: any StoreSerializer<Key, Value> = JSONStoreSerializer<Key, Value>(),
        evictionDecider: EvictionDecider? = nil,
        writes: StoreWriteMode = .synchronous
    ) {
        self.init(
            name: name, design: design, designName: PolicyName(design.rawValue), storage: design.makeDesign(name: name),
            serializer: serializer, evictionDecider: evictionDecider, writes: writes)
    }

    /// Creates an empty store on a design registered by name (``StoreDesignRegistry``), or on the
    /// built-in design of that name; `nil` if neither has the name. Parameters as
    /// ``init(name:design:serializer:evictionDecider:writes:)``.
    public convenience init?(
        name: String? = nil,
        designNamed designName: PolicyName,
        serializer: any StoreSerializer<Key, Value> = JSONStoreSerializer<Key, Value>(),
        evictionDecider: EvictionDecider? = nil,
        writes: StoreWriteMode = .synchronous
    ) {
        if let builtIn = StoreDesignName(rawValue: designName.rawValue) {
            self.init(name: name, design: builtIn, serializer: serializer, evictionDecider: evictionDecider, writes: writes)
        } else if let registered = StoreDesignRegistry.descriptor(named: designName) {
            self.init(
                name: name, design: nil, designName: designName, storage: registered.make(),
                serializer: serializer, evictionDecider: evictionDecider, writes: writes)
        } else {
            return nil
        }
    }

    private init(
        name: String?, design: StoreDesignName?, designName: PolicyName, storage: any StoreDesign,
        serializer: any StoreSerializer<Key, Value>, evictionDecider: EvictionDecider?, writes: StoreWriteMode
    ) {
        self.name = name
        self.design = design
        self.designName = designName
        self.writes = writes
        self.storage = storage
        leftRightReads = (storage as? LeftRightDesign)?.readSide
        replicatedReads = (storage as? ReplicatedDesign).map { ($0.readSide, Unmanaged.passUnretained($0)) }
        states = StoreStateCopies(count: storage.copies)
        if let optimistic = storage as? OptimisticDesign, StoreOptimisticReadSide<Key, Value>.isEligible {
            optimistic.useTable()
            let index = StoreOptimisticIndex<Key, Value>()
            states[0].index = index
            optimisticReads = index.readSide
        } else {
            optimisticReads = nil
        }
        setWrites = StoreSetWritePool(states: states)
        self.serializer = serializer
        self.evictionDecider = evictionDecider
        settings = StoreLockedValue(StoreSettings())
        notificationQueue.setSpecific(key: notificationQueueKey, value: true)
        if evictionDecider != nil { evictionInterval = Self.defaultEvictionInterval }
    }

    deinit {
        settings.withLock { $0.cancelTimers() }
        states.deallocate()
    }

    // MARK: Reads and writes

    /// The value for `key`, or nil. Setting a value replaces the key's value; setting nil removes
    /// the key (nothing happens, and nothing is reported, if it is absent).
    ///
    /// The getter runs on the caller's thread, concurrently with other reads, and sees every write
    /// that returned before it started. The setter is one write: asynchronous in `gcd-barrier`
    /// (it returns once enqueued), synchronous elsewhere (applied to both copies in
    /// `left-right`; in `replicated` appended to the log, which every replica replays before its
    /// next read).
    /// - Complexity: O(1) average. Neither allocates (for values that need no allocation to
    ///   copy, and once the dictionary has grown): the asynchronous setter reuses a finished
    ///   write object.
    public subscript(key: Key) -> Value? {
        @inlinable get {
            if reentrancy.isReentrant("subscript get") { return nil }
            return lookUp(key)
        }
        @inlinable set {
            if reentrancy.isReentrant("subscript set") { return }
            if let replicatedReads {
                replicatedReads.side.append(newValue, forKey: key, states: states, design: replicatedReads.design)
            } else if storage.writesAsynchronously {
                storage.enqueueWrite(setWrites.take(newValue, forKey: key, owner: self))
            } else {
                // Inlinable with StoreState.set, like the read path: the write's body is then
                // specialised in the client for its key and value types (unspecialised, its type
                // metadata lookups cost more than the two dictionary stores of `left-right`).
                storage.write { copy in states[copy].set(newValue, forKey: key) }
            }
        }
    }

    /// The number of items.
    /// - Complexity: O(1)
    public var count: Int {
        if reentrancy.isReentrant("count") { return 0 }
        return snapshot().items.count
    }

    /// A snapshot of every item, taken in one read.
    /// - Complexity: O(1) (copy on write); the first later write pays O(*n*).
    public func allItems() -> [Key: Value] {
        if reentrancy.isReentrant("allItems()") { return [:] }
        return snapshot().items
    }

    /// Adds or replaces every entry in one write (asynchronous in `gcd-barrier`). Every entry is
    /// reported as updated, even one whose value did not change.
    /// - Complexity: O(*m*) for *m* entries.
    public func addEntries(_ entries: [Key: Value]) {
        if reentrancy.isReentrant("addEntries(_:)") || entries.isEmpty { return }
        storage.enqueueWrite(StoreClosureWrite { copy in self.states[copy].add(entries) })
    }

    /// Removes `keys` in one write: synchronous by default; with ``StoreWriteMode/asynchronous``
    /// written as `set` is (in `gcd-barrier` it returns once enqueued). Only keys that existed
    /// are reported as removed.
    /// - Returns: how many keys existed; nil when the write is asynchronous (and 0 when refused
    ///   from a decider or loader).
    /// - Complexity: O(*m*) for *m* keys.
    @discardableResult
    public func remove(keys: some Sequence<Key>) -> Int? {
        if reentrancy.isReentrant("remove(keys:)") { return 0 }
        let keys = Array(keys)
        if writes == .asynchronous {
            storage.enqueueWrite(StoreClosureWrite { copy in self.states[copy].remove(keys: keys) })
            return nil
        }
        var removed = 0
        storage.write { copy in removed = states[copy].remove(keys: keys) }
        return removed
    }

    /// Removes every item in one write (synchronous by default; with
    /// ``StoreWriteMode/asynchronous`` written as `set` is); every key is reported as removed.
    /// - Complexity: O(*n*) for *n* items.
    public func removeAll() {
        if reentrancy.isReentrant("removeAll()") { return }
        if writes == .asynchronous {
            storage.enqueueWrite(StoreClosureWrite { copy in self.states[copy].removeAll() })
            return
        }
        storage.write { copy in states[copy].removeAll() }
    }

    /// The value for `key`, loading it on a miss.
    ///
    /// On a miss the store takes a synchronous write (a barrier), looks again, and only if the key
    /// is still absent runs `loader` inside it, on the caller's thread: concurrent callers for the
    /// same key load once and the rest see its result. A nil result stores nothing; a value is
    /// stored and reported as updated. With ``StoreWriteMode/asynchronous`` the loader runs on the
    /// caller's thread outside any lock and its value is stored as `set` writes (only if the key is
    /// still absent then); the call returns the loaded value.
    /// - Throws: what `loader` throws (nothing is stored), or
    ///   ``ReaderWriterStoreError/reentrantCall(operation:)`` if it called this store, or if this
    ///   call is itself made from a decider or loader.
    /// - Complexity: O(1) average, plus the loader on a miss (during which all access waits).
    @inlinable
    public func value(forKey key: Key, loader: (Key) throws -> Value?) throws -> Value? {
        if reentrancy.isReentrant("value(forKey:loader:)") {
            throw ReaderWriterStoreError.reentrantCall(operation: "value(forKey:loader:)")
        }
        if let cached = lookUp(key) { return cached }
        return try loadOnMiss(key, loader)
    }

    /// The miss path of ``value(forKey:loader:)``: the barrier, the second look and the load.
    /// The look and the loader run in the write's first body only; a second copy (`left-right`)
    /// gets the same outcome.
    @usableFromInline
    func loadOnMiss(_ key: Key, _ loader: (Key) throws -> Value?) throws -> Value? {
        if writes == .asynchronous {
            guard let loaded = try reentrancy.runCallback({ try loader(key) }) else { return nil }
            storage.enqueueWrite(
                StoreClosureWrite { copy in
                    // The copies are identical between writes: each makes the same choice.
                    if self.states[copy].items[key] == nil { self.states[copy].set(loaded, forKey: key) }
                })
            return loaded
        }
        var outcome: Result<Value?, Error>?
        var loaded: Value?
        storage.write { copy in
            if outcome == nil {
                if let value = states[copy].items[key] {
                    outcome = .success(value)
                    return
                }
                let result = Result { try reentrancy.runCallback { try loader(key) } }
                outcome = result
                if case .success(let value?) = result { loaded = value }
            }
            if let loaded { states[copy].set(loaded, forKey: key) }
        }
        return try outcome?.get() ?? nil
    }

    /// The first broken invariant of the store's state, or nil; for tests. With several copies,
    /// they must also hold the same keys and pending changes.
    /// - Complexity: O(*u* + *r*) for the pending changes; O(*n*) per copy with several.
    package func invariantViolation() -> String? {
        if let violation = snapshot().invariantViolation() { return violation }
        guard storage.copies > 1 else { return nil }
        var violation: String?
        var checked = false
        storage.write { _ in
            guard !checked else { return }
            checked = true
            violation = (1..<storage.copies).lazy.compactMap { self.states[0].differenceInKeys(from: self.states[$0]) }.first
        }
        return violation
    }

    /// Whether `store[key]` is a seqlock read of the `optimistic` design's table (that design,
    /// with plain-data keys and values); for tests.
    package var readsOptimistically: Bool { optimisticReads != nil }

    /// The `optimistic` design's table: its capacity in buckets and how many smaller tables it
    /// replaced (kept until the store goes away); nil without a table. For tests.
    /// - Complexity: O(1)
    package func optimisticTableShape() -> (capacity: Int, retired: Int)? {
        var shape: (capacity: Int, retired: Int)?
        storage.write { copy in
            if let index = states[copy].index { shape = (index.capacity, index.retiredCount) }
        }
        return shape
    }

    /// The value for `key`, in one read. Inlinable, with what it reaches, so that a client's
    /// read path is specialised for its key and value types: unspecialised generic code spends
    /// more time looking up type metadata than reading.
    /// - Complexity: O(1) average; allocates nothing.
    @inlinable
    func lookUp(_ key: Key) -> Value? {
        if let optimisticReads { return optimisticReads.value(forKey: key) }
        if let leftRightReads {
            let ticket = leftRightReads.enter()
            let value = states[ticket.copy].items[key]
            leftRightReads.leave(ticket)
            return value
        }
        if let replicatedReads {
            let slot = replicatedReads.side.enter(states: states, design: replicatedReads.design)
            let value = states[slot].items[key]
            replicatedReads.side.leave(slot: slot)
            return value
        }
        if let ticket = storage.beginRead() {
            let value = states[ticket.copy].items[key]
            storage.endRead(ticket)
            return value
        }
        return withUnsafePointer(to: key) { key in
            var lookup = StoreItemLookup(states: states, key: key)
            storage.read(&lookup)
            return lookup.value
        }
    }

    /// The whole state, in one read.
    /// - Complexity: O(1) (copy on write).
    private func snapshot() -> StoreState<Key, Value> {
        var read = StoreStateSnapshot(states: states)
        storage.read(&read)
        return read.snapshot
    }
}
