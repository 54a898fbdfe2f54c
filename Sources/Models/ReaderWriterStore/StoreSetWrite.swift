import Foundation

/// One `set` waiting in an asynchronous design's queue: the key, the value (nil removes) and the
/// store's copies. Finished writes go back to their ``StoreSetWritePool`` and are reused, so an
/// asynchronous `set` allocates nothing once the pool holds as many as are ever in flight.
@usableFromInline
final class StoreSetWrite<Key: Hashable & Sendable, Value: Sendable>: StoreWrite, @unchecked Sendable {
    private unowned(unsafe) let pool: StoreSetWritePool<Key, Value>
    @exclusivity(unchecked) private var key: Key?
    @exclusivity(unchecked) private var value: Value?
    /// Keeps the store, and so the pool and the copies, alive while the write is queued.
    @exclusivity(unchecked) private var owner: AnyObject?
    /// The next free write in the pool.
    @exclusivity(unchecked) var next: StoreSetWrite?

    init(pool: StoreSetWritePool<Key, Value>) {
        self.pool = pool
    }

    /// Fills the write in before it is queued.
    func prepare(_ value: Value?, forKey key: Key, owner: AnyObject) {
        self.key = key
        self.value = value
        self.owner = owner
    }

    /// Sets (or removes) the key in copy `copy`.
    /// - Complexity: O(1) amortised.
    override func apply(copy: Int) {
        guard let key else { return }
        pool.states[copy].set(value, forKey: key)
    }

    /// Drops the key and value, goes back to the pool, and only then lets go of the store (which
    /// may be its last reference: the store, its pool and this write are then freed).
    override func finish() {
        key = nil
        value = nil
        let owner = owner
        self.owner = nil
        pool.recycle(self)
        withExtendedLifetime(owner) {}
    }
}

/// The free ``StoreSetWrite``s of one store, behind a lock (taken by setters, given back by the
/// queue's worker threads). It keeps at most ``limit`` free writes; a burst beyond that allocates
/// and frees the extra ones.
@usableFromInline
final class StoreSetWritePool<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    /// The most free writes kept.
    static var limit: Int { 1_024 }

    /// The store's copies of its state.
    let states: StoreStateCopies<Key, Value>
    private let lock = NSLock()
    @exclusivity(unchecked) private var free: StoreSetWrite<Key, Value>?
    @exclusivity(unchecked) private var freeCount = 0

    init(states: StoreStateCopies<Key, Value>) {
        self.states = states
    }

    deinit {
        // Unlink iteratively: a long chain released recursively could overflow the stack.
        var next = free
        free = nil
        while let write = next {
            next = write.next
            write.next = nil
        }
    }

    /// A free write filled in with `value` for `key`, or a new one if none is free.
    /// - Complexity: O(1); allocates only when no write is free.
    @usableFromInline
    func take(_ value: Value?, forKey key: Key, owner: AnyObject) -> StoreSetWrite<Key, Value> {
        lock.lock()
        let reused = free
        if let reused {
            free = reused.next
            reused.next = nil
            freeCount -= 1
        }
        lock.unlock()
        let write = reused ?? StoreSetWrite(pool: self)
        write.prepare(value, forKey: key, owner: owner)
        return write
    }

    /// Takes a finished write back, unless the pool is full.
    /// - Complexity: O(1)
    func recycle(_ write: StoreSetWrite<Key, Value>) {
        lock.lock()
        if freeCount < Self.limit {
            write.next = free
            free = write
            freeCount += 1
        }
        lock.unlock()
    }
}
