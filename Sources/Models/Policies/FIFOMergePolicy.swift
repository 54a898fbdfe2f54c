/// FIFO-Merge as the reference simulator runs it (`FIFO_Merge.c`, cache name
/// `FIFO_Merge_FREQUENCY`): a FIFO that, instead of evicting its oldest entry, examines a window of
/// 100 entries at a time and evicts the 49 least worth keeping, leaving the others where they are
/// (the merge-based eviction of Yang et al.'s Segcache, NSDI 2021, on one queue of objects).
///
/// A miss enters at the FIFO's newest end with count 0; a hit adds one to the entry's count and
/// moves nothing. To evict while the cache holds at most `n_exam` (100) entries: the oldest entry,
/// and the examination restarts from the oldest end. Otherwise a window of `n_exam` entries is
/// examined from where the last window ended toward the newest end (wrapping to the oldest end):
/// each gets the metric 10^6 × (count + r) / size, r a pseudo-random number in [0, 0.1) drawn per
/// entry examined (libCacheSim's generator, LCG `s = 6364136223846793005·s + 1442695040888963407`,
/// r = (s mod 1000) / 10^4, seeded with the run's seed: 0, the reference's `set_rand_seed(0)`,
/// reproduces its draws and so its counts), and the window is
/// sorted by metric, ties kept in examination order (a stable sort, as glibc's `qsort` is: a merge
/// sort). The lowest goes now, and the next evictions take the window's next lowest, up to
/// `n_exam − n_keep − 1` (49) in all; then a new window is examined. With `retain_policy` recency
/// the metric is 10^12 / (requests since the entry's last use) / size, with no draw.
///
/// Sized (a capacity in bytes), an entry weighs its size in the capacity and in the metric (the
/// windows still count entries); unsized, every entry weighs 1.
public final class FIFOMergePolicy: RegisteredPolicy {
    private let queue = SlotQueues(queues: 1)
    @exclusivity(unchecked) private var counts: [Int32] = []
    @exclusivity(unchecked) private var sizes: [Int] = []
    @exclusivity(unchecked) private var lastUse: [Int] = []
    /// Requests seen (hits and misses), for the recency metric.
    @exclusivity(unchecked) private var requests = 0
    @exclusivity(unchecked) private var incomingSize = 1
    private let sized: Bool
    private let examined: Int
    private let kept: Int
    private let byRecency: Bool
    /// The reference's generator (Knuth's MMIX LCG).
    @exclusivity(unchecked) private var randomState: UInt64

    /// The last window, sorted by metric, and the position of the next entry to take from it;
    /// raw buffers (with scratch halves for the merge sort) so that sorting a window costs no
    /// uniqueness check per write.
    private let windowSlots: UnsafeMutablePointer<Int32>
    private let windowMetrics: UnsafeMutablePointer<Double>
    private let scratchSlots: UnsafeMutablePointer<Int32>
    private let scratchMetrics: UnsafeMutablePointer<Double>
    @exclusivity(unchecked) private var position = Int.max
    /// Where the next window starts (-1: at the oldest end).
    @exclusivity(unchecked) private var nextToExamine = -1
    /// The slot the last ``victim(skipping:)`` chose (its eviction keeps the window valid).
    @exclusivity(unchecked) private var chosen = -1

    /// Creates the policy.
    /// - Parameters:
    ///   - sized: whether the capacity is in bytes (entries weigh their sizes) or entries.
    ///   - examined: the entries examined per window (`n-exam`).
    ///   - kept: the entries of each window that stay (`n-keep`); `examined − kept − 1` are evicted.
    ///   - byRecency: rank by recency of use instead of count per byte.
    ///   - seed: the generator's initial state.
    public init(sized: Bool = false, examined: Int = 100, kept: Int = 50, byRecency: Bool = false, seed: UInt64 = 0) {
        self.sized = sized
        randomState = seed
        self.examined = max(1, examined)
        self.kept = min(max(0, kept), self.examined)
        self.byRecency = byRecency
        windowSlots = .allocate(capacity: self.examined)
        windowSlots.initialize(repeating: -1, count: self.examined)
        windowMetrics = .allocate(capacity: self.examined)
        windowMetrics.initialize(repeating: 0, count: self.examined)
        scratchSlots = .allocate(capacity: self.examined)
        scratchSlots.initialize(repeating: -1, count: self.examined)
        scratchMetrics = .allocate(capacity: self.examined)
        scratchMetrics.initialize(repeating: 0, count: self.examined)
    }

