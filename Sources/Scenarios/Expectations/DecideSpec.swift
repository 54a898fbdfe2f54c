// The `seeds:` and `decide:` header keys: a workload replicated over seeds, and the question the
// results answer (which policy, which capacity, how sure).

/// `seeds:` — how many workload seeds every run is replicated over (`seeds: 10`), or which
/// (`seeds: [7, 8, 9]`). Not `repeat` (timing repetitions of one seed); the two combine.
public enum SeedsSpec: Codable, Equatable, Sendable {
    /// The file's seed, then `count - 1` seeds derived from it.
    case count(Int)
    /// These seeds, in order.
    case list([UInt64])

    /// One seed: the file's (the default).
    public static let single = SeedsSpec.count(1)

    /// How many seeds.
    public var count: Int {
        switch self {
        case .count(let count): count
        case .list(let seeds): seeds.count
        }
    }

    public init(from decoder: Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            // The length limit first (a list is refused as soon as it is too long, however long
            // it is), then each seed once, by a set: never a pairwise search.
            let limit = "must list \(ScenarioLimits.seeds.lowerBound) to \(ScenarioLimits.seeds.upperBound) seeds"
            try decoder.check((list.count ?? 0) <= ScenarioLimits.seeds.upperBound, limit)
            var seeds: [UInt64] = []
            var positions: [UInt64: Int] = [:]
            while !list.isAtEnd {
                let index = list.currentIndex
                try decoder.check(index < ScenarioLimits.seeds.upperBound, limit)
                let seed: UInt64
                do {
                    seed = try list.decode(UInt64.self)
                } catch {
                    throw SchemaViolation(.expected("a non-negative integer"), at: decoder.codingPath + [AnyCodingKey(index: index)])
                }
                if let first = positions[seed] {
                    throw SchemaViolation(
                        .invalid("duplicate seed \(seed) (already at [\(first)])"), at: decoder.codingPath + [AnyCodingKey(index: index)])
                }
                positions[seed] = index
                seeds.append(seed)
            }
            try decoder.check(ScenarioLimits.seeds.contains(seeds.count), limit)
            self = .list(seeds)
            return
        }
        let container = try decoder.singleValueContainer()
        let count: Int
        do {
            count = try container.decode(Int.self)
        } catch {
            throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
        }
        try decoder.check(ScenarioLimits.seeds.contains(count), ScenarioLimits.seeds.requirement)
        self = .count(count)
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .count(let count):
            var container = encoder.singleValueContainer()
            try container.encode(count)
        case .list(let seeds):
            var container = encoder.unkeyedContainer()
            for seed in seeds { try container.encode(seed) }
        }
    }
}

extension SeedsSpec: SchemaDescribed {
    static var schemaDescription: String { "a number of seeds, or a list of seeds (non-negative integers)" }
}

/// `decide:` — the question a scenario's results answer: which configurations meet a goal (in
/// at least a share of the seeds), and of those, which minimise what.
///
/// ```yaml
/// decide:
///   goal: {hit_rate: ">= 0.9"}
///   share: 0.95
///   minimize: sweep
/// ```
public struct DecideSpec: DeclaredMapping, Equatable, Sendable {
    /// Conditions on summary columns, all of which a run must meet (in a seed) to meet the goal.
    public var goal: [String: Expectation.Condition]
    /// The share of seeds in which a run must meet the goal, in (0, 1].
    public var share: Double
    /// What to minimise among the runs that meet the goal: `sweep` (the swept value), or a
    /// summary column (a bytes column, `instantiations`...).
    public var minimize: String

    public init(goal: [String: Expectation.Condition], share: Double = ScenarioDefaults.decideShare, minimize: String = "sweep") {
        self.goal = goal
        self.share = share
        self.minimize = minimize
    }

    public static var blank: DecideSpec { DecideSpec(goal: [:]) }

    public static var schema: Schema<DecideSpec> {
        Schema([
            .custom(
                [
                    .key(
                        "goal", [String: String].self, .required,
                        "Conditions on summary columns, as expect writes them, that a run must meet.",
                        example: "{hit_rate: \">= 0.9\"}", rules: ["at least one condition", "a number on the right"])
                ],
                decode: { spec, f in
                    let raw: [String: String] = try f.required("goal")
                    try f.check("goal", !raw.isEmpty, "must have at least one condition")
                    var goal: [String: Expectation.Condition] = [:]
                    for (metric, text) in raw.sorted(by: { $0.key < $1.key }) {
                        guard let condition = Expectation.Condition(parsing: text), condition.reference == nil,
                            condition.seedShare == nil
                        else {
                            throw SchemaViolation(
                                .invalid(
                                    "expected a condition such as \">= 0.9\" (an operator and a number), found '\(text)'"
                                        + (text.hasSuffix("% of seeds") ? " (the share of seeds is decide:'s share:, for every condition)" : "")),
                                at: f.path("goal") + [AnyCodingKey(metric)])
                        }
                        goal[metric] = condition
                    }
                    spec.goal = goal
                },
                encode: { spec, container in
                    try container.encodeSorted(spec.goal.mapValues(\.description), for: "goal")
                }),
            .optional(
                "share", \.share, default: ScenarioDefaults.decideShare,
                "The share of seeds in which a run must meet the goal.", example: "0.9",
                .must("must be > 0 and <= 1") { $0 > 0 && $0 <= 1 }),
            .optional(
                "minimize", \.minimize, default: "sweep",
                "What to make smallest among the runs that meet the goal: sweep (the swept value) or a summary column.",
                example: "view_cache_bytes_max", .must("must not be empty") { !$0.isEmpty }),
        ])
    }
}

extension DecideSpec {
    /// Refuses a goal or a `minimize` naming no column of the kind's summary (`columns`), at
    /// its key: what `run` could not answer, `validate` refuses.
    func check(columns: [String], fields f: Fields) throws {
        let known = columns.filter { !Expectation.notMetrics.contains($0) }
        for metric in goal.keys.sorted() where !known.contains(metric) {
            throw SchemaViolation(
                .invalid("unknown column '\(metric)' (expected a column of this kind's summary.csv: \(known.joined(separator: ", ")))"),
                at: f.path("decide") + [AnyCodingKey("goal"), AnyCodingKey(metric)], target: .key)
        }
        if minimize != "sweep", !known.contains(minimize) {
            throw SchemaViolation(
                .invalid("unknown column '\(minimize)' (expected sweep or a column of this kind's summary.csv)"),
                at: f.path("decide") + [AnyCodingKey("minimize")])
        }
    }
}
