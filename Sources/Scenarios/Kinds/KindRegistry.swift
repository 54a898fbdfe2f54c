/// The registry of scenario kinds: the one place that lists them.
public enum KindRegistry {
    /// The kinds that ship, in the order `--help` and `workbench columns` list them.
    public static let builtIn: [any KindScenario.Type] = [
        ScrollingTableScenario.self,
        NavigationScenario.self,
        DrawingScenario.self,
        ParallelReadersScenario.self,
        TraceScenario.self,
    ]

    /// Kinds added for the current task and its children (see ``registering(_:operation:)``).
    @TaskLocal static var added: [any KindScenario.Type] = []

    /// Every kind: the built-in ones, then those added for the current task, in order.
    public static var all: [any KindScenario.Type] {
        builtIn + added.filter { type in !builtIn.contains { $0.kind == type.kind } }
    }

    /// Runs `operation` with `kinds` registered besides the built-in ones: how a kind defined
    /// outside this module (a test's) joins the registry, without changing it for anyone else.
    public static func registering<Result>(
        _ kinds: [any KindScenario.Type], operation: () throws -> Result
    ) rethrows -> Result {
        try $added.withValue(added + kinds, operation: operation)
    }

    /// The kind called `kind`, or nil.
    public static func type(of kind: KindName) -> (any KindScenario.Type)? {
        all.first { $0.kind == kind }
    }

    /// The kind called `name`, or nil.
    public static func named(_ name: String) -> (any KindScenario.Type)? {
        all.first { $0.kind.rawValue == name }
    }
}
