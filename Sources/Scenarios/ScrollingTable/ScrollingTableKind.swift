import Models
import Report

extension KindName {
    /// `kind: scrolling-table`.
    public static let scrollingTable = KindName(rawValue: "scrolling-table")
}

extension ScrollingTableScenario: KindScenario {
    public static var kind: KindName { .scrollingTable }

    public static let summary =
        "a table view scrolled by a script, its row controllers in a reuse cache and its headers and footers in a reuse pool"

    public static var columns: ResultColumns { RunRecorder.columns }

    public var policyList: PolicyList? { PolicyList(path: ["cache", "policies"], names: cache.policies) }

    /// Each controller policy, once per in-use mode where it caches.
    public func runs(options: RunOptions) -> [RunConfiguration] {
        RunConfiguration.matrix(
            policies: (options.policies ?? cache.policies).filter { $0.isAmong(PolicyName.controllerPolicies) },
            modes: options.inUseModes(cache.inUse), seed: seed(options))
    }

    public func run(_ configuration: RunConfiguration, isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        OptimalPass.run(configuration) { configuration, future, reportsProgress in
            ScrollingTableDriver(scenario: self, configuration: configuration, future: future)
                .run(isCancelled: isCancelled, progress: { if reportsProgress { progress($0) } })
        }
    }
}

extension ScrollingTableScenario {
    /// One cache key per controller type: the cell types and the detail types.
    public var distinctCacheKeys: Int? { table.cells.count + details.count }

    /// The recorded scroll sessions its steps replay (``RecordedScroll``).
    public var inputFiles: [String] {
        scroll.compactMap { if case .recorded(let session) = $0, !session.resolvedFile.isEmpty { session.resolvedFile } else { nil } }
    }
}
