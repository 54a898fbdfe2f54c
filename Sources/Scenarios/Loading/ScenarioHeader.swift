/// The keys every scenario kind shares, read from the same top-level mapping as the kind's own
/// keys: a kind's schema inlines `ScenarioHeader.schema`. `ScenarioHeader.init(from:)` does not
/// reject unknown keys itself.
public struct ScenarioHeader: DeclaredMapping, Equatable, Sendable {
    /// File format version; only 1 exists.
    public var version: Int
    /// Matches `[a-z0-9][a-z0-9_-]*`; used as a directory name for results.
    public var name: String
    public var kind: KindName
    public var description: String?
    public var seed: UInt64
    /// How long the measured part runs (> 0).
    public var duration: Seconds
    /// Run before measuring (>= 0).
    public var warmup: Seconds
    /// Between samples (> 0).
    public var sampleInterval: Seconds
    public var memoryPressure: [MemoryPressureEvent]
    /// Conditions on the recorded metrics, checked after the run (`expect`).
    public var expect: [Expectation]
    /// One numeric key to run at several values (`sweep`).
    public var sweep: SweepSpec?
    /// How many times each run is repeated, interleaved (`repeat`; `--repeat` replaces it).
    public var repetitions: Int = ScenarioDefaults.repetitions
    /// The workload seeds every run is replicated over (`seeds`; `--seeds` replaces it).
    public var seeds: SeedsSpec = ScenarioDefaults.seeds
    /// The question the results answer (`decide`), or nil.
    public var decide: DecideSpec?

    public init(
        version: Int = ScenarioDefaults.version,
        name: String,
        kind: KindName,
        description: String? = nil,
        seed: UInt64 = ScenarioDefaults.seed,
        duration: Seconds,
        warmup: Seconds = ScenarioDefaults.warmup,
        sampleInterval: Seconds = ScenarioDefaults.sampleInterval,
        memoryPressure: [MemoryPressureEvent] = ScenarioDefaults.memoryPressure,
        expect: [Expectation] = [],
        sweep: SweepSpec? = nil
    ) {
        self.version = version
        self.name = name
        self.kind = kind
        self.description = description
        self.seed = seed
        self.duration = duration
        self.warmup = warmup
        self.sampleInterval = sampleInterval
        self.memoryPressure = memoryPressure
        self.expect = expect
        self.sweep = sweep
    }

    /// The top-level keys the header owns.
    public static var keys: [String] { schema.keyNames }

    public static let supportedVersions = [1]

