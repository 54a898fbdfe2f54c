import Foundation
import Synchronization

/// Runs independent jobs on up to ``width`` threads at once and hands their outputs back in the
/// jobs' order, on the calling thread, as if they had run one after another.
///
/// - A job marked ``Job/alone`` runs with nothing beside it: it starts once every earlier job has
///   finished and been handed back, on the calling thread, and no job starts until it is done.
/// - The jobs running at once hold at most ``budget`` bytes together (each job's ``Job/cost``);
///   a job runs anyway when nothing else is running.
/// - Jobs start in order: a job waits for its turn (a free thread, the memory) and no later job
///   overtakes it, so outputs wait for at most ``width`` jobs before they are handed back.
/// - When `deliver` says stop, no job starts any more; the jobs still running are told to stop
///   (their `stopped` closure returns true), awaited, and their outputs dropped.
/// - When `isCancelled` turns true, no job starts any more, and the earliest job not yet handed
///   back is awaited and handed back (the partial output of the job under way, as one job after
///   another would give it), whichever job finishes first; the later ones are told to stop,
///   awaited, and their outputs dropped.
///
/// With a width of 1 every job runs on the calling thread, one after another, exactly as a loop
/// would run them.
public struct ParallelJobs: Sendable {
    /// One job: whether it must run alone and what it holds in memory while it runs.
    public struct Job: Sendable, Equatable {
        /// Runs with nothing beside it.
        public var alone: Bool
        /// Bytes it holds while it runs (an estimate).
        public var cost: Double

        public init(alone: Bool, cost: Double) {
            self.alone = alone
            self.cost = cost
        }
    }

    /// How the jobs ran.
    public struct Record: Sendable, Equatable {
        /// The most jobs that ran at the same time (0 when none ran).
        public var mostAtOnce = 0
        /// The jobs (by index) that ran at the same time as at least one other.
        public var overlapped: Set<Int> = []
        /// Whether a job waited for memory (``budget``) while a thread was free for it.
        public var memoryLimited = false

        public init() {}
    }

    /// Why ``run(_:isCancelled:work:deliver:)`` returned.
    public enum Ending: Sendable, Equatable {
        /// Every job ran and was handed back.
        case finished
        /// `deliver` asked to stop after the job it was given.
        case stopped
        /// `isCancelled` turned true: no later job started, and the earliest job not yet handed
        /// back, if one had started, was handed back.
        case cancelled
    }

    /// Jobs at once, at least 1.
    public var width: Int
    /// Bytes the jobs running at once may hold together.
    public var budget: Double

    public init(width: Int, budget: Double = .infinity) {
        self.width = max(1, width)
        self.budget = budget
    }

    /// Runs `jobs` and hands each output to `deliver`, in order, on the calling thread.
    /// - Parameters:
    ///   - jobs: the jobs, in the order their outputs are handed back.
    ///   - isCancelled: asked on the calling thread before each job starts and while jobs run.
    ///   - work: runs job `index`; `stopped` turns true when its output will not be used.
    ///   - deliver: takes job `index`'s output; returns true to stop there.
    public func run<Output: Sendable>(
        _ jobs: [Job], isCancelled: () -> Bool,
        work: @escaping @Sendable (_ index: Int, _ stopped: @escaping @Sendable () -> Bool) -> Output,
        deliver: (_ index: Int, Output) -> Bool
    ) -> (ending: Ending, record: Record) {
        var record = Record()
        let notStopped: @Sendable () -> Bool = { false }
        guard width > 1, jobs.contains(where: { !$0.alone }) else {
            for index in jobs.indices {
                if isCancelled() { return (.cancelled, record) }
                record.mostAtOnce = 1
                if deliver(index, work(index, notStopped)) { return (.stopped, record) }
            }
            return (.finished, record)
        }
        let state = JobsState<Output>()
        let stop = StopFlag()
        let stopped: @Sendable () -> Bool = { stop.isRaised }
        var next = 0
        var handedBack = 0
        var ending = Ending.finished
        state.condition.lock()
        coordinating: while true {
            if handedBack == jobs.count { break }
            let cancelled = isCancelled()
            if cancelled, handedBack == next {
                // Nothing under way is left to hand back.
                ending = .cancelled
                break
            }
            // Hand back what is ready, in order; once cancelled, only the earliest job under way.
            if let output = state.finished.removeValue(forKey: handedBack) {
                state.condition.unlock()
                let stopHere = deliver(handedBack, output)
                state.condition.lock()
                handedBack += 1
                if stopHere || cancelled {
                    ending = stopHere ? .stopped : .cancelled
                    break coordinating
                }
                continue coordinating
            }
            // Start what may start, in order.
            while !cancelled, next < jobs.count {
                let job = jobs[next]
                if job.alone {
                    guard state.running.isEmpty, handedBack == next else { break }
                    state.condition.unlock()
                    let output = work(next, notStopped)
                    state.condition.lock()
                    state.finished[next] = output
                    record.mostAtOnce = max(record.mostAtOnce, 1)
                    next += 1
                    continue coordinating
                }
                guard state.running.count < width else { break }
                if !state.running.isEmpty, state.cost + job.cost > budget {
                    record.memoryLimited = true
                    break
                }
                if !state.running.isEmpty {
                    record.overlapped.formUnion(state.running)
                    record.overlapped.insert(next)
                }
                state.running.insert(next)
                state.cost += job.cost
                record.mostAtOnce = max(record.mostAtOnce, state.running.count)
                let index = next
                let thread = Thread {
                    let output = work(index, stopped)
                    state.finish(index, output: output, cost: job.cost)
                }
                thread.name = "workbench-job-\(index)"
                // As much stack as the main thread has: a job is what the main thread would run.
                thread.stackSize = 8 << 20
                thread.start()
                next += 1
            }
            if state.finished[handedBack] == nil { state.condition.wait() }
        }
        // Stopped or cancelled: the jobs still running are told so and awaited.
        stop.raise()
        while !state.running.isEmpty { state.condition.wait() }
        state.condition.unlock()
        return (ending, record)
    }
}

/// The jobs running and the outputs not yet handed back, behind a condition (an `NSCondition`:
/// ThreadSanitizer sees it).
private final class JobsState<Output: Sendable>: @unchecked Sendable {
    let condition = NSCondition()
    @exclusivity(unchecked) var finished: [Int: Output] = [:]
    @exclusivity(unchecked) var running: Set<Int> = []
    @exclusivity(unchecked) var cost = 0.0

    func finish(_ index: Int, output: Output, cost jobCost: Double) {
        condition.lock()
        finished[index] = output
        running.remove(index)
        cost -= jobCost
        condition.broadcast()
        condition.unlock()
    }
}

/// Raised once: the jobs still running are to stop.
private final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func raise() { value.store(true, ordering: .releasing) }
    var isRaised: Bool { value.load(ordering: .acquiring) }
}
