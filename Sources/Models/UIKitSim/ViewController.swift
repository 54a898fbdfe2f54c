/// A simulated `UIViewController`: a lazily loaded view, parent/child links, presentation and a
/// navigation controller.
///
/// Loading the view builds a real tree of ``View`` objects from the controller's
/// ``NibDescription`` (or a single empty view when it has none, as a programmatic UI would).
open class ViewController {
    /// The nib the view is loaded from; `nil` means a programmatic, single-view interface.
    public let nib: NibDescription?
    @exclusivity(unchecked) private var loadedView: View? {
        didSet { viewLink = loadedView.map { Unmanaged.passUnretained($0) } }
    }
    /// The same view without ownership, for hot-path checks that must not retain it.
    @exclusivity(unchecked) private var viewLink: Unmanaged<View>?

    // The links up the hierarchy are non-owning, as in UIKit: the owner (parent, presenter,
    // navigation controller) clears them when it lets go or goes away, so they never dangle, and
    // no controller needs a weak-reference side table (which slows every retain of it).

    /// The controller this one is a child of.
    public private(set) var parent: ViewController? {
        get { parentLink?.takeUnretainedValue() }
        set { parentLink = newValue.map { Unmanaged.passUnretained($0) } }
    }
    @exclusivity(unchecked) private var parentLink: Unmanaged<ViewController>?
    /// Child controllers, in the order they were added.
    @exclusivity(unchecked) public private(set) var children: [ViewController] = []
    /// The controller that presented this one, while it is presented.
    public private(set) var presentingViewController: ViewController? {
        get { presenterLink?.takeUnretainedValue() }
        set { presenterLink = newValue.map { Unmanaged.passUnretained($0) } }
    }
    @exclusivity(unchecked) private var presenterLink: Unmanaged<ViewController>?
    /// The controller this one presents, if any.
    @exclusivity(unchecked) public private(set) var presentedViewController: ViewController?
    private var ownNavigationController: NavigationController? {
        get { navigationLink?.takeUnretainedValue() }
        set { navigationLink = newValue.map { Unmanaged.passUnretained($0) } }
    }
    @exclusivity(unchecked) private var navigationLink: Unmanaged<NavigationController>?

    /// Times `viewDidLoad` ran (at most once per instance).
    @exclusivity(unchecked) public private(set) var viewLoadCount = 0

    /// Creates a controller whose view will be loaded from `nib`.
    public init(nib: NibDescription? = nil) {
        self.nib = nib
    }

    /// Creates a controller for a programmatic interface (no nib).
    public required convenience init() {
        self.init(nib: nil)
    }

    // MARK: View

    /// The controller's view, loaded on first access.
    public var view: View {
        if let loadedView { return loadedView }
        let made = loadView()
        loadedView = made
        viewLoadCount += 1
        viewDidLoad()
        return made
    }

    /// Whether the view has been loaded. Reading this never loads it.
    public var isViewLoaded: Bool { viewLink != nil }

    /// Whether the view is loaded and has a superview. Reading this never loads the view.
    /// - Complexity: O(1), no reference counting.
    public var isViewInSuperview: Bool {
        guard let viewLink else { return false }
        return viewLink._withUnsafeGuaranteedRef { $0.hasSuperview }
    }

    /// The view if it has been loaded, without loading it.
    public var viewIfLoaded: View? { loadedView }

    /// Builds the view. The default instantiates ``nib``.
    open func loadView() -> View {
        nib?.instantiate() ?? View(frame: Rect(x: 0, y: 0, width: 375, height: 44))
    }

    /// Called once, after the view has loaded.
    open func viewDidLoad() {}

    // MARK: Reuse

    /// Called by a reuse cache just before it returns this instance again (never on first
    /// instantiation). Override to clear state left by the previous use.
    open func willBeReused() {}

    // MARK: Containment

    /// Adds `child` as a child controller (removing it from a previous parent first).
    public func addChild(_ child: ViewController) {
        if child.parent === self { return }
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    /// Detaches the controller from its parent, if any.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    // MARK: Presentation

    /// Presents `controller` modally over this one.
    public func present(_ controller: ViewController) {
        presentedViewController?.dismissFromPresenter()
        presentedViewController = controller
        controller.presentingViewController = self
    }

    /// Dismisses the controller this one presents.
    public func dismiss() {
        presentedViewController?.dismissFromPresenter()
    }

    private func dismissFromPresenter() {
        presentingViewController?.presentedViewController = nil
        presentingViewController = nil
    }

    // MARK: Navigation

    /// The navigation controller whose stack holds this controller or one of its ancestors.
    public var navigationController: NavigationController? {
        if let ownNavigationController { return ownNavigationController }
        return parent?.navigationController
    }

    /// Sets or clears the navigation controller link alone (``NavigationController`` sets it with
    /// the parent link; tests set it by itself to check that condition on its own).
    package func setNavigationController(_ controller: NavigationController?) {
        ownNavigationController = controller
    }

    // MARK: In use

    /// Which of the reuse cache's four "in use" conditions hold right now.
    public var inUseConditions: InUseConditions {
        var conditions: InUseConditions = []
        if let loadedView, loadedView.superview != nil { conditions.insert(.viewInSuperview) }
        if parent != nil { conditions.insert(.hasParent) }
        if presentingViewController != nil { conditions.insert(.hasPresentingController) }
        if navigationController != nil { conditions.insert(.hasNavigationController) }
        return conditions
    }

    /// Whether the controller is in use: any of the four conditions holds (DEViewControllerCache).
    ///
    /// Reading this never loads the view. A navigation controller found through the parent chain
    /// implies a parent, so only the controller's own navigation link is checked for the fourth.
    /// - Complexity: O(1)
    public var isInUse: Bool {
        isViewInSuperview || parentLink != nil || presenterLink != nil || navigationLink != nil
    }

    deinit {
        // A parent, presenter or navigation controller that goes away releases what it held.
        for child in children {
            child.parent = nil
            child.ownNavigationController = nil
        }
        presentedViewController?.presentingViewController = nil
    }
}

/// The conditions under which a controller counts as in use.
public struct InUseConditions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The controller has a loaded view and that view has a superview.
    public static let viewInSuperview = InUseConditions(rawValue: 1 << 0)
    /// The controller has a parent view controller.
    public static let hasParent = InUseConditions(rawValue: 1 << 1)
    /// The controller has a presenting view controller.
    public static let hasPresentingController = InUseConditions(rawValue: 1 << 2)
    /// The controller has a navigation controller.
    public static let hasNavigationController = InUseConditions(rawValue: 1 << 3)
}
