/// A study split into shards before it runs: which runs each shard makes (the same slices as
/// `run --shard K/N`, see ``Shard/selections(runCounts:)``), how much work each is, and the CPUs
/// and memory it needs. `workbench plan` prints it and writes job scripts from it.
public struct StudyPlan: Sendable {
    /// One run of the study.
    public struct Run: Sendable, Equatable {
        /// Position of its file in the study (0-based).
        public var file: Int
        /// Its scenario's name.
        public var scenario: String
        /// Its index in its scenario (the `run` column of the results).
        public var index: Int
        /// Its number over the whole study (0-based).
        public var global: Int
        /// Policy, mode and sweep point, as `run` prints them.
        public var configuration: String
        /// Warm-up plus measured duration, in the scenario's seconds, times the workload seeds the
        /// run is replicated over.
        public var seconds: Double
        /// Wall-clock seconds per scenario second, as its kind says (``KindScenario/runLoad``): 1
        /// for parallel-readers (its threads run on the clock), ``StudyPlan/drawingWallFactor``
        /// for drawing (it rasterizes for real), and 1 / ``StudyPlan/simulationSpeedup`` for the
        /// kinds that simulate time.
        public var wallFactor: Double
        /// Threads the run keeps busy at once, as its kind says (``KindScenario/runLoad``):
        /// readers + writers for parallel-readers, else 1.
        public var threads: Int
        /// Sampling intervals the run records (timeseries rows held until its scenario is written).
        public var samples: Double
    }

    /// One shard's runs and needs.
    public struct ShardPlan: Sendable {
        public var shard: Shard
        public var runs: [Run]

        /// Scenario seconds of all its runs.
        public var seconds: Double { runs.reduce(0) { $0 + $1.seconds } }

        /// Estimated wall-clock seconds: each run's scenario seconds times its wall factor.
        public var wallSeconds: Double {
            runs.reduce(0) { $0 + $1.seconds * $1.wallFactor }
        }

        /// CPUs its busiest run keeps busy (runs of a shard run one after another).
        public var cpus: Int { runs.map(\.threads).max() ?? 1 }

        /// Estimated peak memory in bytes: a fixed base for the process and its models, plus the
        /// rows each scenario holds until it is written (its runs' samples in this shard).
        public var memoryBytes: Double {
            var perScenario: [Int: Double] = [:]
            for run in runs { perScenario[run.file, default: 0] += run.samples }
            return StudyPlan.baseMemoryBytes + (perScenario.values.max() ?? 0) * StudyPlan.bytesPerSample
        }
    }

    /// How many times faster than their scenario clock the simulated kinds run, at the least
    /// (release build: the shipped scrolling-table scenarios ran about 3,000× faster on a shared
    /// 2-core machine).
    public static let simulationSpeedup = 20.0
    /// Wall-clock seconds per scenario second of a drawing run (live-feed took 31 s for 28 s of
    /// scenario time on the same machine).
    public static let drawingWallFactor = 1.5
    /// Memory of the process before it holds any rows: runtime, allocator, models, histograms.
    public static let baseMemoryBytes = 256.0 * 1024 * 1024
    /// Memory held per timeseries row (a row of a few dozen columns with its strings).
    public static let bytesPerSample = 4096.0

    /// Every run of the study, in order.
    public var runs: [Run]
    /// Runs per file, in order.
    public var runCounts: [Int]
    /// The shards, 1...N.
    public var shards: [ShardPlan]

    /// Plans `plans` (the study's files, in order) under `options`, split into `count` shards,
    /// at most one per run (``shards`` has fewer when `count` is larger).
    public init(_ plans: [ScenarioPlan], options: RunOptions = RunOptions(), shards count: Int) {
        var runs: [Run] = []
        var runCounts: [Int] = []
        for (file, plan) in plans.enumerated() {
            let made = ScenarioRunner.runs(for: plan, options: options)
            runCounts.append(made.count)
            for entry in made {
                let header = entry.scenario.header
                let load = entry.scenario.body.runLoad
                let seconds = (header.warmup.value + header.duration.value) * Double(options.seeds(for: header).count)
                runs.append(
                    Run(
                        file: file, scenario: plan.name, index: entry.configuration.index, global: runs.count,
                        configuration: entry.configuration.description, seconds: seconds, wallFactor: load.wallFactor,
                        threads: max(load.threads, 1), samples: header.duration.value / header.sampleInterval.value))
            }
        }
        self.runs = runs
        self.runCounts = runCounts
        // More shards than runs would only add empty ones (and 10^9 of them, no plan at all).
        let total = min(max(count, 1), max(runs.count, 1))
        self.shards = (1...total).map { k in
            let shard = Shard(index: k, count: total)
            let selections = shard.selections(runCounts: runCounts)
            return ShardPlan(shard: shard, runs: runs.filter { selections[$0.file].contains($0.index) })
        }
    }
}
