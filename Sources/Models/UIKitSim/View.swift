/// A node of the simulated view hierarchy: a frame, an optional label, subviews and a superview.
///
/// Views are real heap objects, so building a tree of them costs real allocations and real time.
open class View {
    /// The view's frame in its superview's coordinates.
    @exclusivity(unchecked) public var frame: Rect
    /// Text shown by the view, if it is a label.
    @exclusivity(unchecked) public var text: String?
    /// The view this one is a subview of, if any.
    ///
    /// A non-owning reference, as in UIKit: the superview owns its subviews and clears this link
    /// when it removes them or goes away, so it never dangles. (A `weak` reference would give every
    /// view with subviews a side table and make each retain of it take the slow path.)
    public var superview: View? { superviewLink?.takeUnretainedValue() }
    @exclusivity(unchecked) private var superviewLink: Unmanaged<View>?

    /// Whether the view has a superview.
    /// - Complexity: O(1), without touching the superview's reference count.
    public var hasSuperview: Bool { superviewLink != nil }
    /// The view's children, back to front.
    @exclusivity(unchecked) public private(set) var subviews: [View] = []

    public init(frame: Rect = .zero, text: String? = nil) {
        self.frame = frame
        self.text = text
    }

    /// Adds `view` as the frontmost subview, removing it from its previous superview first.
    /// - Complexity: O(*n*) in the previous superview's subview count.
    public func addSubview(_ view: View) {
        if view.superview === self { return }
        view.removeFromSuperview()
        subviews.append(view)
        view.superviewLink = Unmanaged.passUnretained(self)
    }

    /// Detaches the view from its superview, if it has one.
    /// - Complexity: O(*n*) in the superview's subview count.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        if let index = parent.subviews.lastIndex(where: { $0 === self }) {
            parent.subviews.remove(at: index)
        }
        superviewLink = nil
    }

    deinit {
        // As UIKit does: a view that goes away takes its subviews off itself.
        for subview in subviews {
            subview.superviewLink = nil
        }
    }

    /// The number of views in the tree rooted here, this one included.
    public var treeSize: Int {
        subviews.reduce(1) { $0 + $1.treeSize }
    }

    /// The number of levels in the tree rooted here (1 for a view without subviews).
    public var treeDepth: Int {
        1 + (subviews.map(\.treeDepth).max() ?? 0)
    }

    /// Every label in the tree, depth first.
    public var allText: [String] {
        (text.map { [$0] } ?? []) + subviews.flatMap(\.allText)
    }
}
