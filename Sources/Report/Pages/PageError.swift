/// What can go wrong writing the results index pages (``IndexPage``).
public enum PageError: Error, CustomStringConvertible, Equatable {
    /// The results directory could not be listed.
    case unreadableDirectory(path: String, reason: String)
    /// A page could not be written at `path` (the old page, if any, is left in place).
    case writeFailed(path: String, reason: String)

    /// A one-line explanation for the command line.
    public var description: String {
        switch self {
        case let .unreadableDirectory(path, reason):
            return "cannot list results directory \(path): \(reason)"
        case let .writeFailed(path, reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
