#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Optimistic reads: for a store whose keys and values are plain data
/// (``StoreOptimisticReadSide/isEligible``), `store[key]` reads a hash table kept beside the
/// state, whose buckets each carry a sequence number (a seqlock per bucket,
/// ``StoreOptimisticIndex``). The read loads the number, the key and value, and the number again,
/// retries if a write ran in between, and writes nothing shared: readers on different cores pass
/// a line back and forth only when a write changed it.
///
/// Writes take one adaptive mutex (a waiter spins a little before it sleeps: a contended plain
/// mutex sends the two writers of a two-core run to sleep on a futex at every other `set`); a write
/// updates the state and the table's bucket under it and returns when both are done. Every other
/// read (``ReaderWriterStore/count``, ``ReaderWriterStore/allItems()``) takes the same mutex, an
/// O(1) copy of the state. A store whose key or value is not plain data keeps no table: its reads,
/// `store[key]` included, take a writer-preferring read-write lock shared, and its writes take it
/// exclusively, as `rwlock` does.
final class OptimisticDesign: StoreDesign, @unchecked Sendable {
    /// Writes' lock once the store keeps a table; on the heap: a pthread lock must not move.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Reads' and writes' lock while it does not.
    private let rwlock: UnsafeMutablePointer<pthread_rwlock_t>
    /// Whether the store reads its table (``useTable()``): set once, before the store is shared.
    @exclusivity(unchecked) private var hasTable = false

    init() {
        mutex = StorePThreads.makeMutex(adaptive: true)
        rwlock = .allocate(capacity: 1)
        StorePThreads.initialize(rwlock)
    }

    deinit {
        StorePThreads.destroy(mutex)
        pthread_rwlock_destroy(rwlock)
        rwlock.deallocate()
    }

    /// Called by the store, before it is shared, when its keys and values are plain data and it
    /// keeps the table: writes and the other reads then take the mutex.
    func useTable() {
        hasTable = true
    }

    /// Takes the lock for a read that is not a seqlock read: the mutex with a table, else the
    /// read-write lock shared.
    /// - Complexity: O(1)
    @inline(__always)
    func beginRead() -> StoreReadTicket? {
        if hasTable {
            pthread_mutex_lock(mutex)
        } else {
            pthread_rwlock_rdlock(rwlock)
        }
        return StoreReadTicket(copy: 0, token: 0)
    }

    /// - Complexity: O(1)
    @inline(__always)
    func endRead(_ ticket: StoreReadTicket) {
        if hasTable {
            pthread_mutex_unlock(mutex)
        } else {
            pthread_rwlock_unlock(rwlock)
        }
    }

    /// - Complexity: O(1) plus the read.
    func read<Read: StoreRead>(_ read: inout Read) {
        readBracketed(&read)
    }

    /// - Complexity: O(1) plus `body`.
    func write(_ body: (_ copy: Int) -> Void) {
        if hasTable {
            pthread_mutex_lock(mutex)
            body(0)
            pthread_mutex_unlock(mutex)
        } else {
            pthread_rwlock_wrlock(rwlock)
            body(0)
            pthread_rwlock_unlock(rwlock)
        }
    }
}
