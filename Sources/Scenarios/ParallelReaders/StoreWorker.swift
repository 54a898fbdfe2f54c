import Foundation
import Models
import Report
import Synchronization

/// A stored value: the owning writer's version of the key, when it was written on the store's
/// clock (for the eviction rule), and `value_size` bytes of payload.
struct StoredQuote: Codable, Sendable {
    var version: UInt64
    var writtenAt: Double
    var payload: [UInt8]
}

/// The store every thread of a run shares.
typealias QuoteStore = ReaderWriterStore<Int, StoredQuote>

/// The store's clock: seconds since the warm-up began, times the eviction rule's scale. Made
/// before the store, because the eviction decider reads it.
final class StoreClock: Sendable {
    /// The start of the warm-up (MonotonicClock ns); 0 until the driver sets it.
    let warmupStart = Atomic<UInt64>(0)
    /// Store-clock seconds per real second.
    let timeScale: Double

    init(timeScale: Double) {
        self.timeScale = timeScale
    }

    /// Seconds on the store's clock.
    @inline(__always)
    func now() -> Double {
        let start = warmupStart.load(ordering: .relaxed)
        let now = MonotonicClock.now()
        return now > start ? Double(now - start) / 1e9 * timeScale : 0
    }
}

/// What every thread of one run shares besides the store: the schedule, the version board, the
/// key table, the stop flag.
final class RunShared: @unchecked Sendable {
    let store: QuoteStore
    let board: VersionBoard
    /// The zipfian tables of the groups' distributions (``table(for:)``).
    let tables: [(KeyDistributionSpec, ZipfTable)]
    let scenario: ParallelReadersScenario
    let clock: StoreClock
    /// Threads created and waiting for the start.
    let ready = Atomic<Int>(0)
    /// Raised to stop every thread (an interrupt).
    let stop = Atomic<Bool>(false)
    /// Threads bound by a count (rate or operations) not yet finished: time-bound threads keep
    /// going until this is 0 and the duration has passed.
    let boundRunning = Atomic<Int>(0)

    init(
        store: QuoteStore, board: VersionBoard, tables: [(KeyDistributionSpec, ZipfTable)], scenario: ParallelReadersScenario,
        clock: StoreClock
    ) {
        self.store = store
        self.board = board
        self.tables = tables
        self.scenario = scenario
        self.clock = clock
    }

    /// The zipfian table `distribution` draws from, if it needs one.
    func table(for distribution: KeyDistributionSpec) -> ZipfTable? {
        tables.first { $0.0 == distribution }?.1
    }
}

/// Per-operation counters a worker publishes as it goes, for the driver's timeseries. One
/// writer (the worker), read by the driver: plain relaxed stores, in a 128-byte block of their
/// own so that no other thread's data shares their cache lines.
final class LiveCounters: @unchecked Sendable {
    private static let blockBytes = 128
    private let counts: UnsafeMutablePointer<Atomic<UInt64>>

    init() {
        precondition(StoreOperation.allCases.count * MemoryLayout<Atomic<UInt64>>.stride <= Self.blockBytes)
        counts = UnsafeMutableRawPointer.allocate(byteCount: Self.blockBytes, alignment: Self.blockBytes)
            .bindMemory(to: Atomic<UInt64>.self, capacity: StoreOperation.allCases.count)
        for index in StoreOperation.allCases.indices { (counts + index).initialize(to: Atomic(0)) }
    }

    deinit {
        counts.deinitialize(count: StoreOperation.allCases.count)
        UnsafeMutableRawPointer(counts).deallocate()
    }

    @inline(__always)
    func set(_ operation: Int, _ value: UInt64) {
        counts[operation].store(value, ordering: .relaxed)
    }

    func value(_ operation: Int) -> UInt64 {
        counts[operation].load(ordering: .relaxed)
    }
}

/// One thread of a run: a reader or a writer, its seeded streams of operations and keys, and
/// what it measured.
final class StoreWorker: @unchecked Sendable {
    let kind: ThreadRole.Kind
    let role: ThreadRole
    /// Index within its role (a writer's index picks the keys it owns).
    let index: Int
    let writers: Int
    let shared: RunShared
    let seed: UInt64
    /// Its group's position among the scenario's groups (``ParallelReadersScenario/roles``).
    let group: Int
    let live = LiveCounters()
    /// Which keys it touches: its group's distribution, else the scenario's.
    private let distribution: KeyDistributionSpec
    /// Draws the keys this thread touches.
    private let sampler: KeySampler
    /// Cumulative percent thresholds, in `StoreOperation.allCases` order.
    private let thresholds: [Double]

