/// One read a ``ReaderWriterStore`` runs through its ``StoreDesign``: the inputs, the state to read
/// and a place for the result, with the code that fills it in.
public protocol StoreRead {
    /// Reads copy `copy` of the state into the result. Called with shared access to that copy held.
    mutating func run(copy: Int)
}

extension StoreRead {
    /// Runs the read at `pointer` (a `Self`): a C-callable entry, reached through an existential
    /// metatype, for designs that hand the read to a C function.
    /// - Complexity: as ``run(copy:)``.
    static func run(at pointer: UnsafeMutableRawPointer, copy: Int) {
        pointer.assumingMemoryBound(to: Self.self).pointee.run(copy: copy)
    }
}

/// The value for one key: `store[key]`.
@usableFromInline
struct StoreItemLookup<Key: Hashable & Sendable, Value: Sendable>: StoreRead {
    @usableFromInline let states: StoreStateCopies<Key, Value>
    @usableFromInline let key: UnsafePointer<Key>
    @usableFromInline var value: Value?

    @inlinable
    init(states: StoreStateCopies<Key, Value>, key: UnsafePointer<Key>) {
        self.states = states
        self.key = key
        value = nil
    }

    /// - Complexity: O(1) average.
    @inlinable
    mutating func run(copy: Int) {
        value = states[copy].items[key.pointee]
    }
}

/// A copy of the whole state (copy on write: the dictionaries are shared, not copied).
struct StoreStateSnapshot<Key: Hashable & Sendable, Value: Sendable>: StoreRead {
    let states: StoreStateCopies<Key, Value>
    private(set) var snapshot = StoreState<Key, Value>()

    init(states: StoreStateCopies<Key, Value>) {
        self.states = states
    }

    /// - Complexity: O(1)
    mutating func run(copy: Int) {
        snapshot = states[copy]
    }
}
