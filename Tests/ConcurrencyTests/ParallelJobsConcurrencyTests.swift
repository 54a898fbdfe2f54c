import Foundation
import Models
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// ``ParallelJobs``, which `run --jobs` runs a scenario's runs with: outputs come back in order
/// whatever order the jobs finish in, a job marked alone never shares the machine, the width and
/// the memory budget hold, and a stop or a cancel ends it with nothing running. Run under
/// ThreadSanitizer too (`make tsan`).
@Suite("parallel jobs")
struct ParallelJobsConcurrencyTests {
    /// Who is running, and what was seen while they ran.
    final class Watch: @unchecked Sendable {
        private let lock = NSLock()
        private var running: Set<Int> = []
        private(set) var mostAtOnce = 0
        /// Jobs that saw another one running beside them.
        private(set) var sawOthers: Set<Int> = []

        func enter(_ index: Int) {
            lock.withLock {
                if !running.isEmpty {
                    sawOthers.insert(index)
                    sawOthers.formUnion(running)
                }
                running.insert(index)
                mostAtOnce = max(mostAtOnce, running.count)
            }
        }

        func leave(_ index: Int) {
            lock.withLock { _ = running.remove(index) }
        }

        var seen: (mostAtOnce: Int, sawOthers: Set<Int>) { lock.withLock { (mostAtOnce, sawOthers) } }
    }

    /// Job `index`'s output, after a pause that makes later jobs finish before earlier ones.
    static func work(_ watch: Watch) -> @Sendable (Int, @escaping @Sendable () -> Bool) -> Int {
        { index, _ in
            watch.enter(index)
            usleep(UInt32(1_000 * ((7 * index) % 5 + 1)))
            watch.leave(index)
            return index * index
        }
    }

    @Test("results are handed back in the jobs' order, the same as with one job at a time")
    func resultsInOrder() {
        let jobs = Array(repeating: ParallelJobs.Job(alone: false, cost: 1), count: 24)
        var one: [Int] = []
        _ = ParallelJobs(width: 1).run(jobs, isCancelled: { false }, work: Self.work(Watch())) {
            one.append($1); return false
        }
        var four: [(Int, Int)] = []
        let watch = Watch()
        let (ending, record) = ParallelJobs(width: 4).run(jobs, isCancelled: { false }, work: Self.work(watch)) {
            four.append(($0, $1))
            return false
        }
        #expect(ending == .finished)
        #expect(four.map(\.0) == Array(0..<24))
        #expect(four.map(\.1) == one)
        #expect(watch.seen.mostAtOnce <= 4)
        // The first four start together, before any can finish.
        #expect(record.mostAtOnce == 4 && record.overlapped.isSuperset(of: [0, 1, 2, 3]))
    }

    @Test("a job marked alone runs with nothing beside it, and only it")
    func aloneJobsRunAlone() {
        let alone: Set<Int> = [0, 5, 6, 11]
        let jobs = (0..<12).map { ParallelJobs.Job(alone: alone.contains($0), cost: 1) }
        let watch = Watch()
        var order: [Int] = []
        let (_, record) = ParallelJobs(width: 3).run(jobs, isCancelled: { false }, work: Self.work(watch)) { index, _ in
            order.append(index)
            return false
        }
        #expect(order == Array(0..<12))
        #expect(watch.seen.sawOthers.isDisjoint(with: alone))
        #expect(record.overlapped.isDisjoint(with: alone))
        #expect(record.overlapped.isSuperset(of: [1, 2, 3]))
    }

    @Test("the jobs at once stay within the memory budget; one job alone runs whatever its cost")
    func memoryBudgetHolds() {
        // Two of these fit, three do not; the last one is larger than the budget by itself.
        let jobs = (0..<9).map { ParallelJobs.Job(alone: false, cost: $0 == 8 ? 50 : 4) }
        let watch = Watch()
        let (ending, record) = ParallelJobs(width: 4, budget: 10).run(jobs, isCancelled: { false }, work: Self.work(watch)) {
            _, _ in false
        }
        #expect(ending == .finished)
        #expect(watch.seen.mostAtOnce <= 2)
        #expect(record.memoryLimited)
        #expect(!record.overlapped.contains(8))
    }

    @Test("deliver's stop ends it: later outputs are dropped, the running jobs are told to stop and awaited")
    func stopEndsRunningJobs() {
        let jobs = Array(repeating: ParallelJobs.Job(alone: false, cost: 1), count: 40)
        let stoppedSeen = Collector<Int>()
        let finished = Collector<Int>()
        var handed: [Int] = []
        let (ending, _) = ParallelJobs(width: 3).run(
            jobs, isCancelled: { false },
            work: { index, stopped in
                // Later jobs run until told to stop.
                let deadline = Date().addingTimeInterval(index > 2 ? 10 : 0.001)
                while Date() < deadline, !stopped() { usleep(200) }
                if stopped() { stoppedSeen.append(index) }
                finished.append(index)
                return index
            },
            deliver: { index, _ in
                handed.append(index)
                return index == 2
            })
        #expect(ending == .stopped)
        #expect(handed == [0, 1, 2])
        // Every job that started has ended by the time it returns.
        #expect(Set(finished.all).isSuperset(of: [0, 1, 2]))
        #expect(Set(stoppedSeen.all) == Set(finished.all).subtracting([0, 1, 2]))
    }

    @Test("a cancel stops jobs from starting; what ran before is handed back")
    func cancelStopsStarting() {
        let jobs = Array(repeating: ParallelJobs.Job(alone: false, cost: 1), count: 30)
        let started = Collector<Int>()
        var handed: [Int] = []
        let (ending, _) = ParallelJobs(width: 2).run(
            jobs, isCancelled: { started.all.count >= 5 },
            work: { index, _ in
                started.append(index)
                usleep(500)
                return index
            },
            deliver: { index, _ in
                handed.append(index)
                return false
            })
        #expect(ending == .cancelled)
        #expect(started.all.count < 30)
        #expect(handed == Array(0..<handed.count))
    }
    @Test(
        "a cancel hands back the earliest job under way (its partial output, as one job after another would), even when a later one finishes first; later outputs are dropped"
    )
    func cancelHandsBackEarliestUnderWay() {
        for count in [2, 6] {
            // Job 0 runs until the cancel; job 1 ends at once, and its end is what cancels.
            let cancel = Flag()
            let ended = Collector<Int>()
            var handed: [(Int, String)] = []
            let (ending, _) = ParallelJobs(width: 2).run(
                Array(repeating: ParallelJobs.Job(alone: false, cost: 1), count: count), isCancelled: { cancel.isRaised },
                work: { index, _ in
                    defer { ended.append(index) }
                    if index == 1 {
                        cancel.raise()
                        return "whole 1"
                    }
                    let deadline = Date().addingTimeInterval(10)
                    while Date() < deadline, !cancel.isRaised { usleep(200) }
                    return cancel.isRaised ? "partial \(index)" : "whole \(index)"
                },
                deliver: { index, output in
                    handed.append((index, output))
                    return false
                })
            #expect(ending == .cancelled, "\(count) jobs")
            #expect(handed.map(\.0) == [0], "\(count) jobs: \(handed)")
            #expect(handed.first?.1 == "partial 0", "\(count) jobs: \(handed)")
            // Nothing after job 1 started, and every job that started has ended.
            #expect(Set(ended.all) == [0, 1], "\(count) jobs")
        }
    }
}