    // Results, written by the thread before it finishes, read after it joined.
    var operations = [UInt64](repeating: 0, count: StoreOperation.allCases.count)
    var latency = [LatencyRecorder](repeating: LatencyRecorder(), count: StoreOperation.allCases.count)
    var hits: UInt64 = 0
    var misses: UInt64 = 0
    var staleReads: UInt64 = 0
    var checkedReads: UInt64 = 0
    var purgeEvictions: UInt64 = 0
    /// When this writer next waits for the store's queue.
    private var settling = WriteSettling()
    var allocatedBytes: UInt64 = 0
    /// When its last measured operation ended (MonotonicClock ns).
    var finishedAt: UInt64 = 0
    /// Whether it did every operation it was meant to (false when stopped).
    var finished = false

    init(kind: ThreadRole.Kind, role: ThreadRole, index: Int, writers: Int, shared: RunShared, seed: UInt64, group: Int = 0) {
        self.kind = kind
        self.role = role
        self.index = index
        self.writers = writers
        self.shared = shared
        self.seed = seed
        self.group = group
        let distribution = role.distribution ?? shared.scenario.distribution
        self.distribution = distribution
        sampler = KeySampler(keyCount: shared.board.count, distribution: distribution, zipf: shared.table(for: distribution))
        var total = 0.0
        thresholds = StoreOperation.allCases.map { operation in
            total += role.mix[operation] ?? 0
            return total
        }
    }

    /// Whether this thread stops after a count of operations (open loop with a rate, or closed
    /// loop with `operations`) rather than at the end of the duration.
    var isCountBound: Bool { role.rate != nil || role.operations != nil }

    /// The thread's body: waits for the start, warms up, then runs its measured operations.
    func run() {
        shared.ready.add(1, ordering: .sequentiallyConsistent)
        var warmupStart: UInt64 = 0
        while warmupStart == 0 {
            if shared.stop.load(ordering: .relaxed) { return }
            sched_yield()
            warmupStart = shared.clock.warmupStart.load(ordering: .sequentiallyConsistent)
        }
        let header = shared.scenario.header
        let measuredStart = warmupStart + UInt64(saturating: header.warmup.value * 1e9)
        // The warm-up draws from its own stream, so that however many operations it manages, the
        // measured operations are the same for a seed.
        let stream: UInt64 = (kind == .reader ? 0x5EAD : 0x3217) &+ UInt64(index) &* 0x1_0000
        var warmGenerator = SeededGenerator(seed: seed).derived(stream &+ 0xAA)
        phase(start: warmupStart, end: measuredStart, limit: nil, generator: &warmGenerator, measured: false)

        var generator = SeededGenerator(seed: seed).derived(stream)
        let limit: Int? =
            role.rate != nil ? role.intendedOperations(duration: header.duration.value) : role.operations
        let before = AllocationProbe.snapshot()
        finished = phase(
            start: measuredStart, end: measuredStart + UInt64(saturating: header.duration.value * 1e9), limit: limit,
            generator: &generator, measured: true)
        allocatedBytes = AllocationProbe.snapshot().since(before).bytes
        if isCountBound { shared.boundRunning.subtract(1, ordering: .sequentiallyConsistent) }
    }

    /// Runs operations from `start`: `limit` of them if set, else until `end` (and until every
    /// count-bound thread is done, when measuring). Returns false if stopped early.
    @discardableResult
    private func phase(start: UInt64, end: UInt64, limit: Int?, generator: inout SeededGenerator, measured: Bool) -> Bool {
        let interval = role.rate.map { 1e9 / $0 }
        let perBurst = role.operationsPerBurst
        var done = 0
        while true {
            if shared.stop.load(ordering: .relaxed) { return false }
            if let limit, measured, done >= limit { return true }
            let now = MonotonicClock.now()
            if !measured, now >= end { return true }
            if measured, limit == nil, now >= end, shared.boundRunning.load(ordering: .relaxed) == 0 { return true }

            // When this operation is meant to start.
            var intended = now
            if let interval {
                let offset: Double
                if let bursts = role.bursts, let perBurst, perBurst > 0 {
                    offset = Double(done / perBurst) * bursts.every.value * 1e9 + Double(done % perBurst) * interval
                } else {
                    offset = Double(done) * interval
                }
                intended = start + UInt64(saturating: offset)
                if !measured, intended >= end { return true }
                wait(until: intended)
            } else if let bursts = role.bursts {
                // Threads start together at `start`: one that gets here early waits for it
                // (`now - start` would wrap around).
                guard now >= start else {
                    wait(until: start)
                    continue
                }
                let t = Double(now - start) / 1e9
                if !bursts.isActive(at: t) {
                    let next = start + UInt64(saturating: bursts.nextStart(after: t) * 1e9)
                    if !measured, next >= end { return true }
                    wait(until: next)
                    continue
                }
            }

            let operation = pick(generator.nextUnit() * 100)
            let began = MonotonicClock.now()
            perform(operation, generator: &generator, measured: measured)
            let ended = MonotonicClock.now()
            done += 1
            if measured {
                let slot = operation.index
                operations[slot] &+= 1
                live.set(slot, operations[slot])
                // Open loop: from the intended start, so that a stall also delays what queued
                // behind it (coordinated omission corrected).
                latency[slot].record(nanoseconds: ended &- (interval != nil ? min(intended, began) : began))
                finishedAt = ended
            }
        }
    }

