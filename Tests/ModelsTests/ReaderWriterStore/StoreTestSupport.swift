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