    deinit {
        windowSlots.deallocate()
        windowMetrics.deallocate()
        scratchSlots.deallocate()
        scratchMetrics.deallocate()
    }

    public static let policyName: PolicyName = .fifoMerge
    public static let summary =
        "FIFO-Merge: a FIFO that examines 100 entries at a time and evicts the 49 with the fewest hits per byte, the others staying in place."
    public static let reference = "Yang et al. (Segcache), NSDI 2021; libCacheSim FIFO_Merge.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [11.39, 7.77, 11.39], peakRSSMiB: 69)
    public static let parameters = [
        PolicyParameter("n_exam", "Entries examined per window.", kind: .integer(2...10_000), default: .integer(100)),
        PolicyParameter(
            "n_keep", "Entries of each window that stay (n_exam − n_keep − 1 are evicted).", kind: .integer(0...10_000),
            default: .integer(50)),
        PolicyParameter(
            "retain_policy", "What ranks the entries of a window: hits per byte, or recency of use.",
            kind: .word(["frequency", "recency"]), default: .word("frequency")),
    ]
    public convenience init(_ context: PolicyContext) {
        self.init(
            sized: context.sized, examined: context.settings.integer("n_exam", or: 100),
            kept: context.settings.integer("n_keep", or: 50),
            byRecency: context.settings.word("retain_policy", or: "frequency") == "recency", seed: context.seed)
    }

