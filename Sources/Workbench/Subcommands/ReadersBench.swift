import Foundation
import Models
import Report
import Scenarios
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Read throughput of a ReaderWriterStore under a read-heavy mix, per synchronisation design, at
/// 1 and 2 threads (and at the core count, on a machine with more than two cores), against an
/// unsynchronised dictionary read.
///
/// Each thread runs 95% `store[key]` gets and 5% `store[key] = value` sets on keys `0..<5000`
/// (all loaded before any thread starts), drawn zipfian with alpha 0.99. The key and operation
/// sequences are drawn before timing, into one array per thread, so that sampling costs nothing
/// in the measured loop. Goals: the best design reads at least 3× as fast as `gcd-barrier` (the
/// seed), and is within 2× of the unsynchronised dictionary at 1 thread and within 2.5× at more.
///
/// The machine is noisy, so every configuration runs several times and the table shows the
/// median run (and the spread); runs are interleaved (run 1 of every configuration, then run 2,
/// …) so that a slow spell on the machine does not land on one design only.
enum ReadersBench {
    /// The value per key: two words and no reference, so a read copies it without touching the
    /// heap or a reference count.
    struct Quote: Codable, Sendable, Equatable {
        var version: UInt64
        var price: Double
    }

    /// The number of keys, all loaded before measuring.
    static let keyCount = 5_000
    /// The zipfian exponent of the key distribution.
    static let zipfAlpha = 0.99
    /// The share of operations that are sets.
    static let writeShare = 0.05
    /// Operations drawn per thread, cycled; a power of two, so the index wraps with a mask.
    static let streamLength = 1 << 20
    /// Runs per configuration; the median is reported.
    static let runs = 5
    /// Thread counts measured: 1, 2, and the active core count when there are more than two.
    static let threadCounts: [Int] = {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return cores > 2 ? [1, 2, cores] : [1, 2]
    }()

    /// The largest ratio of the dictionary's reads/s to the best design's that meets the goal at
    /// `threads` threads: 2 at 1 thread, 2.5 at more (readers then share the writes' lines).
    static func dictionaryGapGoal(threads: Int) -> Double {
        threads == 1 ? 2 : 2.5
    }
    /// The 2-thread over 1-thread read rate a design whose reads scale reaches, at least.
    static let scalingGoal = 1.8
    /// The share of the unsynchronised dictionary's read rate at 2 threads a design whose reads
    /// scale reaches, at least.
    static let dictionaryShareGoal = 0.4

    /// Warm-up per run, not counted: caches, branch predictors, the big-reader slot assignment,
    /// libdispatch's worker threads.
    static let warmUpNanoseconds: UInt64 = 200_000_000
    /// Operations between two clock reads in the measured loop (a clock read costs ~20 ns, so
    /// it is amortised to nothing).
    static let chunk = 1_024
    /// The seed of the per-thread operation streams.
    static let seed: UInt64 = 0x5EED_0095_0005

    /// In a stream entry: set for a write; the low bits are the key.
    static let writeFlag: UInt32 = 1 << 31

    /// What one row measures: a store design, or the unsynchronised dictionary.
    enum Subject: Equatable {
        case store(StoreDesignName)
        case dictionary

        var name: String {
            switch self {
            case .store(let design): design.rawValue
            case .dictionary: "unsynchronised dict"
            }
        }
    }

    /// The subjects in table order: the designs measured, then the baseline.
    static func subjects(designs: [StoreDesignName]) -> [Subject] { designs.map(Subject.store) + [.dictionary] }

    // MARK: Figures

    /// One thread's counts over its measured window.
    struct WorkerFigures {
        var reads = 0
        var writes = 0
        /// Reads that found their key (all of them, unless something is wrong).
        var hits = 0
        var elapsedNanoseconds: UInt64 = 0
        /// A sum over every value read, so that the optimiser cannot drop the reads.
        var checksum: UInt64 = 0
    }

    /// One run of one configuration: its threads' figures, each thread's rate summed.
    struct RunFigures {
        var workers: [WorkerFigures]

        /// Reads per second, summed over threads (each thread's reads over its own window).
        var readsPerSecond: Double {
            workers.reduce(0) { $0 + Double($1.reads) * 1e9 / Double(max(1, $1.elapsedNanoseconds)) }
        }

