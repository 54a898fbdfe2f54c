/// A ``ReaderWriterStore``'s copies of its state (``StoreDesign/copies``), each at the start of its
/// own 128-byte block (two cache lines, against adjacent-line prefetch).
///
/// Why not a plain array of ``StoreState``: a state is 32 bytes, so two copies packed together
/// share a cache line, and a write to one copy stores its dictionaries' storage references back
/// into that line (Swift's in-place dictionary mutation writes the reference back even when it is
/// unchanged). In `replicated`, where every reader thread replays each `set` into its own copy,
/// and in `left-right`, where the writer writes one copy while readers read the other, each such
/// write would then cost every other core's next read a cache miss on a line it never writes.
///
/// Indexed as the pointer it replaces: `states[copy]` is addressed in place, never copied.
@usableFromInline
struct StoreStateCopies<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    /// Bytes between two copies: ``StoreState``'s stride rounded up to a multiple of 128.
    @inlinable static var stride: Int {
        let blocks = (MemoryLayout<StoreState<Key, Value>>.stride + 127) / 128
        return max(1, blocks) &* 128
    }

    /// The first copy's address, 128-byte aligned.
    @usableFromInline let base: UnsafeMutableRawPointer
    /// The number of copies.
    @usableFromInline let count: Int

    /// `count` empty states.
    /// - Complexity: O(*count*)
    init(count: Int) {
        self.count = count
        base = .allocate(byteCount: max(1, count) * Self.stride, alignment: 128)
        for copy in 0..<count {
            (base + copy * Self.stride).bindMemory(to: StoreState<Key, Value>.self, capacity: 1).initialize(to: StoreState())
        }
    }

    /// Copy `copy`, addressed in place.
    @inlinable
    subscript(copy: Int) -> StoreState<Key, Value> {
        unsafeAddress {
            UnsafePointer((base + copy &* Self.stride).assumingMemoryBound(to: StoreState<Key, Value>.self))
        }
        nonmutating unsafeMutableAddress {
            (base + copy &* Self.stride).assumingMemoryBound(to: StoreState<Key, Value>.self)
        }
    }

    /// Deinitialises every copy and frees the memory; the value must not be used after.
    /// - Complexity: O(*count*) plus the states' release.
    func deallocate() {
        for copy in 0..<count {
            (base + copy * Self.stride).assumingMemoryBound(to: StoreState<Key, Value>.self).deinitialize(count: 1)
        }
        base.deallocate()
    }
}
