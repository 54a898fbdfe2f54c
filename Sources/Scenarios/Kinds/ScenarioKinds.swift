import Foundation

/// The registry of scenario kinds: the one place that lists them.
public enum ScenarioKinds {
    /// The kinds that ship, in the order `--help` and `workbench columns` list them.
    public static let builtIn: [any KindScenario.Type] = [
        ScrollingTableScenario.self,
        NavigationScenario.self,
        DrawingScenario.self,
        ParallelReadersScenario.self,
    ]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered: [any KindScenario.Type] = []

    /// Every kind: the built-in ones, then those registered, in order.
    public static var all: [any KindScenario.Type] {
        lock.lock()
        defer { lock.unlock() }
        return builtIn + registered
    }

    /// Adds a kind (a no-op when one of that name is known).
    public static func register(_ type: any KindScenario.Type) {
        lock.lock()
        defer { lock.unlock() }
        if !(builtIn + registered).contains(where: { $0.kind == type.kind }) {
            registered.append(type)
        }
    }

    /// The kind called `kind`, or nil.
    public static func type(of kind: ScenarioKind) -> (any KindScenario.Type)? {
        all.first { $0.kind == kind }
    }

    /// The kind called `name`, or nil.
    public static func named(_ name: String) -> (any KindScenario.Type)? {
        all.first { $0.kind.rawValue == name }
    }
}