        /// Reads and writes per second, summed over threads.
        var operationsPerSecond: Double {
            workers.reduce(0) { $0 + Double($1.reads + $1.writes) * 1e9 / Double(max(1, $1.elapsedNanoseconds)) }
        }
    }

    /// Every run of one subject at one thread count.
    struct Row {
        var subject: Subject
        var threads: Int
        var runs: [RunFigures]

        /// The run with the median read throughput (runs is odd; for an even count, the upper
        /// middle).
        var median: RunFigures {
            runs.sorted { $0.readsPerSecond < $1.readsPerSecond }[runs.count / 2]
        }

        /// Thread time per read, in ns: threads divided by the median reads per second. It
        /// includes the writes' share of each thread's time.
        var nanosecondsPerRead: Double {
            let rate = median.readsPerSecond
            return rate > 0 ? Double(threads) * 1e9 / rate : .infinity
        }

        var slowest: Double { runs.map(\.readsPerSecond).min() ?? 0 }
        var fastest: Double { runs.map(\.readsPerSecond).max() ?? 0 }
    }

    struct Figures {
        var rows: [Row]
        var seconds: Double
        var loadBefore: Double?
        var loadAfter: Double?
        /// The one-way core-to-core latency (``ReadersBench/coreToCoreNanoseconds(roundTrips:)``) before and after the
        /// runs; nil on one core.
        var coreToCoreBefore: Double? = nil
        var coreToCoreAfter: Double? = nil

        var allWorkers: [WorkerFigures] { rows.flatMap { $0.runs.flatMap(\.workers) } }

        /// The printed report: the workload, the table, and the goals per thread count.
        var report: String {
            let workers = allWorkers
            let reads = workers.reduce(0) { $0 + $1.reads }
            let writes = workers.reduce(0) { $0 + $1.writes }
            let misses = reads - workers.reduce(0) { $0 + $1.hits }
            let checksum = workers.reduce(UInt64(0)) { $0 &+ $1.checksum }
            let realisedWriteShare = reads + writes == 0 ? 0 : Double(writes) / Double(reads + writes) * 100
            var lines: [String] = []
            lines.append(
                "readers: ReaderWriterStore<Int, Quote>, \(keyCount) keys loaded, zipfian alpha \(zipfAlpha), "
                    + "95% get / 5% set per thread (realised \(format(realisedWriteShare, 2))% sets)")
            lines.append(
                "  \(runs) runs per row, each \(format(seconds, 2)) s measured after \(warmUpNanoseconds / 1_000_000) ms warm-up, "
                    + "threads started together; the row is the median run by reads/s")
            lines.append(
                "  unsynchronised dict: plain [Int: Quote], no lock; every thread reads one shared dictionary that nobody "
                    + "mutates, and its sets go to a thread-private dictionary (no data race, no sharing)")
            lines.append("  gcd-barrier's sets return once enqueued (async barrier); the other designs' sets are synchronous")
            lines.append("")
            lines.append(
                pad("design", 21) + pad("threads", 9) + pad("reads/s (median)", 18) + pad("ops/s", 14) + pad("ns/read", 10)
                    + "reads/s min..max")
            for row in rows {
                let median = row.median
                lines.append(
                    pad(row.subject.name, 21) + pad("\(row.threads)", 9) + pad(rate(median.readsPerSecond), 18)
                        + pad(rate(median.operationsPerSecond), 14) + pad(format(row.nanosecondsPerRead, 1), 10)
                        + "\(rate(row.slowest))..\(rate(row.fastest))")
            }
            lines.append("  (ns/read = thread time per read, threads / reads per second, the sets' share included)")
            lines.append("")
            lines.append(contentsOf: scaling)
            for threads in threadCounts {
                lines.append("")
                lines.append(contentsOf: goals(threads: threads))
            }
            lines.append("")
            var check = "checksum of values read: 0x\(String(checksum, radix: 16)) over \(reads) reads"
            if misses != 0 { check += "; \(misses) reads found no value (expected none)" }
            lines.append(check)
            if let loadBefore, let loadAfter {
                lines.append("load average (1 min) before: \(format(loadBefore, 2)), after: \(format(loadAfter, 2)) on \(ProcessInfo.processInfo.activeProcessorCount) cores")
            }
            if let coreToCoreBefore, let coreToCoreAfter {
                lines.append(
                    "core-to-core latency (a cache line passed between two threads, one way) before: \(format(coreToCoreBefore, 1)) ns, "
                        + "after: \(format(coreToCoreAfter, 1)) ns; every design whose threads read each other's writes slows "
                        + "down when it is high (a virtual machine's cores may be near or far), the dictionary does not")
            }
            return lines.joined(separator: "\n")
        }