    /// True for names usable as a directory name: `[a-z0-9][a-z0-9_-]*`.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        func isLowerAlnum(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("0"..."9").contains(c) }
        return isLowerAlnum(first) && name.unicodeScalars.allSatisfy { isLowerAlnum($0) || $0 == "_" || $0 == "-" }
    }

    /// Reads the header keys of a top-level mapping it shares with a kind's keys (the kind's
    /// schema, which inlines these, refuses unknown keys).
    public init(from decoder: Decoder) throws {
        self = try Self.schema.decode(Fields(sharedMapping: decoder), into: Self.blank)
    }

    public static var blank: ScenarioHeader { ScenarioHeader(name: "", kind: .scrollingTable, duration: .zero) }

    /// The header keys, `duration` required.
    public static var schema: Schema<ScenarioHeader> { schema(defaultDuration: nil) }

    /// The header keys; `duration` may be left out when `defaultDuration` is given (a kind whose
    /// runs' length its input decides, such as a trace replay).
    static func schema(defaultDuration: Seconds?) -> Schema<ScenarioHeader> {
        let versions = supportedVersions.map(String.init).joined(separator: " or ")
        let durationPresence: KeyDoc.Presence =
            defaultDuration == nil ? .required : .optional("the whole input is replayed")
        return Schema([
            .optional(
                "version", \.version, default: ScenarioDefaults.version, "The file format's version.",
                .must("must be \(versions)") { supportedVersions.contains($0) }),
            .required(
                "name", \.name, "The scenario's name; its results go to a directory of that name.",
                example: "feed",
                .must("must match [a-z0-9][a-z0-9_-]* (lowercase letters, digits, '_' and '-'; it names a directory)") {
                    isValidName($0)
                },
                .must(
                    "must be at most \(ScenarioLimits.maxNameLength) characters",
                    { name, _ in name.count <= ScenarioLimits.maxNameLength },
                    message: { name, _ in
                        "must be at most \(ScenarioLimits.maxNameLength) characters (it names a directory; found \(name.count))"
                    })),
            .required("kind", \.kind, "Which kind of scenario the file describes."),
            .optional("description", \.description, "Free text, shown in the results' index page."),
            .optional(
                "seed", \.seed, default: ScenarioDefaults.seed,
                "The workload's random seed (`--seed` replaces it): the same file and seed give the same counts.",
                example: "7"),
            .custom(
                [
                    .key(
                        "duration", Seconds.self, durationPresence, "How long the measured part of each run lasts.",
                        example: "90s", rules: ["must be > 0"])
                ],
                decode: { header, f in
                    if let defaultDuration, try !f.isPresent("duration") {
                        header.duration = defaultDuration
                    } else {
                        header.duration = try f.required("duration")
                    }
                    try f.check("duration", header.duration.value > 0, "must be > 0")
                },
                encode: { header, container in try container.encode(header.duration, for: "duration") }),
            .optional(
                "warmup", \.warmup, default: ScenarioDefaults.warmup,
                "Run before measuring; nothing is recorded during it.", example: "5s"),
            .optional(
                "sample_interval", \.sampleInterval, default: ScenarioDefaults.sampleInterval,
                "Time between two timeseries samples.", example: "500ms",
                .must("must be > 0") { $0.value > 0 }),
            .optional(
                "memory_pressure", \.memoryPressure, default: ScenarioDefaults.memoryPressure,
                "Memory-pressure notifications sent during each run.",
                example: "[{every: 10s, level: warning}]"),
            .custom(
                [
                    .key(
                        "expect", ExpectBlock.self, .optional("nothing is checked"),
                        "Conditions on the results, per run and metric, checked after the run (exit 2 if one fails).",
                        example: "{lru/repopulate: {hit_rate: \">= 0.9\"}}")
                ],
                decode: { header, f in
                    header.expect = try f.optional("expect", as: ExpectBlock.self)?.expectations ?? []
                },
                encode: { header, container in try header.encodeExpectations(into: &container) }),
            .optional("sweep", \.sweep, absent: "no sweep", "One numeric key run at several values."),
            .optional(
                "repeat", \.repetitions, default: ScenarioDefaults.repetitions,
                "How many times each run is repeated (`--repeat` replaces it).", example: "5",
                .must(
                    "must be \(ScenarioLimits.repetitions.lowerBound) to \(ScenarioLimits.repetitions.upperBound)"
                ) { ScenarioLimits.repetitions.contains($0) }),
            .optional(
                "seeds", \.seeds, default: ScenarioDefaults.seeds, shown: "1",
                "The workload seeds every run is replicated over: a number (the file's seed, then seeds derived from it) or a list (`--seeds` replaces it).",
                example: "10", omitWhen: { $0 == ScenarioDefaults.seeds }),
            .optional(
                "decide", \.decide, absent: "no decision",
                "The question the results answer: the runs that meet a goal in a share of the seeds, and which of them minimise what."),
            .rule("at most \(ScenarioLimits.maxEventsPerRun) samples and memory-pressure events per run") { header, f in
                try header.checkEventCounts(f)
            },
        ])
    }

    /// The run's length, warm-up included, in seconds: every scheduled time counts from its start.
    public var runLength: Double { warmup.value + duration.value }

    /// How many timeseries samples a run takes.
    public var sampleCount: Double { (runLength / sampleInterval.value).rounded(.up) }

    /// Refuses a `sample_interval` or a repeating `memory_pressure` entry that would schedule more
    /// than `ScenarioLimits.maxEventsPerRun` events in one run, with the number.
    private func checkEventCounts(_ f: Fields) throws {
        let limit = Double(ScenarioLimits.maxEventsPerRun)
        try f.check(
            "sample_interval", sampleCount <= limit,
            "gives \(formatNumber(sampleCount)) samples per run ((warmup + duration) / sample_interval); at most \(ScenarioLimits.maxEventsPerRun)")
        var total = 0.0
        for (index, event) in memoryPressure.enumerated() {
            total += event.count(within: runLength)
            if total > limit {
                let key = if case .every = event.schedule { "every" } else { "at" }
                throw SchemaViolation(
                    .constraint(
                        "gives \(formatNumber(total)) memory-pressure notifications per run (all entries up to this one); at most \(ScenarioLimits.maxEventsPerRun)"),
                    at: f.path("memory_pressure") + [AnyCodingKey(index: index), AnyCodingKey(key)])
            }
        }
    }

    /// Writes the header keys into a mapping shared with the kind's keys.
    func encodeFields(into container: inout KeyedEncodingContainer<AnyCodingKey>) throws {
        try Self.schema.encode(self, into: &container)
    }

    /// `expect:` with its runs and metrics in the order the file listed them (a dictionary's
    /// order would vary from process to process, and scenario.yaml with it).
    fileprivate func encodeExpectations(into container: inout KeyedEncodingContainer<AnyCodingKey>) throws {
        if !expect.isEmpty {
            var runs: [String] = []
            for expectation in expect where !runs.contains(expectation.policyKey) {
                runs.append(expectation.policyKey)
            }
            var block = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("expect"))
            for run in runs {
                var metrics = block.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(run))
                for expectation in expect where expectation.policyKey == run {
                    try metrics.encode(expectation.condition.description, for: expectation.metric)
                }
            }
        }
    }
}

