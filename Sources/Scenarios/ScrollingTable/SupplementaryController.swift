import Models

/// A section header's or footer's controller, from the flyweight pool: reused across sections, so
/// each time it is shown it is configured for its section (the seed: "we will of course need to
/// update labels as we scroll along") — the section's text written into the view tree's first
/// label.
final class SupplementaryController: ViewController {
    /// The section it was last configured for.
    private(set) var shownSection: Int?

    /// Shows `section`: writes `text` into the view tree's first label.
    /// - Complexity: O(*d*) to find the label, *d* the views before it in the tree.
    func configure(section: Int, text: String) {
        shownSection = section
        view.firstLabel?.text = text
    }

    required init() {
        super.init(nib: nil)
    }

    override init(nib: NibDescription?) {
        super.init(nib: nib)
    }
}