        /// Per design, how its median read rate grows from 1 thread to each larger thread count
        /// (its own rate there over its rate at 1 thread) and what share of the unsynchronised
        /// dictionary's rate at that count it reaches; the goal of a design whose reads scale is
        /// at least ``ReadersBench/scalingGoal`` and ``ReadersBench/dictionaryShareGoal`` at 2
        /// threads.
        var scaling: [String] {
            let counts = Array(Set(rows.map(\.threads))).sorted()
            let larger = counts.filter { $0 > 1 }
            guard counts.contains(1), !larger.isEmpty else { return ["scaling: no 1-thread rows"] }
            func median(_ subject: Subject, _ threads: Int) -> Double? {
                rows.first { $0.subject == subject && $0.threads == threads }?.median.readsPerSecond
            }
            var lines = [
                "scaling per design: reads/s at N threads over its own at 1 thread, and % of the unsynchronised dict's "
                    + "reads/s at N threads (goal at 2 threads: >= \(format(ReadersBench.scalingGoal, 1))x and "
                    + ">= \(format(ReadersBench.dictionaryShareGoal * 100, 0))%)"
            ]
            var header = pad("design", 21)
            for threads in larger { header += pad("\(threads) / 1 threads", 17) + pad("% dict at \(threads)", 14) }
            lines.append(header + "goal")
            var subjectsSeen: [Subject] = []
            for row in rows where !subjectsSeen.contains(row.subject) { subjectsSeen.append(row.subject) }
            for subject in subjectsSeen where subject != .dictionary {
                var line = pad(subject.name, 21)
                var met: Bool?
                for threads in larger {
                    let one = median(subject, 1) ?? 0
                    let many = median(subject, threads) ?? 0
                    let dictionary = median(.dictionary, threads) ?? 0
                    let ratio = one > 0 ? many / one : 0
                    let share = dictionary > 0 ? many / dictionary : 0
                    line += pad(format(ratio, 2) + "x", 17) + pad(format(share * 100, 1) + "%", 14)
                    if threads == 2 {
                        met = ratio >= ReadersBench.scalingGoal && share >= ReadersBench.dictionaryShareGoal
                    }
                }
                lines.append(line + (met.map { $0 ? "met" : "missed" } ?? "-"))
            }
            return lines
        }

        /// The two goals at `threads`: best design ≥ 3× gcd-barrier, and the dictionary at most
        /// ``dictionaryGapGoal(threads:)`` times the best.
        func goals(threads: Int) -> [String] {
            let atCount = rows.filter { $0.threads == threads }
            let designs = atCount.filter { $0.subject != .dictionary }
            guard let best = designs.max(by: { $0.median.readsPerSecond < $1.median.readsPerSecond }),
                let seed = atCount.first(where: { $0.subject == .store(.gcdBarrier) }),
                let baseline = atCount.first(where: { $0.subject == .dictionary })
            else { return ["\(threads) thread(s): incomplete"] }
            let bestRate = best.median.readsPerSecond
            let speedUp = seed.median.readsPerSecond > 0 ? bestRate / seed.median.readsPerSecond : .infinity
            let gap = bestRate > 0 ? baseline.median.readsPerSecond / bestRate : .infinity
            let label = threads == 1 ? "1 thread" : "\(threads) threads"
            let gapGoal = ReadersBench.dictionaryGapGoal(threads: threads)
            return [
                "\(label): best design \(best.subject.name), \(rate(bestRate)) reads/s",
                "  best / gcd-barrier (\(rate(seed.median.readsPerSecond))): \(format(speedUp, 2))x (goal >= 3x): "
                    + (speedUp >= 3 ? "goal met" : "goal missed"),
                "  unsynchronised dict (\(rate(baseline.median.readsPerSecond))) / best: \(format(gap, 2))x (goal <= \(format(gapGoal, 1))x): "
                    + (gap <= gapGoal ? "goal met" : "goal missed, best is \(format(100 / gap, 0))% of the dictionary's rate"),
            ]
        }

