import Dispatch
import Foundation
import Models
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

typealias Store = ReaderWriterStore<String, Int>

/// Runs `body(index)` on `threads` new threads at once and waits for all of them. New threads,
/// not `concurrentPerform`: with the dispatch pool busy (tests run in parallel) its iterations can
/// run one after another, and some tests need the threads to overlap.
func onThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<threads {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    group.wait()
}

/// A flag and counters shared between test threads.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func raise() { value.store(true, ordering: .releasing) }
    var isRaised: Bool { value.load(ordering: .acquiring) }
}

/// Collects values from several threads, behind an `NSLock` (ThreadSanitizer cannot see
/// `Synchronization.Mutex` on Linux).
final class Collector<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [T] = []
    func append(_ value: T) { lock.withLock { values.append(value) } }
    var all: [T] { lock.withLock { values } }
}

/// A read that waits, inside the design's shared access, until `wanted` readers are inside at
/// once (or `timeout` passes), and notes whether they were.
struct RendezvousRead: StoreRead {
    let inside: Counter
    let wanted: Int
    let timeout: TimeInterval
    var met = false

    mutating func run(copy: Int) {
        inside.atomic.add(1, ordering: .sequentiallyConsistent)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if inside.atomic.load(ordering: .sequentiallyConsistent) >= wanted {
                met = true
                break
            }
            sched_yield()
        }
        // Stay inside a little longer, so that the other reader can see this one too.
        usleep(20_000)
        inside.atomic.subtract(1, ordering: .sequentiallyConsistent)
    }
}

/// An atomic counter in a class, so that structs and closures can share it.
final class Counter: Sendable {
    let atomic = Atomic<Int>(0)
    func increment() { atomic.add(1, ordering: .relaxed) }
    var value: Int { atomic.load(ordering: .relaxed) }
}

/// The freshness checks the stress tests share: writers publish each version once the call that
/// wrote it has returned, and readers count every read older than what was published before it
/// started (stale) or older than what the same reader saw before (backwards).
final class FreshnessCheck: Sendable {
    let published: [Counter]
    let writersDone = Counter()
    let stale = Counter()
    let backwards = Counter()
    let reads = Counter()

    init(keys: Int) {
        published = (0..<keys).map { _ in Counter() }
    }

    /// A write of `version` to `key` has returned.
    func publish(_ key: Int, _ version: Int) {
        published[key].atomic.store(version, ordering: .releasing)
    }

    /// Reads keys along the walk `key = (key * step + increment) % keys`, starting at `thread`,
    /// until `writers` writers are done, and at least 200 times (a loaded machine may start the
    /// thread only after the writers are done). `read` returns the key's version, nil if absent
    /// (counted as stale).
    func readUntilWritersDone(thread: Int, writers: Int, step: Int, increment: Int, _ read: (Int) -> Int?) {
        var last = [Int](repeating: 0, count: published.count)
        var key = thread
        var own = 0
        while writersDone.value < writers || own < 200 {
            own += 1
            key = (key &* step &+ increment) % published.count
            let floor = published[key].atomic.load(ordering: .acquiring)
            let seen = read(key) ?? -1
            if seen < floor { stale.increment() }
            if seen < last[key] { backwards.increment() }
            last[key] = seen
            reads.increment()
        }
    }
}