    /// The hits of the entry in `slot` since it entered.
    public func hits(of slot: Int) -> Int { queue.contains(slot) ? Int(counts[slot]) : 0 }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    public func willInsert(identity: UInt64, size: Int) {
        requests += 1
        incomingSize = sized ? max(1, size) : 1
    }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        growSlots(&counts, toHold: slot, with: 0)
        growSlots(&sizes, toHold: slot, with: 1)
        growSlots(&lastUse, toHold: slot, with: 0)
        counts[slot] = 0
        sizes[slot] = incomingSize
        lastUse[slot] = requests
        queue.pushBack(slot, to: 0)
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        requests += 1
        guard queue.contains(slot) else { return }
        counts[slot] &+= 1
        lastUse[slot] = requests
    }

    /// A removal the policy did not choose ends the window (it may name the entry).
    public func didRemove(_ slot: Int) {
        if slot == nextToExamine { nextToExamine = queue.newer(slot) ?? -1 }
        if position < examined { position = examined }
        queue.remove(slot)
    }

    public func didEvict(_ slot: Int) {
        guard slot == chosen else { return didRemove(slot) }
        chosen = -1
        queue.remove(slot)
    }

    public func didRemoveAll() {
        queue.removeAll()
        position = Int.max
        nextToExamine = -1
        chosen = -1
    }

    /// The next entry of the current window while it has some to give; else the oldest entry
    /// when the cache holds at most `n_exam`; else the lowest of a new window.
    /// - Complexity: O(1) amortised: a window of *k* entries is examined and sorted (O(*k* log *k*),
    ///   a merge sort) once every `k − n_keep − 1` evictions.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        guard queue.count(0) > 0 else { return nil }
        var slot = -1
        if position < examined {
            let candidate = Int(windowSlots[position])
            position += 1
            if position < examined - kept { slot = candidate }
        }
        if slot < 0 {
            if queue.count(0) <= examined {
                nextToExamine = -1
                slot = queue.front(0) ?? -1
            } else {
                slot = examineWindow()
            }
        }
        if skip(slot) {
            // The first entry not skipped from the oldest end instead (the window is dropped).
            position = examined
            var candidate = queue.front(0)
            while let next = candidate, skip(next) { candidate = queue.newer(next) }
            guard let next = candidate else { return nil }
            if next == nextToExamine { nextToExamine = queue.newer(next) ?? -1 }
            slot = next
        }
        chosen = slot
        return slot
    }

    /// Examines `n_exam` entries from where the last window ended, sorts them by metric (stable)
    /// and returns the lowest.
    private func examineWindow() -> Int {
        var slot = nextToExamine
        for index in 0..<examined {
            if slot < 0 { slot = queue.front(0) ?? -1 }
            windowMetrics[index] = metric(slot)
            windowSlots[index] = Int32(truncatingIfNeeded: slot)
            slot = queue.newer(slot) ?? -1
        }
        nextToExamine = slot
        Self.stableSort(windowMetrics, windowSlots, count: examined, scratch: scratchMetrics, scratchSlots)
        position = 1
        return Int(windowSlots[0])
    }

    /// Sorts `metrics[0..<count]` ascending, carrying `slots` along, equal metrics kept in their
    /// order (as glibc's `qsort`, a merge sort, keeps them): insertion sort of runs of 8, then
    /// bottom-up merges through the scratch buffers. No allocation.
    private static func stableSort(
        _ metrics: UnsafeMutablePointer<Double>, _ slots: UnsafeMutablePointer<Int32>, count: Int,
        scratch scratchMetrics: UnsafeMutablePointer<Double>, _ scratchSlots: UnsafeMutablePointer<Int32>
    ) {
        let run = 8
        var start = 0
        while start < count {
            let end = min(start + run, count)
            var index = start + 1
            while index < end {
                let metric = metrics[index]
                let entry = slots[index]
                var hole = index
                while hole > start, metrics[hole - 1] > metric {
                    metrics[hole] = metrics[hole - 1]
                    slots[hole] = slots[hole - 1]
                    hole -= 1
                }
                metrics[hole] = metric
                slots[hole] = entry
                index += 1
            }
            start = end
        }
        var sourceMetrics = metrics, sourceSlots = slots
        var targetMetrics = scratchMetrics, targetSlots = scratchSlots
        var width = run
        while width < count {
            var low = 0
            while low < count {
                let middle = min(low + width, count)
                let high = min(low + 2 * width, count)
                var left = low, right = middle, out = low
                while left < middle, right < high {
                    // `<=` takes the left run's entry on a tie: stable.
                    if sourceMetrics[left] <= sourceMetrics[right] {
                        targetMetrics[out] = sourceMetrics[left]
                        targetSlots[out] = sourceSlots[left]
                        left += 1
                    } else {
                        targetMetrics[out] = sourceMetrics[right]
                        targetSlots[out] = sourceSlots[right]
                        right += 1
                    }
                    out += 1
                }
                while left < middle {
                    targetMetrics[out] = sourceMetrics[left]
                    targetSlots[out] = sourceSlots[left]
                    left += 1
                    out += 1
                }
                while right < high {
                    targetMetrics[out] = sourceMetrics[right]
                    targetSlots[out] = sourceSlots[right]
                    right += 1
                    out += 1
                }
                low = high
            }
            swap(&sourceMetrics, &targetMetrics)
            swap(&sourceSlots, &targetSlots)
            width *= 2
        }
        if sourceMetrics != metrics {
            metrics.update(from: sourceMetrics, count: count)
            slots.update(from: sourceSlots, count: count)
        }
    }

    /// What keeps an entry: its hits (plus a draw below 0.1) per byte, or its recency per byte.
    @inline(__always)
    private func metric(_ slot: Int) -> Double {
        let size = Double(sizes[slot])
        if byRecency { return 1.0e12 / Double(requests - lastUse[slot]) / size }
        randomState = 6_364_136_223_846_793_005 &* randomState &+ 1_442_695_040_888_963_407
        let draw = Double(randomState % 1000) / 10_000.0
        return 1.0e6 * (Double(counts[slot]) + draw) / size
    }

    /// Bytes of policy state per tracked entry.
    public static let bytesPerEntry =
        SlotQueues.bytesPerSlot + MemoryLayout<Int32>.stride + 2 * MemoryLayout<Int>.stride
}

extension PolicyName {
    /// FIFO-Merge (`FIFOMergePolicy`).
    public static let fifoMerge: PolicyName = "fifo-merge"
}