        private func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(1, width - text.count))
        }

        /// A rate in millions per second.
        private func rate(_ value: Double) -> String { format(value / 1e6, 2) + " M" }

        private func format(_ value: Double, _ decimals: Int) -> String {
            String(format: "%.\(decimals)f", value)
        }
    }

    // MARK: Running

    /// A store that does not hold every key after loading: its figures would not be reads of
    /// the workload described.
    struct LoadError: Error, CustomStringConvertible {
        var design: StoreDesignName
        var count: Int

        var description: String {
            "readers: the \(design.rawValue) store holds \(count) items after loading \(keyCount)"
        }
    }

    /// Measures each of `designs` and the dictionary at every thread count, `runs` times, each run
    /// `seconds` long after the warm-up.
    /// - Throws: ``LoadError`` if a store does not hold every key after loading.
    static func run(seconds: Double, designs: [StoreDesignName] = StoreDesignName.allCases) throws -> Figures {
        let duration = UInt64(saturating: (seconds * 1e9).rounded())
        let streams = (0..<(threadCounts.max() ?? 1)).map { operationStream(thread: $0) }
        let items = initialItems()
        let loadBefore = loadAverage()
        let coreToCoreBefore = coreToCoreNanoseconds()
        var rows: [Row] = []
        for threads in threadCounts {
            for subject in subjects(designs: designs) { rows.append(Row(subject: subject, threads: threads, runs: [])) }
        }
        for _ in 0..<runs {
            for index in rows.indices {
                let row = rows[index]
                let threadStreams = Array(streams.prefix(row.threads))
                let figures: RunFigures
                switch row.subject {
                case .store(let design):
                    let store = ReaderWriterStore<Int, Quote>(design: design)
                    store.addEntries(items)
                    // A read waits behind gcd-barrier's asynchronous bulk add.
                    let count = store.count
                    guard count == keyCount else { throw LoadError(design: design, count: count) }
                    figures = measure(streams: threadStreams, duration: duration) { _ in StoreTarget(store: store) }
                case .dictionary:
                    figures = measure(streams: threadStreams, duration: duration) { _ in
                        // The private dictionary is built on the worker thread: nobody else holds
                        // a reference to its storage, so its writes never copy it.
                        DictionaryTarget(shared: items, own: initialItems())
                    }
                }
                rows[index].runs.append(figures)
            }
        }
        return Figures(
            rows: rows, seconds: seconds, loadBefore: loadBefore, loadAfter: loadAverage(), coreToCoreBefore: coreToCoreBefore,
            coreToCoreAfter: coreToCoreNanoseconds())
    }

    /// Every key at version 1.
    static func initialItems() -> [Int: Quote] {
        var items: [Int: Quote] = [:]
        items.reserveCapacity(keyCount)
        for key in 0..<keyCount { items[key] = Quote(version: 1, price: Double(key) * 0.01) }
        return items
    }

    /// Thread `thread`'s operations: a key (zipfian rank) per entry, with ``writeFlag`` set for
    /// the 5% that are writes. Each thread draws from its own generator, derived from ``seed``.
    static func operationStream(thread: Int) -> [UInt32] {
        let zipf = ZipfTable(count: keyCount, alpha: zipfAlpha)
        let base = SeededGenerator(seed: seed).derived(UInt64(thread))
        var keys = base.derived(1)
        var kinds = base.derived(2)
        var stream = [UInt32](repeating: 0, count: streamLength)
        for index in 0..<streamLength {
            let key = UInt32(truncatingIfNeeded: zipf.rank(keys.nextUnit()))
            stream[index] = kinds.nextUnit() < writeShare ? key | writeFlag : key
        }
        return stream
    }

    /// One run: `streams.count` threads, each with its own target from `makeTarget` (called on the
    /// thread, with the thread's index) and its own stream, started together.
    static func measure<Target: ReadersTarget>(
        streams: [[UInt32]], duration: UInt64, makeTarget: @escaping @Sendable (Int) -> Target
    ) -> RunFigures {
        let gate = StartGate(parties: streams.count)
        let slots = streams.map { _ in WorkerSlot() }
        let group = DispatchGroup()
        for (index, stream) in streams.enumerated() {
            let slot = slots[index]
            group.enter()
            let thread = Thread {
                var target = makeTarget(index)
                slot.figures = work(&target, stream: stream, gate: gate, duration: duration)
                group.leave()
            }
            thread.name = "workbench-readers-\(index)"
            thread.start()
        }
        gate.open()
        group.wait()
        return RunFigures(workers: slots.map { $0.figures ?? WorkerFigures() })
    }

    /// One thread's loop: waits at the gate, runs the warm-up, then counts operations until the
    /// deadline, reading the clock once per ``chunk`` operations. Not inlined, so that it is
    /// specialised once per target type and shows up as one symbol in a profile.
    @inline(never)
    static func work<Target: ReadersTarget>(
        _ target: inout Target, stream: [UInt32], gate: StartGate, duration: UInt64
    ) -> WorkerFigures {
        stream.withUnsafeBufferPointer { operations in
            let start = gate.arriveAndWait()
            let measureFrom = start &+ warmUpNanoseconds
            let deadline = measureFrom &+ duration
            var figures = WorkerFigures()
            var index = 0
            var version: UInt64 = 1
            var now = start
            while now < measureFrom {
                runChunk(&target, operations, &index, &version, &figures)
                now = MonotonicClock.now()
            }
            let checksum = figures.checksum
            figures = WorkerFigures(checksum: checksum)
            let measuredFrom = now
            while now < deadline {
                runChunk(&target, operations, &index, &version, &figures)
                now = MonotonicClock.now()
            }
            figures.elapsedNanoseconds = now - measuredFrom
            return figures
        }
    }

    /// ``chunk`` operations from `operations`, starting at `index` (wrapping).
    @inline(__always)
    static func runChunk<Target: ReadersTarget>(
        _ target: inout Target, _ operations: UnsafeBufferPointer<UInt32>, _ index: inout Int, _ version: inout UInt64,
        _ figures: inout WorkerFigures
    ) {
        let mask = operations.count - 1
        var reads = 0
        var writes = 0
        var hits = 0
        var checksum = figures.checksum
        // Reads go through a copy taken once per chunk: a call through `target` itself, which is
        // `inout`, makes the compiler retain and release the store around every read (it cannot
        // prove that the call leaves `target` alone), and those are two atomic writes per read to
        // the store object's reference count, a line every thread shares: the bench would then
        // measure that line bouncing between cores rather than the design.
        let reader = target.reader
        for _ in 0..<chunk {
            let entry = operations[index]
            index = (index &+ 1) & mask
            let key = Int(entry & ~writeFlag)
            if entry & writeFlag == 0 {
                reads &+= 1
                if let quote = reader.read(key) {
                    hits &+= 1
                    checksum &+= quote.version ^ quote.price.bitPattern
                }
            } else {
                writes &+= 1
                version &+= 1
                target.write(key, Quote(version: version, price: Double(version) * 0.25))
            }
        }
        figures.reads &+= reads
        figures.writes &+= writes
        figures.hits &+= hits
        figures.checksum = checksum
    }

    /// The one-way latency of passing a cache line between two threads, in ns: the caller and a
    /// new thread take turns writing one atomic word `roundTrips` times each way, each waiting
    /// for the other's write (the median of 3 such measurements); nil on one core, where the two
    /// threads could only take turns on it.
    static func coreToCoreNanoseconds(roundTrips: Int = 100_000) -> Double? {
        guard ProcessInfo.processInfo.activeProcessorCount > 1, roundTrips > 0 else { return nil }
        let samples = (0..<3).map { _ -> Double in
            let line = PingPongLine()
            let done = DispatchSemaphore(value: 0)
            let other = Thread {
                for turn in 0..<roundTrips {
                    while line.word.load(ordering: .acquiring) != 2 &* turn &+ 1 {}
                    line.word.store(2 &* turn &+ 2, ordering: .releasing)
                }
                done.signal()
            }
            other.start()
            let start = MonotonicClock.now()
            for turn in 0..<roundTrips {
                line.word.store(2 &* turn &+ 1, ordering: .releasing)
                while line.word.load(ordering: .acquiring) != 2 &* turn &+ 2 {}
            }
            let elapsed = MonotonicClock.now() - start
            done.wait()
            return Double(elapsed) / Double(2 * roundTrips)
        }
        return samples.sorted()[1]
    }

    /// The word ``coreToCoreNanoseconds(roundTrips:)`` passes between two threads.
    final class PingPongLine: Sendable {
        let word = Atomic<Int>(0)
    }

    /// The 1-minute load average, to show how busy the machine was; nil where unavailable.
    static func loadAverage() -> Double? {
        var load = [0.0]
        return getloadavg(&load, 1) == 1 ? load[0] : nil
    }
}

