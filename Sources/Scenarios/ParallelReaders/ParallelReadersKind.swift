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
        return openLoop + optimisticWarning(options: options)
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
