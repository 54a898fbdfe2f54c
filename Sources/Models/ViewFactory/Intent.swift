/// MCIntent: where to go and what to carry.
///
/// A reference type, as in the original: the view model keeps the very intent it was given in its
/// history stack and passes it to `onPause(_:)` when the screen is left, so a view that writes into
/// ``savedInstanceState`` there finds the value again when a back restores the intent.
public final class Intent {
    /// Where an intent leads.
    public enum Target: Equatable, Sendable {
        /// A section, alone (`view == nil`: a single-level screen) or showing one of its views.
        case section(String, view: String?)
        /// `SECTION_LAST`: back one entry in the history stack.
        case last
        /// Back two entries in the history stack.
        case rewind
    }

    /// Where the intent leads.
    public let target: Target
    /// The transition to run.
    @exclusivity(unchecked) public var animation: AnimationStyle
    /// Values for the receiving `onResume(_:)`; views may also write here in `onPause(_:)`.
    @exclusivity(unchecked) public var savedInstanceState: [String: String]

    /// An intent showing `section`, and `view` inside it when given.
    public init(section: String, view: String? = nil, animation: AnimationStyle = .none, savedInstanceState: [String: String] = [:]) {
        target = .section(section, view: view)
        self.animation = animation
        self.savedInstanceState = savedInstanceState
    }

    private init(target: Target, animation: AnimationStyle) {
        self.target = target
        self.animation = animation
        savedInstanceState = [:]
    }

    /// `SECTION_LAST`: goes back one entry in the history stack.
    public static func back(animation: AnimationStyle = .pop) -> Intent {
        Intent(target: .last, animation: animation)
    }

    /// Goes back two entries in the history stack.
    public static func rewind(animation: AnimationStyle = .pop) -> Intent {
        Intent(target: .rewind, animation: animation)
    }

    /// The section's name; `nil` for back and rewind.
    public var sectionName: String? {
        if case .section(let name, _) = target { return name }
        return nil
    }

    /// The view's name; `nil` for a section shown alone, back and rewind.
    public var viewName: String? {
        if case .section(_, let view) = target { return view }
        return nil
    }
}