extension ReadersBench {
    /// What a thread reads and writes: a store, or the dictionary baseline. A protocol with one
    /// generic loop over it, so that every subject runs the same loop, specialised per type.
    protocol ReadersTarget {
        /// What reads go through: a copy the loop takes once per chunk (``runChunk``).
        associatedtype Reader: ReadersReader
        /// The reads' side of the target.
        var reader: Reader { get }
        /// Sets `key` to `quote`.
        mutating func write(_ key: Int, _ quote: Quote)
    }

    /// The reads' side of a ``ReadersTarget``.
    protocol ReadersReader {
        /// The value for `key`.
        func read(_ key: Int) -> Quote?
    }

    /// A ReaderWriterStore shared by every thread of the run.
    struct StoreTarget: ReadersTarget, ReadersReader {
        let store: ReaderWriterStore<Int, Quote>

        var reader: StoreTarget { self }

        @inline(__always)
        func read(_ key: Int) -> Quote? { store[key] }

        @inline(__always)
        func write(_ key: Int, _ quote: Quote) { store[key] = quote }
    }

    /// The dictionary baseline's reads: the shared dictionary only (a copy of the target would
    /// share the private dictionary's storage too, and the next write would copy it).
    struct SharedDictionaryReader: ReadersReader {
        let shared: [Int: Quote]

