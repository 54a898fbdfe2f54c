import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Setting up the pthread locks the lock-based designs share, and naming the calling thread.
@usableFromInline
enum StorePThreads {
    /// Initialises the rwlock at `lock` (allocated, not yet initialised memory), writer-preferring
    /// on glibc so that a stream of readers cannot starve a writer.
    /// - Complexity: O(1)
    static func initialize(_ lock: UnsafeMutablePointer<pthread_rwlock_t>) {
        lock.initialize(to: pthread_rwlock_t())
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        #if canImport(Glibc)
            pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        #endif
        pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
    }

    /// The calling thread's identity, valid while the thread lives.
    /// - Complexity: O(1)
    @inlinable
    static var currentThread: UInt {
        #if canImport(Glibc)
            return UInt(pthread_self())
        #else
            return UInt(bitPattern: pthread_self())
        #endif
    }

    /// A small number for the calling thread, handed out in the order threads first ask
    /// (0, 1, 2, …) and kept in thread-local storage: threads that read at the same time get
    /// different big-reader slots until there are more of them than slots.
    /// - Complexity: O(1); no allocation after the thread's first call.
    @inlinable
    static var readerIndex: Int {
        guard let key = readerIndexKey else { return Int(truncatingIfNeeded: currentThread >> 12) }
        if let stored = pthread_getspecific(key) { return Int(bitPattern: stored) &- 1 }
        let index = nextReaderIndex.add(1, ordering: .relaxed).oldValue
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: index &+ 1))
        return index
    }

    @usableFromInline static let readerIndexKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    @usableFromInline static let nextReaderIndex = Atomic<Int>(0)
}

extension StorePThreads {
    /// A new, initialised `pthread_mutex_t` on the heap (a pthread lock must not move); release it
    /// with ``destroy(_:)``.
    ///
    /// With `adaptive` (glibc's `PTHREAD_MUTEX_ADAPTIVE_NP`; elsewhere a normal mutex), a thread
    /// that finds the mutex taken spins a little before it sleeps: for writers' locks held about a
    /// microsecond, where sleeping on a futex and being woken would cost several.
    /// - Complexity: O(1)
    static func makeMutex(adaptive: Bool = false) -> UnsafeMutablePointer<pthread_mutex_t> {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        initializeMutex(mutex, adaptive: adaptive)
        return mutex
    }

    /// Initialises a mutex at `mutex` (allocated, not yet initialised memory that will not move),
    /// as ``makeMutex(adaptive:)`` does; destroy it with `pthread_mutex_destroy` before freeing it.
    /// - Complexity: O(1)
    static func initializeMutex(_ mutex: UnsafeMutablePointer<pthread_mutex_t>, adaptive: Bool) {
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Glibc)
            if adaptive { pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP)) }
        #endif
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    /// Destroys and frees a mutex from ``makeMutex()``.
    /// - Complexity: O(1)
    static func destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}
