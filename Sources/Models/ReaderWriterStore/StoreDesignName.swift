/// The synchronisation design behind a ``ReaderWriterStore``, chosen by name (the scenario files'
/// spelling is the raw value).
///
/// Every design gives the same semantics (the same tests run against each); they differ only in
/// what a read and a write cost and how they scale with threads.
public enum StoreDesignName: String, CaseIterable, Sendable {
    /// The seed, YMMemoryCache: a concurrent `DispatchQueue`. Reads are `sync` blocks, `set` and
    /// bulk add are `async` barrier blocks (they return once enqueued; a later read waits for them
    /// behind the barrier), `removeAll`, `remove(keys:)`, the loader and other synchronous writes
    /// are `sync` barriers (`removeAll`, `remove(keys:)` and the loader's store are `async`
    /// barriers too with ``StoreWriteMode/asynchronous``).
    case gcdBarrier = "gcd-barrier"
    /// One `pthread_rwlock_t`, writer-preferring where the platform allows it. Writes are
    /// synchronous.
    case rwlock
    /// One mutex around everything: reads exclude each other too. The baseline that shows what
    /// reader concurrency buys.
    case mutex
    /// A big-reader lock: one cache-line-padded rwlock per reader slot; a reader locks only its
    /// thread's slot, a writer locks every slot in order. Built for read-heavy load; see
    /// ``BigReaderLockDesign``.
    case bigReader = "big-reader"
    /// Left-right: two copies of the state; readers read the live one with only an announcement
    /// in their own reader slot (wait-free, never blocked by a writer); a writer applies each
    /// change to the other copy, makes it live, waits for the old copy's readers to leave and
    /// applies the change again. See ``LeftRightDesign``.
    case leftRight = "left-right"
    /// Replicated: one copy of the state per reader slot; a `set` is appended to an operation
    /// log and returns, waiting for no reader, and each replica replays the log before its next
    /// read (other writes are barriers over every replica). Built for reads that scale with
    /// cores while every thread also writes; see ``ReplicatedDesign``.
    case replicated
    /// Optimistic: for plain-data keys and values, a read is a seqlock read of one bucket of a
    /// hash table kept beside the state (it writes nothing shared and retries if a write ran
    /// meanwhile); writes and other reads take one mutex. See ``OptimisticDesign``.
    case optimistic

    /// Makes an instance of the design for a store named `name`.
    /// - Complexity: O(1), plus O(*s*) reader slots for `big-reader`, `left-right` and
    ///   `replicated`.
    package func makeDesign(name: String? = nil) -> any StoreDesign {
        switch self {
        case .gcdBarrier: return GCDBarrierDesign(label: GCDBarrierDesign.label(name: name))
        case .rwlock: return RWLockDesign()
        case .mutex: return MutexDesign()
        case .bigReader: return BigReaderLockDesign()
        case .leftRight: return LeftRightDesign()
        case .replicated: return ReplicatedDesign()
        case .optimistic: return OptimisticDesign()
        }
    }
}
