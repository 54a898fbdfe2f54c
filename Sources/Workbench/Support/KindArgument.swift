import Scenarios

/// A `KIND` argument (`workbench columns KIND`, `workbench keys KIND`): that kind, or every kind
/// when none is given; an unknown name exits 1 naming the kinds.
enum KindArgument {
    static func kinds(_ name: String?) throws -> [any KindScenario.Type] {
        guard let name else { return KindRegistry.all }
        guard let type = KindRegistry.named(name) else {
            let known = KindRegistry.all.map { $0.kind.rawValue }.joined(separator: ", ")
            Diagnostics.error("error: unknown kind '\(name)' (expected one of: \(known))")
            throw WorkbenchExit.inputError
        }
        return [type]
    }
}
