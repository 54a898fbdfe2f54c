/// The keys every scenario kind shares, read from the same top-level mapping as the kind's own
/// keys. `ScenarioHeader.init(from:)` does not reject unknown keys itself: the kind's type does,
/// allowing `ScenarioHeader.keys` plus its own.
public struct ScenarioHeader: Codable, Equatable, Sendable {
    /// File format version; only 1 exists.
    public var version: Int
    /// Matches `[a-z0-9][a-z0-9_-]*`; used as a directory name for results.
    public var name: String
    public var kind: ScenarioKind
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

    public init(
        version: Int = ScenarioDefaults.version,
        name: String,
        kind: ScenarioKind,
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
    public static let keys = [
        "version", "name", "kind", "description", "seed",
        "duration", "warmup", "sample_interval", "memory_pressure", "expect", "sweep", "repeat",
    ]

    public static let supportedVersions = [1]

    /// True for names usable as a directory name: `[a-z0-9][a-z0-9_-]*`.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        func isLowerAlnum(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("0"..."9").contains(c) }
        return isLowerAlnum(first) && name.unicodeScalars.allSatisfy { isLowerAlnum($0) || $0 == "_" || $0 == "-" }
    }

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder, defaultDuration: nil)
    }

    /// Reads the header; `duration` may be left out when `defaultDuration` is given (a kind whose
    /// runs' length its input decides, such as a trace replay).
    init(from decoder: Decoder, defaultDuration: Seconds?) throws {
        let f = try Fields(sharedMapping: decoder)

        version = try f.optional("version") ?? ScenarioDefaults.version
        try f.check(
            "version", Self.supportedVersions.contains(version),
            "must be \(Self.supportedVersions.map(String.init).joined(separator: " or "))")

        name = try f.required("name")
        try f.check(
            "name", Self.isValidName(name),
            "must match [a-z0-9][a-z0-9_-]* (lowercase letters, digits, '_' and '-'; it names a directory)")
        try f.check(
            "name", name.count <= ScenarioLimits.maxNameLength,
            "must be at most \(ScenarioLimits.maxNameLength) characters (it names a directory; found \(name.count))")

        kind = try f.required("kind")
        description = try f.optional("description")
        seed = try f.optional("seed") ?? ScenarioDefaults.seed

        if let defaultDuration, try !f.isPresent("duration") {
            duration = defaultDuration
        } else {
            duration = try f.required("duration")
        }
        try f.check("duration", duration.value > 0, "must be > 0")

        warmup = try f.optional("warmup") ?? ScenarioDefaults.warmup  // Seconds are never negative

        sampleInterval = try f.optional("sample_interval") ?? ScenarioDefaults.sampleInterval
        try f.check("sample_interval", sampleInterval.value > 0, "must be > 0")

        memoryPressure = try f.optional("memory_pressure") ?? ScenarioDefaults.memoryPressure
        expect = try f.optional("expect", as: ExpectBlock.self)?.expectations ?? []
        sweep = try f.optional("sweep")
        repetitions = try f.optional("repeat") ?? ScenarioDefaults.repetitions
        try f.check(
            "repeat", ScenarioLimits.repetitions.contains(repetitions),
            "must be \(ScenarioLimits.repetitions.lowerBound) to \(ScenarioLimits.repetitions.upperBound)")
        try checkEventCounts(f)
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

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try encodeFields(into: &container)
    }

    /// Writes the header keys into a mapping shared with the kind's keys.
    func encodeFields(into container: inout KeyedEncodingContainer<AnyCodingKey>) throws {
        try container.encode(version, for: "version")
        try container.encode(name, for: "name")
        try container.encode(kind, for: "kind")
        try container.encodeIfPresent(description, for: "description")
        try container.encode(seed, for: "seed")
        try container.encode(duration, for: "duration")
        try container.encode(warmup, for: "warmup")
        try container.encode(sampleInterval, for: "sample_interval")
        try container.encode(memoryPressure, for: "memory_pressure")
        if !expect.isEmpty {
            // Runs and metrics in the order the file listed them (a dictionary's order would vary
            // from process to process, and scenario.yaml with it).
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
        try container.encodeIfPresent(sweep, for: "sweep")
        try container.encode(repetitions, for: "repeat")
    }
}

/// One `memory_pressure` entry: `{at: 30s, level: warning}` (once) or
/// `{every: 10s, level: moderate, start: 5s}` (repeating; `start` defaults to `every`).
public struct MemoryPressureEvent: Codable, Equatable, Sendable {
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

    static let keys = ["at", "every", "start", "level"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
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

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        switch schedule {
        case .at(let at):
            try container.encode(at, for: "at")
        case .every(let every, let start):
            try container.encode(every, for: "every")
            try container.encode(start, for: "start")
        }
        try container.encode(level, for: "level")
    }
}
