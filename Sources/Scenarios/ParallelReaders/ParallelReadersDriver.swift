import Foundation
import Models
import Report
import Synchronization

/// Runs a `parallel-readers` scenario once, for one store design, on real threads.
///
/// The store is loaded with every key (version 1) before any thread starts. Then every reader and
/// writer thread starts at once: a warm-up, not counted, then the measured operations, each timed
/// on its own thread into that thread's histograms (merged afterwards). This thread meanwhile
/// keeps the schedule: it posts memory pressure as `purge(context: level)` at its times, runs the
/// eviction rule's periodic purge (`purge(context: nil)`, the store's eviction timer, driven from
/// here so that the stale-read check knows when purges run), samples the threads' counters every
/// `sample_interval`, and stops everything on an interrupt. With `store.persistence` the store
/// saves itself over the measured window (``StoreSaveFile``), on its own timer thread.
struct ParallelReadersDriver {
    let scenario: ParallelReadersScenario
    let configuration: RunConfiguration

    func run(isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        let header = scenario.header
        let board = VersionBoard(keys: scenario.keyCount)
        let tally = EvictionTally()
        let clock = StoreClock(timeScale: scenario.eviction?.timeScale ?? 1)
        let decider: QuoteStore.EvictionDecider? = scenario.eviction.map { rule in
            let limit = rule.olderThan.value
            return { key, value, context in
                // Memory pressure: `warning` evicts everything, `moderate` what is too old; the
                // timer and writers' purges (no context) what is too old.
                let evict: Bool
                if let level = context as? PressureLevelName, level == .warning {
                    evict = true
                } else {
                    evict = clock.now() - value.writtenAt > limit
                }
                if evict { tally.evicted.add(1, ordering: .relaxed) }
                return evict
            }
        }
        // A built-in design or one a program registered (the file's names were checked at load).
        let store =
            QuoteStore(
                designNamed: configuration.policy, serializer: QuoteSerializer(), evictionDecider: decider,
                writes: scenario.writes.mode)
            ?? QuoteStore(serializer: QuoteSerializer(), evictionDecider: decider, writes: scenario.writes.mode)
        // `store.persistence`: saves from the start of the measured window to its end.
        var saveFile = scenario.persistence.map {
            StoreSaveFile(spec: $0, label: "\(header.name)-\(configuration.policy.rawValue)-\(configuration.index)-store")
        }
        // The rule's periodic purge runs on this thread, not on the store's own timer, so that
        // the stale-read check can bracket it (see `VersionBoard`).
        store.evictionInterval = 0
        let notifications = NotificationTally()
        if scenario.notificationInterval.value > 0 {
            store.addObserver { change in
                notifications.record(updated: change.updated.count, removed: change.removed.count)
            }
        }
        // The initial load: every key at version 1, published.
        var initial: [Int: StoredQuote] = [:]
        initial.reserveCapacity(scenario.keyCount)
        for key in 0..<scenario.keyCount {
            // A million keys of a megabyte each take a while: an interrupt is seen while loading.
            if key % 4096 == 0, isCancelled() {
                progress(1)
                return ParallelReadersRecorder(scenario: scenario, configuration: configuration).output(
                    workers: [], store: store, notifications: notifications, evicted: 0, measuredStart: MonotonicClock.now(),
                    allocations: 0, complete: false)
            }
            initial[key] = StoredQuote(version: 1, writtenAt: 0, payload: [UInt8](repeating: 1, count: scenario.valueSize))
        }
        store.addEntries(initial)
        initial = [:]
        board.publishAll(version: 1)

        let shared = RunShared(
            store: store, board: board, tables: Self.tables(scenario), scenario: scenario, clock: clock)
        let writerCount = scenario.writerThreads
        // Every group's threads start together. A thread's index counts within its role across
        // the groups: it picks the thread's random streams and a writer's keys.
        var workers: [StoreWorker] = []
        var next: [ThreadRole.Kind: Int] = [:]
        for (group, (kind, role)) in scenario.roles.enumerated() {
            for _ in 0..<role.threads {
                let index = next[kind, default: 0]
                next[kind] = index + 1
                workers.append(
                    StoreWorker(
                        kind: kind, role: role, index: index, writers: writerCount, shared: shared, seed: configuration.seed,
                        group: group))
            }
        }
        shared.boundRunning.store(workers.filter(\.isCountBound).count, ordering: .sequentiallyConsistent)

        var recorder = ParallelReadersRecorder(scenario: scenario, configuration: configuration)
        let group = DispatchGroup()
        for worker in workers {
            group.enter()
            let thread = Thread {
                worker.run()
                group.leave()
            }
            thread.name = "workbench-\(worker.kind.rawValue)-\(worker.index)"
            thread.stackSize = 1 << 20
            thread.start()
        }
        while shared.ready.load(ordering: .sequentiallyConsistent) < workers.count { usleep(100) }

        // The schedule. Times count from the start of the run, warm-up included, as in every kind:
        // pressure during the warm-up is posted but not counted.
        let pressure = Self.pressureTimes(header.memoryPressure, length: header.warmup.value + header.duration.value)
        var nextPressure = 0
        let sampleEvery = UInt64(saturating: header.sampleInterval.value * 1e9)
        let duration = UInt64(saturating: header.duration.value * 1e9)

        let warmupStart = MonotonicClock.now() + 1_000_000
        let measuredStart = warmupStart + UInt64(saturating: header.warmup.value * 1e9)
        clock.warmupStart.store(warmupStart, ordering: .sequentiallyConsistent)
        let purgeEvery = scenario.eviction?.every.map { UInt64(saturating: $0.value / clock.timeScale * 1e9) }
        var nextPurge = purgeEvery.map { warmupStart + $0 } ?? .max
        store.notificationInterval = scenario.notificationInterval.value

        var measuring = false
        var requestsAtStart: UInt64 = 0
        var complete = true
        var nextSample = measuredStart + sampleEvery
        // Until every thread is done and the duration has passed (threads done early leave the
        // schedule — pressure, timer, samples — to run its course).
        var threadsDone = false
        while true {
            if threadsDone {
                usleep(1_000)
            } else {
                threadsDone = group.wait(timeout: .now() + .milliseconds(1)) == .success
            }
            let now = MonotonicClock.now()
            if complete, isCancelled() {
                shared.stop.store(true, ordering: .sequentiallyConsistent)
                complete = false
            }
            if complete, now >= nextPurge, let purgeEvery {
                board.beginPurge()
                _ = try? store.purge(context: nil)
                board.endPurge()
                nextPurge = max(nextPurge + purgeEvery, now)
            }
            if complete, !measuring, now >= measuredStart {
                measuring = true
                saveFile?.start(store)
                requestsAtStart = AllocationProbe.requests()
                recorder.startCounting(notifications: notifications, evicted: tally.evicted.load(ordering: .relaxed))
            }
            while complete, nextPressure < pressure.count, now >= warmupStart + pressure[nextPressure].offset {
                let level = pressure[nextPressure].level
                board.beginPurge()
                let evicted = (try? store.purge(context: level)) ?? 0
                board.endPurge()
                if measuring { recorder.notePressure(level, evicted: evicted) }
                nextPressure += 1
            }
            if complete, measuring {
                while now >= nextSample {
                    recorder.sample(
                        time: Double(nextSample - warmupStart) / 1e9, workers: workers, store: store,
                        notifications: notifications, evicted: tally.evicted.load(ordering: .relaxed))
                    nextSample += sampleEvery
                }
                progress(min(0.99, Double(now - measuredStart) / Double(max(duration, 1))))
            }
            if threadsDone, !complete || now >= measuredStart + duration { break }
        }
        let saves = saveFile?.stop(store) ?? (0, 0)
        // The last interval's changes are posted before tracking stops (0 discards them).
        store.flushNotifications()
        store.notificationInterval = 0
        if !measuring {
            requestsAtStart = AllocationProbe.requests()
            recorder.startCounting(notifications: notifications, evicted: tally.evicted.load(ordering: .relaxed))
        }
        let allocations = AllocationProbe.requests() &- requestsAtStart
        complete = complete && workers.allSatisfy(\.finished)
        progress(1)
        return recorder.output(
            workers: workers, store: store, notifications: notifications, evicted: tally.evicted.load(ordering: .relaxed),
            measuredStart: measuredStart, allocations: allocations, complete: complete, saves: saves)
    }

