import Foundation
import Models
import Report

extension KindName {
    /// `kind: parallel-readers`.
    public static let parallelReaders = KindName(rawValue: "parallel-readers")
}

extension ParallelReadersScenario: KindScenario {
    public static var kind: KindName { .parallelReaders }

    public static let summary = "reader and writer threads against a reader-writer store, one synchronisation design per run"

    public static var columns: ResultColumns { ParallelReadersRecorder.columns }

    /// Each store design.
    public func runs(options: RunOptions) -> [RunConfiguration] {
        RunConfiguration.matrix(
            policies: (options.policies ?? designs).filter(PolicyName.storeDesigns.contains), modes: [], seed: seed(options),
            inUseApplies: { _ in false })
    }

    /// Its reader and writer threads, on the wall clock (they run for real, not simulated).
    public var runLoad: RunLoad {
        RunLoad(threads: readerThreads + writerThreads, wallFactor: 1)
    }

    public func run(_ configuration: RunConfiguration, isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        ParallelReadersDriver(scenario: self, configuration: configuration).run(isCancelled: isCancelled, progress: progress)
    }
}

extension ParallelReadersScenario {
    /// Open-loop readers (`rate:`) complete what they are offered: their throughput is their
    /// rate by construction, and says nothing about the designs. (Open-loop writers are load,
    /// not a figure anyone compares.)
    public func warnings(options: RunOptions) -> [String] {
        let openLoop = roles.compactMap { kind, role -> String? in
            guard kind == .reader, let rate = role.rate else { return nil }
            return "its \(role.name.map { "\($0) " } ?? "")\(kind.rawValue)s run open-loop at \(formatNumber(rate)) operations/s: their throughput is that rate by construction; compare their latencies, or leave rate: out for a closed loop whose throughput measures the design"
        }
        // The machine's cores, as its load: not with `WORKBENCH_SKIP_LOAD_CHECK=1` (output that
        // must not depend on the machine, as the docs' generated transcripts).
        let machine =
            ProcessInfo.processInfo.environment["WORKBENCH_SKIP_LOAD_CHECK"] == "1"
            ? nil : threadsWarning(cores: ProcessInfo.processInfo.activeProcessorCount)
        return openLoop + optimisticWarning(options: options) + (machine.map { [$0] } ?? [])
    }

    /// More threads than the machine has cores: some wait for a core, and every measured
    /// figure (latencies, rates) includes that wait, which the design does not cause. Names both
    /// numbers and the groups' threads: `its 4 threads (ui 1, background 2, sync 1) outnumber
    /// this machine's 2 cores: ...`.
    func threadsWarning(cores: Int) -> String? {
        let threads = readerThreads + writerThreads
        guard threads > cores else { return nil }
        let groups = roles.map { kind, role in "\(role.name ?? kind.rawValue + "s") \(role.threads)" }.joined(separator: ", ")
        return "its \(threads) threads (\(groups)) outnumber this machine's \(cores) core\(cores == 1 ? "" : "s"): "
            + "some wait for a core, and the measured figures (latencies, rates) include that wait; "
            + "compare designs with each other (relative expect lines, decide), not with an absolute bound"
    }

    /// The `optimistic` design named on purpose (in `store.designs` other than the default list,
    /// or with `--policy`): this kind's values carry a payload array, which is not plain data, so
    /// that design reads here under a read-write lock, as `rwlock` does.
    func optimisticWarning(options: RunOptions) -> [String] {
        let named = options.policies ?? (designs == PolicyName.storeDesigns ? [] : designs)
        guard named.contains(.optimistic) else { return [] }
        return ["store design optimistic: this kind's values carry a \(valueSize)-byte payload array, which is not plain data, so its reads take a read-write lock here, as rwlock's do; its seqlock reads need plain-data keys and values (bench --suite readers measures them)"]
    }
}