/// One `memory_pressure` entry: `{at: 30s, level: warning}` (once) or
/// `{every: 10s, level: moderate, start: 5s}` (repeating; `start` defaults to `every`).
public struct MemoryPressureEvent: DeclaredMapping, Equatable, Sendable {
    public enum Schedule: Equatable, Sendable {
        /// Once, at this time after the start of the run.
        case at(Seconds)
        /// First at `start`, then every `every` (> 0).
        case every(Seconds, start: Seconds)
    }

    public var schedule: Schedule
    public var level: PressureLevelName

    public init(schedule: Schedule, level: PressureLevelName) {
        self.schedule = schedule
        self.level = level
    }

    public static var blank: MemoryPressureEvent { MemoryPressureEvent(schedule: .at(.zero), level: .warning) }

    /// `at` or `every` (with `start`) decide the schedule together, so one field reads all four keys.
    public static var schema: Schema<MemoryPressureEvent> {
        Schema([
            .custom(
                [
                    .key("at", Seconds.self, .optional(nil), "Once, at this time from the start of the run (warm-up included); give at or every, not both.", example: "30s"),
                    .key("every", Seconds.self, .optional(nil), "Repeating, with this period.", example: "10s", rules: ["must be > 0"]),
                    .key("start", Seconds.self, .defaulted("every"), "The first time of a repeating event (only with every).", example: "5s"),
                    .key("level", PressureLevelName.self, .required, "The notification's level."),
                ],
                decode: { event, f in try event.decodeSchedule(f) },
                encode: { event, container in
                    switch event.schedule {
                    case .at(let at):
                        try container.encode(at, for: "at")
                    case .every(let every, let start):
                        try container.encode(every, for: "every")
                        try container.encode(start, for: "start")
                    }
                    try container.encode(event.level, for: "level")
                }),
        ])
    }

    private mutating func decodeSchedule(_ f: Fields) throws {
        let at: Seconds? = try f.optional("at")
        let every: Seconds? = try f.optional("every")
        let start: Seconds? = try f.optional("start")
        level = try f.required("level")

        switch (at, every) {
        case (let at?, nil):
            if start != nil {
                throw SchemaViolation(
                    .invalid("'start' only goes with 'every', not with 'at'"),
                    at: f.path("start"), target: .key)
            }
            schedule = .at(at)
        case (nil, let every?):
            try f.check("every", every.value > 0, "must be > 0")
            schedule = .every(every, start: start ?? every)
        case (.some, .some):
            // Point at whichever of the two comes second in the file.
            let second = f.container.allKeys.last { $0.stringValue == "at" || $0.stringValue == "every" }
            throw SchemaViolation(
                .message("\(displayKeyPath(f.codingPath)): give exactly one of 'at' (once) or 'every' (repeating), not both"),
                at: f.codingPath + [second ?? AnyCodingKey("every")], target: .key)
        case (nil, nil):
            throw SchemaViolation(
                .invalid("missing 'at' (once) or 'every' (repeating); give exactly one"),
                at: f.codingPath, target: .mapping)
        }
    }

    /// How many times this event fires in a run of `length` seconds (without listing them).
    func count(within length: Double) -> Double {
        switch schedule {
        case .at(let at):
            return at.value < length ? 1 : 0
        case .every(let every, let start):
            guard every.value > 0, start.value < length else { return 0 }
            return ((length - start.value) / every.value).rounded(.up)
        }
    }

    /// The times this event fires, in seconds from the start of the run (warm-up included), in
    /// order, for as long as `isInRun` holds.
    public func times(while isInRun: (Double) -> Bool) -> [Double] {
        switch schedule {
        case .at(let at):
            return isInRun(at.value) ? [at.value] : []
        case .every(let every, let start):
            guard every.value > 0 else { return [] }
            var times: [Double] = []
            var time = start.value
            while isInRun(time) {
                times.append(time)
                time += every.value
            }
            return times
        }
    }
}