    /// The zipfian tables the groups' distributions need, one per distinct distribution.
    static func tables(_ scenario: ParallelReadersScenario) -> [(KeyDistributionSpec, ZipfTable)] {
        var tables: [(KeyDistributionSpec, ZipfTable)] = []
        for distribution in [scenario.distribution] + scenario.roles.compactMap(\.role.distribution)
        where !tables.contains(where: { $0.0 == distribution }) {
            if let table = KeySampler.table(keyCount: scenario.keyCount, distribution: distribution) {
                tables.append((distribution, table))
            }
        }
        return tables
    }

    /// The memory-pressure events of a run of `length` seconds (warm-up included), in ns from
    /// its start, in order.
    static func pressureTimes(_ events: [MemoryPressureEvent], length: Double) -> [(offset: UInt64, level: PressureLevelName)] {
        events.flatMap { event in event.times { $0 < length }.map { ($0, event.level) } }
            .sorted { $0.0 < $1.0 }
            .map { (UInt64(saturating: $0.0 * 1e9), $0.1) }
    }
}

/// Items the decider evicted (purges, the timer, memory pressure).
final class EvictionTally: Sendable {
    let evicted = Atomic<UInt64>(0)
}

/// The store's change notifications: how many, and how big.
final class NotificationTally: Sendable {
    private struct Counts {
        var notifications: UInt64 = 0
        var updated: UInt64 = 0
        var removed: UInt64 = 0
        var largest: Int = 0
    }

    private let counts = Mutex(Counts())

    func record(updated: Int, removed: Int) {
        counts.withLock {
            $0.notifications += 1
            $0.updated += UInt64(updated)
            $0.removed += UInt64(removed)
            $0.largest = max($0.largest, updated + removed)
        }
    }

    /// Forgets the largest batch so far (the warm-up's).
    func resetLargest() {
        counts.withLock { $0.largest = 0 }
    }

    /// Notifications, updated items, removed keys, the largest batch.
    var snapshot: (notifications: UInt64, updated: UInt64, removed: UInt64, largest: Int) {
        counts.withLock { ($0.notifications, $0.updated, $0.removed, $0.largest) }
    }
}
