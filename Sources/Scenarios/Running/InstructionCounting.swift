import Report

/// A kind whose timed operation `run --instructions` counts in instructions under callgrind.
///
/// Its driver wraps the operation (the section its `*_ns` latency times, when the run records
/// it) in ``InstructionCounter/start()`` and ``InstructionCounter/stop()``; ``countedOperation``
/// names the operation, declares its columns and says how many operations a run counted. A kind
/// that is not one (parallel-readers: valgrind runs one thread at a time, so its readers would
/// never race) runs as without `--instructions`, with no instruction columns.
public protocol InstructionCounting: KindScenario {
    /// The operation counted.
    static var countedOperation: CountedOperation { get }
}

/// The operation of a kind that `run --instructions` counts (``InstructionCounting``).
public struct CountedOperation: Sendable {
    /// The columns' prefix: `frame_work` gives `frame_work_instructions` and
    /// `frame_work_instructions_total`.
    public var name: String
    /// One operation, for the columns' descriptions (`frame's work`).
    public var what: String
    /// How many operations a run's output counted (those whose latency it recorded).
    public var count: @Sendable (RunOutput) -> UInt64

    public init(name: String, what: String, count: @escaping @Sendable (RunOutput) -> UInt64) {
        self.name = name
        self.what = what
        self.count = count
    }

    /// Its two summary columns, role ``MetricRole/instructions``.
    public var columns: [Column] { Column.instructionColumns(operation: name, what: what) }

    /// The operations counted by `output`'s latency recorders called one of `names`.
    public static func recorded(_ names: String..., in output: RunOutput) -> UInt64 {
        output.operations.filter { names.contains($0.name) }.reduce(0) { $0 + $1.buckets.count }
    }

    /// Appends the columns to `output`'s summary: `total` instructions over the operations it
    /// counted (mean empty when it counted none, both empty when the dump could not be read).
    public func append(total: UInt64?, to output: inout RunOutput) {
        let operations = count(output)
        let mean: CSVValue = total.flatMap { total in operations > 0 ? .double(Double(total) / Double(operations)) : nil } ?? .empty
        output.summary.append(columns[0].name, mean)
        output.summary.append(columns[1].name, total.map { .uint($0) } ?? .empty)
    }

    /// The operation of `scenario`'s kind, when it counts one.
    public static func of(_ scenario: any KindScenario) -> CountedOperation? {
        (scenario as? any InstructionCounting).map { type(of: $0).countedOperation }
    }
}
