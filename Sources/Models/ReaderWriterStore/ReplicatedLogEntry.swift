import Synchronization

/// The part of a ``ReplicatedDesign`` log entry the design reads without knowing the store's
/// types: the log index it holds, plus one (0 until first published).
@usableFromInline
class ReplicatedLogSlot: StoreWrite, @unchecked Sendable {
    /// The log index this entry holds, plus one: a releasing store publishes the entry's key and
    /// value (written just before it, on the same line), an acquiring load reads them.
    @usableFromInline let sequence: Atomic<Int>

    @inlinable
    init(sequence: Int) {
        self.sequence = Atomic(sequence)
    }
}

/// One `set` in a ``ReplicatedDesign``'s log: the key and the value (nil removes). The log keeps
/// one entry object per ring position for the store's life and the store's `set` refills it, so a
/// logged `set` allocates nothing once every position has been used.
@usableFromInline
final class ReplicatedLogEntry<Key: Hashable & Sendable, Value: Sendable>: ReplicatedLogSlot, @unchecked Sendable {
    /// The store's copies of its state.
    @usableFromInline let states: StoreStateCopies<Key, Value>
    @exclusivity(unchecked) @usableFromInline var key: Key
    @exclusivity(unchecked) @usableFromInline var value: Value?
    /// ``replay(copy:)`` as the store's inlined `set` that made the entry specialised it: what
    /// ``apply(copy:)`` calls, so that the design's own replays are specialised too.
    @usableFromInline let replayer: (ReplicatedLogEntry, Int) -> Void

    /// A new entry, published under log index `sequence - 1` (the caller then publishes its
    /// address in the ring).
    @inlinable
    init(key: Key, value: Value?, states: StoreStateCopies<Key, Value>, sequence: Int) {
        self.key = key
        self.value = value
        self.states = states
        replayer = { entry, copy in entry.replay(copy: copy) }
        super.init(sequence: sequence)
    }

    /// Sets (or removes) the key in copy `copy`: inlinable, so that the store's read path replays
    /// the entry specialised for its key and value types (unspecialised, the type metadata
    /// lookups cost several times the dictionary store).
    /// - Complexity: O(1) amortised.
    @inlinable
    func replay(copy: Int) {
        states[copy].set(value, forKey: key)
    }

    /// ``replay(copy:)``, through ``replayer``: for the design's own replays (barriers, and a
    /// replica that lags a whole ring).
    /// - Complexity: O(1) amortised.
    override func apply(copy: Int) {
        replayer(self, copy)
    }
}
