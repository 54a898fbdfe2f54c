/// MCViewFactory: names registered to make controllers.
///
/// Sections and views share one name space. ``create(_:)`` is the low-level call: a new instance
/// every time, no caching and no lifecycle events; ``ViewModel`` adds those. A new factory has the
/// built-in main and error views registered (``builtinMain``, ``builtinError``).
public final class ViewFactory {
    @exclusivity(unchecked) private var makers: [String: () -> FactoryViewController] = [:]
    @exclusivity(unchecked) private var recreationCosts: [String: Double] = [:]

    /// A factory with only the built-in views registered.
    public init() {
        makers[Self.builtinMain] = { MainViewController() }
        makers[Self.builtinError] = { ErrorViewController() }
    }

    /// Registers `name`, made by `make` (a scenario supplies closures that build real view trees),
    /// each costing `recreationCost` to make again (nil: not stated). Registering a name again
    /// replaces its maker.
    /// - Complexity: O(1) amortised.
    public func register(_ name: String, recreationCost: Double? = nil, make: @escaping () -> FactoryViewController) {
        makers[name] = make
        recreationCosts[name] = recreationCost
    }

    /// What a controller of `name` costs to make again (its stated device time, ns), for a
    /// cost-aware eviction policy (`gdsf`, `greedy-dual`); nil when not stated.
    public func recreationCost(of name: String) -> Double? { recreationCosts[name] }

    /// Whether `name` is registered.
    /// - Complexity: O(1)
    public func isRegistered(_ name: String) -> Bool {
        makers[name] != nil
    }

    /// The registered names, sorted (the built-in views included).
    /// - Complexity: O(*n* log *n*) for *n* names.
    public var registeredNames: [String] { makers.keys.sorted() }

    /// A new controller for `name`: no caching, no `onCreate`, `onResume` or `onPause`.
    /// - Throws: ``ViewFactoryError/unknownName(_:)`` naming `name` if it is not registered.
    /// - Complexity: O(1) plus the maker's work.
    public func create(_ name: String) throws(ViewFactoryError) -> FactoryViewController {
        guard let make = makers[name] else { throw .unknownName(name) }
        return instantiate(name, with: make)
    }

    /// The maker for `name`, for a caller that validates first and creates later.
    func maker(for name: String) -> (() -> FactoryViewController)? {
        makers[name]
    }

    /// Runs `make` and stamps the result with `name`.
    func instantiate(_ name: String, with make: () -> FactoryViewController) -> FactoryViewController {
        let controller = make()
        controller.name = name
        return controller
    }
}
