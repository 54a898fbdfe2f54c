/// `--shard K/N`: slice K (1-based) of N. Run number `i` (0-based, counted over the whole study)
/// belongs to slice `i % N + 1`, so the slices are disjoint, cover every run, and stay balanced.
public struct Shard: Equatable, Sendable {
    /// 1-based slice number.
    public let index: Int
    /// Number of slices.
    public let count: Int

    public struct ParseError: Error, CustomStringConvertible {
        public let text: String
        public var description: String { "--shard: expected K/N with 1 <= K <= N (e.g. 2/4), found '\(text)'" }
    }

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else {
            throw ParseError(text: text)
        }
        self.init(index: k, count: n)
    }

    /// Whether run number `global` (0-based over the whole study) is in this slice.
    public func contains(_ global: Int) -> Bool {
        global % count == index - 1
    }
}

extension Shard {
    /// The runs of this slice in a study whose files make `runCounts` runs each, in order: for
    /// each file, the indices (in that file's scenario) of the runs this slice makes. `run
    /// --shard` and `plan` both slice a study this way.
    public func selections(runCounts: [Int]) -> [Set<Int>] {
        var global = 0
        return runCounts.map { count in
            var mine: Set<Int> = []
            for run in 0..<max(count, 0) {
                if contains(global) { mine.insert(run) }
                global += 1
            }
            return mine
        }
    }
}
