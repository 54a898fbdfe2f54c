/// Everything that can go wrong while loading a scenario file: unreadable file, YAML syntax,
/// unknown keys, wrong types, missing required keys and values out of range.
///
/// `line` and `column` are 1-based (columns count Unicode scalars, as libyaml does).
/// `keyPath` is the dotted path of the offending key, with `[i]` for list indices
/// (e.g. `scroll[1].fling.velocity`); it is empty for file and YAML syntax errors.
/// For a missing key, `keyPath` names the missing key while `line`/`column` point at the
/// enclosing mapping.
public struct ScenarioError: Error, CustomStringConvertible, Equatable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var keyPath: String
    public var message: String

    public init(file: String, line: Int, column: Int, keyPath: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
    }

    /// `file:line:column: error: message`, the format compilers use, so editors can jump to it;
    /// `file: error: message` for an error in what the command line changed (line 0: no position
    /// in the file).
    public var description: String {
        line == 0 ? "\(file): error: \(message)" : "\(file):\(line):\(column): error: \(message)"
    }
}

/// A bad value given on the command line (not in a file), e.g. `--policy lruu`.
public struct OptionValueError: Error, CustomStringConvertible, Equatable, Sendable {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
