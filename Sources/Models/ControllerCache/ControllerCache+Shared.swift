/// Class-level conveniences: each is the instance method called on ``ControllerCache/shared``, as
/// `+controllerForClass:` is `[[DEViewControllerCache defaultCache] controllerForClass:]`.
extension ControllerCache {
    /// `shared.controller(for:)`.
    public static func controller<T: ViewController>(for type: T.Type) -> T {
        shared.controller(for: type)
    }

    /// `shared.controller(for:)`.
    public static func controller(for type: ControllerType) -> ViewController {
        shared.controller(for: type)
    }

    /// `shared.removeController(_:)`.
    public static func removeController(_ controller: ViewController) {
        shared.removeController(controller)
    }

    /// `shared.removeInstances(of:)`.
    public static func removeInstances<T: ViewController>(of type: T.Type) {
        shared.removeInstances(of: type)
    }

    /// `shared.removeInstances(of:)`, for a type that comes from data.
    public static func removeInstances(of type: ControllerType) {
        shared.removeInstances(of: type)
    }

    /// `shared.removeAll()`.
    public static func removeAllInstances() {
        shared.removeAll()
    }
}
