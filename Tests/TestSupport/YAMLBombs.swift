/// YAML files whose aliases and merge keys would expand far beyond their size, for the tests of
/// the loader's bounds (in-process and through the binary).
public enum YAMLBombs {
    /// A trace scenario whose top level merges `&a<depth>`: `a0` a mapping of ten keys, each later
    /// level a mapping merging the one before ten times (`{<<: [*a0, *a0, ...]}`), so the last one
    /// expands to 10^(depth+1) pairs. Level n is on line n + 5; from depth 3 on, the fourth `*a2`
    /// of `a3` (line 8, column 30) is the alias that passes 10000 nodes.
    public static func mergeKeys(depth: Int) -> String {
        var lines = ["name: merge-bomb", "kind: trace", "duration: 1s", "<<:"]
        lines.append("  - &a0 {" + (0..<10).map { "k\($0): \($0)" }.joined(separator: ", ") + "}")
        for level in 1...depth {
            lines.append("  - &a\(level) {<<: [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]}")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
