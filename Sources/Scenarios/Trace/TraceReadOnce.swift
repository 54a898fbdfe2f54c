import Foundation
import Models

/// A trace scenario's requests read once and shared read-only by its runs that run side by side
/// (`run --jobs`, ``TraceScenario/concurrentCopy(memoryBudget:)``): the first run that needs them
/// reads (or generates) the trace into memory, the runs beside it wait for that read and then
/// replay the same requests, each into its own cache on its own thread.
///
/// It holds one read at a time: the requests of one workload seed (a generated trace differs by
/// seed; a file does not), as the replay reads them (a v2 binary trace's dense object ids, or the
/// keys). A trace larger than ``limit`` bytes in memory, a read that fails (a bad row) or one
/// that is interrupted leaves the runs reading the trace each by itself, as one run alone does,
/// and meeting what it meets.
final class TraceReadOnce: @unchecked Sendable {
    /// Which read: the seed (0 for a file, which every seed reads alike) and whether keys are
    /// dense object ids.
    private struct Key: Equatable {
        var seed: UInt64
        var denseIds: Bool
    }

    /// The requests of one read, never changed once made.
    final class Requests: Sendable {
        let requests: [TraceRequest]

        init(_ requests: [TraceRequest]) {
            self.requests = requests
        }

        /// Calls `body` with each chunk of ``TraceFileReader/chunkRequests`` requests in order
        /// (`body` returns false to stop).
        func forEachChunk(_ body: (UnsafeBufferPointer<TraceRequest>) -> Bool) {
            requests.withUnsafeBufferPointer { all in
                var start = 0
                while start < all.count {
                    let end = min(all.count, start + TraceFileReader.chunkRequests)
                    if !body(UnsafeBufferPointer(rebasing: all[start..<end])) { return }
                    start = end
                }
            }
        }
    }

    /// Bytes one request takes in memory.
    static let bytesPerRequest = Double(MemoryLayout<TraceRequest>.stride)

    /// The most bytes a read may hold.
    let limit: Double
    private let condition = NSCondition()
    /// The last read, or nil for a read that could not be held (too large, or failed).
    private var held: (key: Key, requests: Requests?)?
    private var reading: Key?

    init(limit: Double) {
        self.limit = limit
    }

    /// The requests of `source` on `seed`, read once; nil when the runs must read it themselves.
    /// A read that `isCancelled` (the reading run's) stops is not remembered: the next run reads.
    func requests(
        of source: TraceSource, seed: UInt64, denseIds: Bool, expected: Int, isCancelled: () -> Bool
    ) -> Requests? {
        var key = Key(seed: seed, denseIds: denseIds)
        if case .file = source { key.seed = 0 }
        condition.lock()
        while reading == key { condition.wait() }
        if let held, held.key == key {
            condition.unlock()
            return held.requests
        }
        // Another seed's read is let go: its runs keep it while they replay it.
        held = nil
        reading = key
        condition.unlock()

        let most = Int(saturating: limit / Self.bytesPerRequest)
        var requests: [TraceRequest] = []
        requests.reserveCapacity(min(max(expected, 0), most))
        var fits = true
        var interrupted = false
        do {
            try source.forEachChunk(seed: seed, denseIds: denseIds) { chunk in
                guard requests.count + chunk.count <= most else {
                    fits = false
                    return false
                }
                if LoadInterruption.isRequested() || isCancelled() {
                    interrupted = true
                    return false
                }
                requests.append(contentsOf: chunk)
                return true
            }
        } catch {
            // A bad row, or an interrupt inside a read: the runs read the trace themselves and
            // meet it there.
            interrupted = LoadInterruption.isInterruption(error)
            fits = false
        }
        let read = fits && !interrupted ? Requests(requests) : nil
        condition.lock()
        reading = nil
        // An interrupted read is not remembered (nothing more will run after it anyway).
        if !interrupted { held = (key, read) }
        condition.broadcast()
        condition.unlock()
        return read
    }
}

/// What a trace scenario's runs share when they run side by side (``TraceScenario/sideBySide``):
/// equal whatever it holds, so that a copy equals the scenario it was made from.
public struct TraceSideBySide: Equatable, Sendable {
    /// Whether the runs run side by side (a copy for `run --jobs`): `lru`'s one pass over every
    /// capacity is then not made (each run replays its own capacity, beside the others).
    let active: Bool
    /// The trace read once, or nil when it is too large to hold: each run reads it itself.
    let readOnce: TraceReadOnce?

    init(active: Bool = false, readOnce: TraceReadOnce? = nil) {
        self.active = active
        self.readOnce = readOnce
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { true }
}
