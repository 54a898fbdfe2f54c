/// A simulated `UINavigationController`: a stack of controllers, the top one's view on screen.
public final class NavigationController: ViewController {
    /// The stack, root first.
    @exclusivity(unchecked) public private(set) var viewControllers: [ViewController] = []

    /// Creates a navigation controller with `root` at the bottom of its stack.
    public init(root: ViewController? = nil) {
        super.init(nib: nil)
        if let root { push(root) }
    }

    public required convenience init() {
        self.init(root: nil)
    }

    /// The controller on top of the stack.
    public var topViewController: ViewController? { viewControllers.last }

    /// Pushes `controller`: it becomes a child, its navigation controller is this one, and its
    /// view replaces the previous top's view in the navigation controller's view.
    public func push(_ controller: ViewController) {
        topViewController?.viewIfLoaded?.removeFromSuperview()
        addChild(controller)
        controller.setNavigationController(self)
        viewControllers.append(controller)
        view.addSubview(controller.view)
    }

    /// Pops the top controller (never the root) and returns it, no longer in use by this stack.
    @discardableResult
    public func pop() -> ViewController? {
        guard viewControllers.count > 1, let top = viewControllers.popLast() else { return nil }
        detach(top)
        if let newTop = topViewController { view.addSubview(newTop.view) }
        return top
    }

    /// Pops everything above the root.
    public func popToRoot() {
        while viewControllers.count > 1 { pop() }
    }

    private func detach(_ controller: ViewController) {
        controller.viewIfLoaded?.removeFromSuperview()
        controller.removeFromParent()
        controller.setNavigationController(nil)
    }
}
