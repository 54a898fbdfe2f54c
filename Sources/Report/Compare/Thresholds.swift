/// The thresholds a comparison applies: a default for counts, a default for measured metrics, a
/// default for instruction counts (`instructions`, 1%; ``MetricRole/instructions``), and
/// per-metric overrides.
///
/// A metric's threshold is its own entry if it has one, else its group's: `counts` for counts
/// (default ``Threshold/exact``), `*` for measured metrics (default 10%). Entries are set from
/// `--threshold METRIC=VALUE` arguments (``set(assignment:)``) and from a thresholds file
/// (``load(file:)``); the last setting of a key wins, so flags applied after the file override
/// it.
///
/// The thresholds file is one `metric: value` per line:
///
/// ```text
/// # comments and blank lines are ignored
/// "*": 15%                     # every measured metric (quote * to keep the file valid YAML)
/// counts: exact                # every count (the default)
/// dequeue_latency_p99_ns: 5%   # relative: 5% of the baseline value
/// allocated_bytes: 4096        # absolute: in the metric's unit
/// ```
///
/// Keys and values may be wrapped in single or double quotes; a `#` after the value starts a
/// comment. That makes a valid file a flat YAML mapping as well.
public struct Thresholds: Sendable, Equatable {
    /// The threshold of counts without their own entry (key `counts`).
    public var counts: Threshold
    /// The threshold of measured metrics without their own entry (key `*`).
    public var measured: Threshold
    /// Per-metric entries, by column name.
    public var perMetric: [String: Threshold]
    /// The threshold of instruction counts without their own entry (key `instructions`,
    /// `compare --instructions-tolerance`): 1% by default.
    public var instructions: Threshold = .defaultInstructions

    /// The key that sets ``measured``.
    public static let measuredKey = "*"
    /// The key that sets ``counts``.
    public static let countsKey = "counts"
    /// The key that sets ``instructions``.
    public static let instructionsKey = "instructions"

    /// Counts exact, measured metrics within 10%, no per-metric entries.
    public init(counts: Threshold = .exact, measured: Threshold = .defaultMeasured, perMetric: [String: Threshold] = [:]) {
        self.counts = counts
        self.measured = measured
        self.perMetric = perMetric
    }

    /// The threshold for `metric`, whose role is `role`: its own entry, else its group's.
    public func threshold(for metric: String, role: MetricRole) -> Threshold {
        if let own = perMetric[metric] {
            return own
        }
        switch role {
        case .measured: return measured
        case .instructions: return instructions
        case .identity, .count, .tail: return counts
        }
    }

    /// Sets the threshold of `key`: `*`, `counts` or a metric name.
    ///
    /// - Returns: why the key cannot take a threshold (an empty name, an identity column such as
    ///   `seed` or `sweep_capacity`), or nil when it was set.
    @discardableResult
    public mutating func set(_ key: String, to threshold: Threshold) -> String? {
        switch key {
        case Self.measuredKey:
            measured = threshold
        case Self.countsKey:
            counts = threshold
        case Self.instructionsKey:
            instructions = threshold
        default:
            if let problem = Self.problem(withMetric: key) {
                return problem
            }
            perMetric[key] = threshold
        }
        return nil
    }

    /// Applies one `--threshold` argument, `METRIC=VALUE` (`dequeue_latency_p99_ns=2%`,
    /// `allocated_bytes=4096`, `*=15%`, `counts=exact`).
    ///
    /// - Throws: ``CompareError/invalidThreshold(text:reason:)`` naming the argument.
    public mutating func set(assignment: String) throws {
        guard let equals = assignment.firstIndex(of: "=") else {
            throw CompareError.invalidThreshold(text: assignment, reason: "expected METRIC=VALUE, e.g. dequeue_latency_p99_ns=5%")
        }
        let key = String(assignment[..<equals]).trimmingSpaces
        let value = String(assignment[assignment.index(after: equals)...])
        guard let threshold = Threshold(parsing: value) else {
            throw CompareError.invalidThreshold(
                text: assignment, reason: "'\(value.trimmingSpaces)' is not a threshold (\(Threshold.expected))")
        }
        if let problem = set(key, to: threshold) {
            throw CompareError.invalidThreshold(text: assignment, reason: problem)
        }
    }

    /// Applies every line of a thresholds file's text; `path` names the file in errors.
    ///
    /// - Throws: ``CompareError/invalidThresholdsLine(path:line:reason:)`` at the first bad line
    ///   (1-based); entries before it are kept.
    public mutating func apply(fileText text: String, path: String) throws {
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            let line = Self.strippingComment(String(rawLine)).trimmingSpaces
            if line.isEmpty {
                continue
            }
            guard let colon = Self.separator(in: line) else {
                throw CompareError.invalidThresholdsLine(
                    path: path, line: lineNumber, reason: "expected 'metric: value', found '\(line)'")
            }
            let key = Self.unquoted(String(line[..<colon]).trimmingSpaces)
            let valueText = Self.unquoted(String(line[line.index(after: colon)...]).trimmingSpaces)
            guard let threshold = Threshold(parsing: valueText) else {
                throw CompareError.invalidThresholdsLine(
                    path: path, line: lineNumber,
                    reason: "\(key): '\(valueText)' is not a threshold (\(Threshold.expected))")
            }
            if let problem = set(key, to: threshold) {
                throw CompareError.invalidThresholdsLine(path: path, line: lineNumber, reason: problem)
            }
        }
    }

    /// Reads the thresholds file at `path` and applies it (see ``apply(fileText:path:)``).
    ///
    /// - Throws: ``CompareError/unreadableFile(path:reason:)`` when it cannot be read, else what
    ///   ``apply(fileText:path:)`` throws.
    public mutating func load(file path: String) throws {
        let text = try FileReading.text(atPath: path)
        try apply(fileText: text, path: path)
    }

    /// Why `metric` cannot take a threshold, or nil.
    static func problem(withMetric metric: String) -> String? {
        if metric.isEmpty {
            return "empty metric name (expected a summary column, * for every measured metric, or counts)"
        }
        let identity = SharedColumns.identity + [SharedColumns.seed, SharedColumns.duration, SharedColumns.warmup, SharedColumns.complete]
        if identity.contains(where: { $0.name == metric }) || metric.hasPrefix(SharedColumns.sweepPrefix) {
            return "'\(metric)' identifies a run and is not compared"
        }
        return nil
    }

    /// The line up to a `#` that starts a comment (at the start or after a space, outside quotes).
    private static func strippingComment(_ line: String) -> String {
        var quote: Character? = nil
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" && (previous == " " || previous == "\t") {
                return String(line[..<index])
            }
            previous = character
        }
        return line
    }

    /// The first `:` outside quotes.
    private static func separator(in line: String) -> String.Index? {
        var quote: Character? = nil
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ":" {
                return index
            }
        }
        return nil
    }

    /// `text` without one pair of surrounding single or double quotes.
    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else {
            return text
        }
        return String(text.dropFirst().dropLast())
    }
}
