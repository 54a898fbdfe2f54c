/// One read a ``ReaderWriterStore`` runs through its ``StoreDesign``: the inputs, the state to read
/// and a place for the result, with the code that fills it in.
@usableFromInline
package protocol StoreRead {
    /// Reads the state into the result. Called with shared access held.
    mutating func run()
}

extension StoreRead {
    /// Runs the read at `pointer` (a `Self`): a C-callable entry, reached through an existential
    /// metatype, for designs that hand the read to a C function.
    /// - Complexity: as ``run()``.
    static func run(at pointer: UnsafeMutableRawPointer) {
        pointer.assumingMemoryBound(to: Self.self).pointee.run()
    }
}

/// The value for one key: `store[key]`.
@usableFromInline
struct StoreItemLookup<Key: Hashable & Sendable, Value: Sendable>: StoreRead {
    @usableFromInline let state: UnsafeMutablePointer<StoreState<Key, Value>>
    @usableFromInline let key: UnsafePointer<Key>
    @usableFromInline var value: Value?

    @inlinable
    init(state: UnsafeMutablePointer<StoreState<Key, Value>>, key: UnsafePointer<Key>) {
        self.state = state
        self.key = key
        value = nil
    }

    /// - Complexity: O(1) average.
    @inlinable
    mutating func run() {
        value = state.pointee.items[key.pointee]
    }
}

/// A copy of the whole state (copy on write: the dictionaries are shared, not copied).
struct StoreStateSnapshot<Key: Hashable & Sendable, Value: Sendable>: StoreRead {
    let state: UnsafeMutablePointer<StoreState<Key, Value>>
    private(set) var snapshot = StoreState<Key, Value>()

    init(state: UnsafeMutablePointer<StoreState<Key, Value>>) {
        self.state = state
    }

    /// - Complexity: O(1)
    mutating func run() {
        snapshot = state.pointee
    }
}
