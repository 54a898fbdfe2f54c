import Synchronization

/// What writers publish so that readers can catch a stale read: a read that began after a write
/// had returned and did not see it.
///
/// Each writer owns the keys `k` with `k mod writers == its index`, so every key has one writer
/// and its writes carry increasing versions. Per key, in this order:
/// - before the write: `started[k] = v`, then `snapshot[k]` = the purge counters (how many purges
///   had started, and whether one was still running);
/// - after it returned: `published[k] = v << 1 | isRemoval`.
///
/// Purges are the removals nobody versions: the store evicts what its decider chose in a write
/// *after* asking it (a key written in between is still removed, as in the seed), so a purge may
/// remove a write that completed while it ran. Every purge is therefore bracketed by
/// ``beginPurge()`` and ``endPurge()``.
///
/// A reader loads `published[k]` before its read, and judges what it saw:
/// - a value older than the published version is stale, whatever else happened (versions only
///   grow, and a removal cannot bring an old value back);
/// - nothing, when the last published write was a set, is stale only if no later write of the key
///   had started, no purge was running when that set began, and none has started since (loaded
///   after the read, in the order `snapshot`, `started`, purges, so that a write starting
///   meanwhile cannot pass off its snapshot as the published write's). Otherwise the read cannot
///   be judged and is not counted as checked.
///
/// All accesses are sequentially consistent.
final class VersionBoard: @unchecked Sendable {
    let count: Int
    private let started: UnsafeMutablePointer<Atomic<UInt64>>
    private let published: UnsafeMutablePointer<Atomic<UInt64>>
    private let snapshot: UnsafeMutablePointer<Atomic<UInt64>>
    private let purgesStarted = Atomic<UInt64>(0)
    private let purgesEnded = Atomic<UInt64>(0)
    /// The key written last (the `latest` distribution reads it).
    let latest = Atomic<Int>(0)

    init(keys: Int) {
        count = keys
        func make() -> UnsafeMutablePointer<Atomic<UInt64>> {
            let pointer = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: keys)
            for index in 0..<keys { (pointer + index).initialize(to: Atomic(0)) }
            return pointer
        }
        started = make()
        published = make()
        snapshot = make()
    }

    deinit {
        for pointer in [started, published, snapshot] {
            pointer.deinitialize(count: count)
            pointer.deallocate()
        }
    }

    /// Marks every key as written at `version` and published (the initial load).
    func publishAll(version: UInt64) {
        for key in 0..<count {
            started[key].store(version, ordering: .sequentiallyConsistent)
            published[key].store(version << 1, ordering: .sequentiallyConsistent)
        }
    }

    /// Before a versioned write of `key` by its owner: the version it writes.
    func beginWrite(_ key: Int) -> UInt64 {
        let version = started[key].load(ordering: .sequentiallyConsistent) &+ 1
        started[key].store(version, ordering: .sequentiallyConsistent)
        let purges = purgesStarted.load(ordering: .sequentiallyConsistent)
        let running = purges != purgesEnded.load(ordering: .sequentiallyConsistent)
        snapshot[key].store(purges << 1 | (running ? 1 : 0), ordering: .sequentiallyConsistent)
        return version
    }

    /// After the write of `key` at `version` returned.
    func publish(_ key: Int, version: UInt64, isRemoval: Bool) {
        published[key].store(version << 1 | (isRemoval ? 1 : 0), ordering: .sequentiallyConsistent)
        if !isRemoval { latest.store(key, ordering: .relaxed) }
    }

    /// Before a purge (the decider is about to be asked).
    func beginPurge() {
        purgesStarted.add(1, ordering: .sequentiallyConsistent)
    }

    /// After a purge returned (its removals are done).
    func endPurge() {
        purgesEnded.add(1, ordering: .sequentiallyConsistent)
    }

    /// What a reader loads before its read.
    @inline(__always)
    func publishedState(_ key: Int) -> UInt64 {
        published[key].load(ordering: .sequentiallyConsistent)
    }

    /// The verdict on a read of `key` that saw `version` (nil: nothing), given the state loaded
    /// before it.
    @inline(__always)
    func judge(_ key: Int, saw version: UInt64?, before state: UInt64) -> ReadVerdict {
        let publishedVersion = state >> 1
        if let version {
            return version < publishedVersion ? .stale : .fresh
        }
        if state & 1 == 1 { return .fresh }  // the last completed write removed it
        let purgesBefore = snapshot[key].load(ordering: .sequentiallyConsistent)
        let startedNow = started[key].load(ordering: .sequentiallyConsistent)
        let purgesNow = purgesStarted.load(ordering: .sequentiallyConsistent)
        if startedNow != publishedVersion || purgesBefore & 1 == 1 || purgesNow != purgesBefore >> 1 {
            return .unjudged
        }
        return .stale
    }
}

/// What a reader's check concluded.
enum ReadVerdict {
    /// Saw the last completed write (or something newer).
    case fresh
    /// Missed a write that had returned before the read began.
    case stale
    /// Saw nothing while a removal may have raced the read: not counted.
    case unjudged
}
