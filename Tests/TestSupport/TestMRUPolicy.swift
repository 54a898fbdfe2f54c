import Models

/// Most recently used goes first, evicting the `depth`-th most recent entry: a policy of the test
/// target's own, registered by name as a program embedding workbench registers its policies.
public final class TestMRUPolicy: RegisteredPolicy {
    private var order: [Int] = []
    private let depth: Int

    public static let policyName: PolicyName = "test-mru"
    public static let summary = "Most recently used goes first (a test policy)."
    public static let reference = "the test target"
    public static let parameters = [
        PolicyParameter("depth", "Evict the depth-th most recently used entry.", kind: .integer(1...4), default: .integer(1))
    ]

    public init(_ context: PolicyContext) { depth = context.settings.integer("depth", or: 1) }

    public func didInsert(_ slot: Int) { order.append(slot) }
    public func didAccess(_ slot: Int) {
        if let index = order.firstIndex(of: slot) { order.remove(at: index) }
        order.append(slot)
    }
    public func didRemove(_ slot: Int) { order.removeAll { $0 == slot } }
    public func didRemoveAll() { order.removeAll() }
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        let candidates = order.reversed().filter { !skip($0) }
        return candidates.isEmpty ? nil : candidates[min(depth, candidates.count) - 1]
    }

    /// Registers the policy once per test process.
    public static let registered: Bool = {
        do {
            try PolicyRegistry.register(TestMRUPolicy.self)
            return true
        } catch {
            return false
        }
    }()
}
