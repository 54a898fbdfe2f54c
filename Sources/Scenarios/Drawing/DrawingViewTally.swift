import Models
import Report

/// One view type's share of a drawing run, for its row of `views.csv`: how its counted requests
/// were answered, how long they took (one HdrHistogram per view type, cached and fresh draws
/// together, as the summary's `draw_latency`), and the bytes its cached drawings held in each
/// tier at the timeseries samples.
///
/// A drawing belongs to the view type whose name its key carries: every key is
/// `EGOUI-<view name>-drawRect:-<w>x<h>-<salt>` (``DrawingKey``).
struct DrawingViewTally {
    /// The view type's name (`views[].name`).
    let name: String
    /// Its instances on screen (`views[].count`).
    let instances: Int
    /// The start of its drawings' keys.
    let keyPrefix: String
    private(set) var draws = 0
    private(set) var memoryHits = 0
    private(set) var diskHits = 0
    private(set) var latency = LatencyRecorder()
    private(set) var memoryBytesMax = 0
    private(set) var memoryBytesSum = 0
    private(set) var diskBytesMax = 0
    private(set) var samples = 0

    /// The selector the driver caches every view's drawing under.
    static let selector = "drawRect:"

    /// Nothing counted yet, for the view type `name` with `instances` on screen.
    init(name: String, instances: Int) {
        self.name = name
        self.instances = instances
        keyPrefix = "EGOUI-\(name)-\(Self.selector)-"
    }

    init(view: DrawnViewSpec) {
        self.init(name: view.name, instances: view.count)
    }

    /// Hits of either tier.
    var hits: Int { memoryHits + diskHits }
    /// Requests neither tier answered (drawn afresh, cancelled draws included).
    var misses: Int { draws - hits }

    /// Counts one request of this view type.
    mutating func noteRequest(outcome: DrawingOutcome?, nanoseconds: UInt64) {
        draws += 1
        latency.record(nanoseconds: nanoseconds)
        switch outcome {
        case .memoryHit: memoryHits += 1
        case .diskHit: diskHits += 1
        default: break
        }
    }

    /// Takes the bytes its drawings hold at a sample.
    mutating func noteHeld(memory: Int, disk: Int) {
        memoryBytesMax = max(memoryBytesMax, memory)
        memoryBytesSum += memory
        diskBytesMax = max(diskBytesMax, disk)
        samples += 1
    }

    /// Appends this view type's columns (after the run's identity) to `row`, in the order
    /// ``DrawingRecorder/viewColumns`` declares them. Percentiles and means are empty when there
    /// was nothing to take them of.
    func append(to row: inout ResultRow) {
        row.append("view", .string(name))
        row.append("instances", .int(instances))
        row.append("draws", .int(draws))
        row.append("hits", .int(hits))
        row.append("memory_hits", .int(memoryHits))
        row.append("disk_hits", .int(diskHits))
        row.append("misses", .int(misses))
        row.append("hit_rate", draws == 0 ? .empty : .double(Double(hits) / Double(draws)))
        row.append("draw_p50_ns", draws == 0 ? .empty : .uint(latency.percentile(50)))
        row.append("draw_p99_ns", draws == 0 ? .empty : .uint(latency.percentile(99)))
        row.append("memory_bytes_max", .int(memoryBytesMax))
        row.append("memory_bytes_mean", samples == 0 ? .empty : .double(Double(memoryBytesSum) / Double(samples)))
        row.append("disk_bytes_max", .int(diskBytesMax))
    }

    /// The index in `tallies` of the view type whose drawing `key` is (the longest matching
    /// prefix, should one view's name start another's), or nil.
    static func owner(of key: String, in tallies: [DrawingViewTally]) -> Int? {
        var best: Int?
        for (index, tally) in tallies.enumerated() where key.hasPrefix(tally.keyPrefix) {
            if let current = best, tallies[current].keyPrefix.count >= tally.keyPrefix.count { continue }
            best = index
        }
        return best
    }
}
