/// Why the view factory or the view model refused a request. A refused request changes nothing.
public enum ViewFactoryError: Error, Equatable, CustomStringConvertible {
    /// `ViewFactory.create(_:)` was asked for a name nobody registered.
    case unknownName(String)
    /// An intent named a section that is not registered.
    case unknownSection(String)
    /// An intent named a view that is not registered, or that names its own section (a controller
    /// cannot contain itself).
    case unknownView(String)
    /// Back or rewind while the history stack is disabled.
    case historyDisabled
    /// Back or rewind that would pop the history stack to empty (the original asserts).
    case historyEmpty

    public var description: String {
        switch self {
        case .unknownName(let name): return "no view controller is registered as '\(name)'"
        case .unknownSection(let name): return "unknown section '\(name)'"
        case .unknownView(let name): return "unknown view '\(name)'"
        case .historyDisabled: return "cannot go back: the history stack is disabled"
        case .historyEmpty: return "cannot go back: not enough history"
        }
    }
}
