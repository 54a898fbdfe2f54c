import Synchronization

/// A kind of controller a ``ControllerCache`` pools, standing in for an Objective-C `Class`.
///
/// Identity is the object's identity, as a class object's would be: two `ControllerType`s with the
/// same name are different types. Use it when controller kinds come from data (a scenario file);
/// Swift subclasses of ``ViewController`` can be passed to the cache directly as `T.self`.
public final class ControllerType: @unchecked Sendable {
    /// The type's name, for reports.
    public let name: String
    /// A small number unique to this type in the process, so that a cache can find the type's
    /// entry by indexing instead of hashing.
    public let id: Int
    /// What an instance costs to re-create (stated device time, ns), for a cost-aware eviction
    /// policy (`gdsf`, `greedy-dual`); nil: not stated, 1 to such a policy.
    public let recreationCost: Double?
    private let factory: () -> ViewController

    private static let nextID = Atomic<Int>(0)

    /// Creates a type whose instances are made by `factory` (its "automatic instantiation"),
    /// each costing `recreationCost` to make again (nil: not stated).
    public init(name: String, recreationCost: Double? = nil, factory: @escaping () -> ViewController) {
        self.name = name
        self.recreationCost = recreationCost
        self.factory = factory
        id = Self.nextID.add(1, ordering: .relaxed).oldValue
    }

    /// Creates a type whose instances load their view from `nib`, as a nib named after the class.
    public convenience init(name: String, nib: NibDescription) {
        self.init(name: name) { ViewController(nib: nib) }
    }

    /// Makes a new instance.
    public func instantiate() -> ViewController { factory() }
}
