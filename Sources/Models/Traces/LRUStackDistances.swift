/// LRU's miss-ratio curve for every capacity at once, in one pass over a request stream (Mattson's
/// stack algorithm).
///
/// A request's *stack distance* is the number of distinct keys requested since that key's previous
/// request, itself included: an LRU cache of `C` objects hits exactly the requests whose distance is
/// at most `C` (LRU's stack property), and misses the others and every first request. So one pass
/// that histograms the distances answers ``misses(capacity:)`` for every capacity, with the same
/// counts as separate LRU runs at each one.
///
/// Each key keeps one mark on a time axis, at its last request; a Fenwick tree over the axis counts
/// the marks after a given time, which is the distance. When the axis fills up it is compacted (the
/// live marks renumbered in order), so memory stays proportional to the number of distinct keys.
public struct LRUStackDistances: Sendable {
    /// Each distinct key's dense index, in order of first request.
    private var indexOf: [UInt64: Int32] = [:]
    /// Each key's last request time on the (compacted) axis (-1: removed).
    private var lastTime: [Int32] = []
    /// The keys with a mark: recorded and not removed.
    private var marks = 0
    /// The key whose mark is at each time of the axis (-1: none).
    private var keyAt: [Int32] = []
    /// The Fenwick tree over the axis: marks per time.
    private var tree: [Int32] = []
    /// The next free time on the axis.
    private var now = 0
    /// `histogram[d]`: requests at stack distance `d` (`d` ≥ 1; index 0 unused).
    private var histogram: [Int] = [0]
    /// First requests of a key (misses at every capacity).
    public private(set) var coldMisses = 0
    /// The requests recorded.
    public private(set) var requests = 0

    /// Creates an empty curve.
    public init() {}

    /// The number of distinct keys recorded (removed ones included).
    public var distinctKeys: Int { lastTime.count }

    /// Records one request of `key` and returns its stack distance (nil for a key's first request).
    /// - Complexity: O(log *m*) amortised, for *m* distinct keys so far.
    @discardableResult
    public mutating func record(_ key: UInt64) -> Int? {
        requests += 1
        if now == keyAt.count { compact() }
        let time = now
        now += 1
        if let index = indexOf[key] {
            let previous = Int(lastTime[Int(index)])
            // Marks after `previous`: the distinct keys requested since, plus this key's own mark.
            let distance = marks - prefixCount(through: previous) + 1
            if distance >= histogram.count {
                histogram.append(contentsOf: repeatElement(0, count: distance - histogram.count + 1))
            }
            histogram[distance] += 1
            add(-1, at: previous)
            keyAt[previous] = -1
            lastTime[Int(index)] = Int32(truncatingIfNeeded: time)
            keyAt[time] = index
            add(1, at: time)
            return distance
        }
        coldMisses += 1
        let index = Int32(truncatingIfNeeded: lastTime.count)
        indexOf[key] = index
        lastTime.append(Int32(truncatingIfNeeded: time))
        keyAt[time] = index
        marks += 1
        add(1, at: time)
        return nil
    }

    /// Forgets `key`: later distances no longer count it, and its next request is a first one
    /// (SHARDS's fixed-size sampling drops keys this way). The histogram keeps what was recorded.
    /// - Complexity: O(log *m*).
    public mutating func remove(_ key: UInt64) {
        guard let index = indexOf.removeValue(forKey: key) else { return }
        let time = Int(lastTime[Int(index)])
        lastTime[Int(index)] = -1
        keyAt[time] = -1
        marks -= 1
        add(-1, at: time)
    }

    /// The misses of an LRU cache of `capacity` objects, cold at the start, over the requests recorded.
    /// - Complexity: O(*m*) for *m* distinct keys.
    public func misses(capacity: Int) -> Int {
        guard capacity > 0 else { return requests }
        var misses = coldMisses
        var distance = histogram.count - 1
        while distance > capacity {
            misses += histogram[distance]
            distance -= 1
        }
        return misses
    }

    /// The misses at every capacity from 0 to ``distinctKeys`` (element `C`: capacity `C`); beyond
    /// that every capacity misses only the first requests.
    /// - Complexity: O(*m*) for *m* distinct keys.
    public func missCurve() -> [Int] {
        var curve = [Int](repeating: coldMisses, count: distinctKeys + 1)
        curve[0] = requests
        var misses = coldMisses
        for capacity in stride(from: distinctKeys, through: 1, by: -1) {
            curve[capacity] = misses
            if capacity < histogram.count { misses += histogram[capacity] }
        }
        return curve
    }

    /// The number of marks at times 0…`time`.
    private func prefixCount(through time: Int) -> Int {
        var sum = 0
        var index = time + 1
        while index > 0 {
            sum += Int(tree[index - 1])
            index &= index - 1
        }
        return sum
    }

    private mutating func add(_ delta: Int32, at time: Int) {
        var index = time + 1
        while index <= tree.count {
            tree[index - 1] += delta
            index += index & -index
        }
    }

    /// Renumbers the live marks 0…*m*−1 in time order and sizes the axis at twice that (at least
    /// 1024), so a compaction comes at most once per *m* requests: O(1) amortised per request.
    private mutating func compact() {
        var live: [Int32] = []
        live.reserveCapacity(lastTime.count)
        for key in keyAt where key >= 0 { live.append(key) }
        let size = max(1024, 2 * live.count)
        keyAt = [Int32](repeating: -1, count: size)
        tree = [Int32](repeating: 0, count: size)
        for (time, key) in live.enumerated() {
            keyAt[time] = key
            lastTime[Int(key)] = Int32(truncatingIfNeeded: time)
            tree[time] = 1
        }
        // Build the Fenwick tree in place in O(size).
        for index in 1...size {
            let parent = index + (index & -index)
            if parent <= size { tree[parent - 1] += tree[index - 1] }
        }
        now = live.count
    }
}