    /// Sleeps, then spins, until `deadline`.
    private func wait(until deadline: UInt64) {
        while true {
            let now = MonotonicClock.now()
            if now >= deadline || shared.stop.load(ordering: .relaxed) { return }
            let gap = deadline - now
            if gap > 200_000 {
                usleep(UInt32(min(gap - 100_000, 50_000_000) / 1_000))
            } else if gap > 20_000 {
                sched_yield()
            }
        }
    }

    @inline(__always)
    private func pick(_ percent: Double) -> StoreOperation {
        for (slot, threshold) in thresholds.enumerated() where percent < threshold {
            return StoreOperation.allCases[slot]
        }
        // Rounding at the top end: the last operation with a share.
        return StoreOperation.allCases.last { (role.mix[$0] ?? 0) > 0 } ?? .get
    }

    /// A key this thread writes: drawn from the distribution, moved to one it owns. Under
    /// `latest`, writers write their keys in turn (each write makes its key the latest).
    private var cursor = 0
    private func writeKey(_ generator: inout SeededGenerator) -> Int {
        let keyCount = shared.board.count
        if case .latest = distribution {
            let owned = (keyCount - index + writers - 1) / writers
            let key = index + writers * (cursor % owned)
            cursor += 1
            return key
        }
        let key = sampler.next(&generator, latest: shared.board.latest.load(ordering: .relaxed))
        return KeySampler.owned(key, writer: index, writers: writers, keyCount: keyCount)
    }

    private func quote(version: UInt64) -> StoredQuote {
        StoredQuote(
            version: version, writtenAt: shared.clock.now(),
            payload: [UInt8](repeating: UInt8(truncatingIfNeeded: version), count: shared.scenario.valueSize))
    }

    /// Counts a write; when ``WriteSettling`` says so, waits for the queued ones with a read.
    private func settleQueuedWrites() {
        if settling.wrote() { _ = shared.store[0] }
    }

    private func perform(_ operation: StoreOperation, generator: inout SeededGenerator, measured: Bool) {
        let store = shared.store
        let board = shared.board
        switch operation {
        case .get:
            let key = sampler.next(&generator, latest: board.latest.load(ordering: .relaxed))
            let state = board.publishedState(key)
            let value = store[key]
            guard measured else { return }
            if value != nil { hits &+= 1 } else { misses &+= 1 }
            switch board.judge(key, saw: value?.version, before: state) {
            case .fresh: checkedReads &+= 1
            case .stale:
                checkedReads &+= 1
                staleReads &+= 1
            case .unjudged: break
            }
        case .allItems:
            let items = store.allItems()
            withExtendedLifetime(items) {}
        case .set:
            let key = writeKey(&generator)
            let version = board.beginWrite(key)
            store[key] = quote(version: version)
            board.publish(key, version: version, isRemoval: false)
            settleQueuedWrites()
        case .remove:
            let key = writeKey(&generator)
            let version = board.beginWrite(key)
            store.remove(keys: [key])
            board.publish(key, version: version, isRemoval: true)
        case .bulkAdd:
            var entries: [Int: StoredQuote] = [:]
            var versions: [(Int, UInt64)] = []
            for _ in 0..<role.batch {
                let key = writeKey(&generator)
                if entries[key] != nil { continue }
                let version = board.beginWrite(key)
                entries[key] = quote(version: version)
                versions.append((key, version))
            }
            store.addEntries(entries)
            for (key, version) in versions { board.publish(key, version: version, isRemoval: false) }
            settleQueuedWrites()
        case .purge:
            board.beginPurge()
            let evicted = (try? store.purge(context: nil)) ?? 0
            board.endPurge()
            if measured { purgeEvictions &+= UInt64(evicted) }
        }
    }
}

/// Every ``interval`` `set`s and bulk adds a writer makes one unmeasured `get`. In `gcd-barrier`
/// writes are barrier blocks queued asynchronously and a read is queued behind them, so the
/// writer waits until the queue has run them: a closed-loop writer cannot queue writes (each
/// holding its value) faster than the queue runs them, without bound. Elsewhere writes are
/// synchronous and the read is one cheap lookup.
struct WriteSettling {
    static let interval = 1024
    private var unsettled = 0

    /// Counts a write; true when the writer should now wait for the queue.
    mutating func wrote() -> Bool {
        unsettled += 1
        guard unsettled >= Self.interval else { return false }
        unsettled = 0
        return true
    }
}
