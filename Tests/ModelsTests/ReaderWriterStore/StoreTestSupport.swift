import Foundation
import Models

#if canImport(Glibc)
    import Glibc
#endif

/// Collects what a store's observer receives, from whatever thread it runs on.
final class ChangeRecorder<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let received = Shared<[(change: StoreChange<Key, Value>, thread: UInt, at: Date)]>([])

    /// Registers the recorder as an observer of `store`.
    func observe(_ store: ReaderWriterStore<Key, Value>) where Key: Codable, Value: Codable {
        store.addObserver { [self] change in
            let thread = UInt(pthread_self())
            received.update { $0.append((change, thread, Date())) }
        }
    }

    var changes: [StoreChange<Key, Value>] { received.get().map(\.change) }
    var threads: [UInt] { received.get().map(\.thread) }
    var times: [Date] { received.get().map(\.at) }
    var count: Int { received.get().count }
}

/// A value shared with a background callback, behind an `NSLock` (ThreadSanitizer cannot see
/// `Synchronization.Mutex` on Linux).
final class Shared<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T
    init(_ value: T) { self.value = value }
    func get() -> T { lock.withLock { value } }
    func set(_ newValue: T) { lock.withLock { value = newValue } }
    func update(_ change: (inout T) -> Void) { lock.withLock { change(&value) } }
}

/// Polls `condition` every 5 ms until it holds or `timeout` seconds pass; returns whether it held.
func waitUntil(timeout: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}

/// A fresh empty directory, removed by `cleanUp`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("rwstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String = "store.json") -> URL { url.appendingPathComponent(name) }

    var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path).sorted()) ?? [] }

    func cleanUp() { try? FileManager.default.removeItem(at: url) }
}

/// The calling thread.
var currentThread: UInt { UInt(pthread_self()) }

typealias Store = ReaderWriterStore<String, Int>

/// The inode number of the file at `url`, or nil: an in-place write keeps it, an atomic save
/// (a new file renamed over the old) changes it.
func inode(of url: URL) -> UInt64? {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return nil }
    return UInt64(status.st_ino)
}

/// Holds a store's write access from a background thread: a `value(forKey:loader:)` miss whose
/// loader waits until ``release()`` (or `timeout`). While it holds, every design's synchronous
/// write and every read in `gcd-barrier` waits; an asynchronous write only queues.
final class WriteBlocker: Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private let finished = Shared(false)

    /// Starts the blocking load of `key` (absent from the store) and waits until its loader runs
    /// (at most `timeout`).
    init<Key, Value>(_ store: ReaderWriterStore<Key, Value>, key: Key, timeout: TimeInterval = 3) {
        Thread { [self] in
            _ = try? store.value(forKey: key) { _ in
                self.entered.signal()
                _ = self.released.wait(timeout: .now() + timeout)
                self.finished.set(true)
                return nil
            }
            self.done.signal()
        }.start()
        _ = entered.wait(timeout: .now() + timeout)
    }

    /// Whether the loader is still waiting (the write access is still held).
    var isHolding: Bool { !finished.get() }

    /// Lets the loader return and waits for its write to end.
    func release() {
        released.signal()
        _ = done.wait(timeout: .now() + 10)
    }
}
