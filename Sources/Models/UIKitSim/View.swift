/// A node of the simulated view hierarchy: a frame, an optional label, subviews and a superview.
///
/// Views are real heap objects, so building a tree of them costs real allocations and real time.
open class View {
    /// The view's frame in its superview's coordinates.
    public var frame: Rect
    /// Text shown by the view, if it is a label.
    public var text: String?
    /// The view this one is a subview of, if any.
    public private(set) weak var superview: View?
    /// The view's children, back to front.
    public private(set) var subviews: [View] = []

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
        view.superview = self
    }

    /// Detaches the view from its superview, if it has one.
    /// - Complexity: O(*n*) in the superview's subview count.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        if let index = parent.subviews.lastIndex(where: { $0 === self }) {
            parent.subviews.remove(at: index)
        }
        superview = nil
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