        @inline(__always)
        func read(_ key: Int) -> Quote? { shared[key] }
    }

    /// The unsynchronised baseline: reads from `shared`, one dictionary every thread reads and no
    /// thread mutates; writes to `own`, private to the thread. No lock and no data race: the cost of
    /// a plain dictionary lookup, which no synchronised store can beat.
    struct DictionaryTarget: ReadersTarget {
        let shared: [Int: Quote]
        var own: [Int: Quote]

        var reader: SharedDictionaryReader { SharedDictionaryReader(shared: shared) }

        @inline(__always)
        mutating func write(_ key: Int, _ quote: Quote) { own[key] = quote }
    }

    /// Starts a run's threads together: each arrives and spins (yielding) until the opener, once all
    /// have arrived, publishes the start time.
    final class StartGate: Sendable {
        let parties: Int
        private let arrived = Atomic<Int>(0)
        private let startTime = Atomic<UInt64>(0)

        init(parties: Int) {
            self.parties = parties
        }

        /// Arrives and waits for the start.
        /// - Returns: the start time (MonotonicClock nanoseconds), the same for every thread.
        func arriveAndWait() -> UInt64 {
            arrived.add(1, ordering: .releasing)
            while true {
                let start = startTime.load(ordering: .acquiring)
                if start != 0 { return start }
                sched_yield()
            }
        }

        /// Waits until every party has arrived, then starts them.
        func open() {
            while arrived.load(ordering: .acquiring) < parties { usleep(50) }
            startTime.store(MonotonicClock.now(), ordering: .releasing)
        }
    }

    /// Where a worker thread leaves its figures; read only after the run's group has been left by
    /// every worker, which orders the write before the read.
    final class WorkerSlot: @unchecked Sendable {
        var figures: WorkerFigures?
    }
}
