/// Belady's optimal policy: evicts the entry whose next request is furthest in the future (never
/// requested again first). It needs the request stream in advance: each insertion
/// (``willInsert(identity:)``) and each access (``didAccess(_:)``) is taken as the next request of
/// that stream, so the store must see exactly the recorded requests, in order.
///
/// The look-ahead (each request's next use) is computed once at creation, O(*n*) time and memory;
/// after that a request costs O(log *n*) on a max-heap of the entries' next uses, with no allocation.
public final class OptimalPolicy: RegisteredPolicy {
    /// Each request's next use, and where the run is in the stream.
    private let lookAhead: RequestLookAhead
    @exclusivity(unchecked) private var pendingNextUse = Int.max
    @exclusivity(unchecked) private var nextUseOf: [Int] = []
    /// A binary max-heap of slots by next use, and each slot's index in it (-1: absent).
    @exclusivity(unchecked) private var heap: [Int32] = []
    @exclusivity(unchecked) private var position: [Int32] = []

    /// Creates the policy for the request stream `future` (identities in request order).
    /// - Complexity: O(*n*) for *n* requests.
    public init(future: [UInt64]) {
        lookAhead = RequestLookAhead(future: future)
    }

    /// Creates the policy for the request stream `future`, recorded from an earlier pass of the same
    /// deterministic run, following `log`'s position in it: the store may then make extra calls
    /// for a request (a re-cost after a hit, a copy from another tier) or insert outside requests
    /// (a repopulation, announced by ``CacheRequestLog/touch(_:)``) without losing its place.
    /// The log must number the keys as the recording did (the same stream, logged the same way).
    /// - Complexity: O(*n*) for *n* requests.
    public init(future: [UInt64], following log: CacheRequestLog) {
        lookAhead = RequestLookAhead(future: future, following: log)
    }

    public static let policyName: PolicyName = .optimal
    public static let summary =
        "Belady’s: evicts the entry requested again furthest in the future. Needs the future: a run first records its stream."
    public static let reference = "Belady, IBM Systems Journal 1966; libCacheSim Belady.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [6.31, 6.80, 7.48], peakRSSMiB: 69)
    public static let needsFuture = true
    public convenience init(_ context: PolicyContext) {
        if let log = context.log {
            self.init(future: context.future, following: log)
        } else {
            self.init(future: context.future)
        }
    }

    /// The next request of the entry in `slot` (`Int.max`: never).
    public func nextRequest(of slot: Int) -> Int? {
        slot < position.count && position[slot] >= 0 ? nextUseOf[slot] : nil
    }

    public func willInsert(identity: UInt64) {
        pendingNextUse = lookAhead.advance()
    }

    /// - Complexity: O(log *n*)
    public func didInsert(_ slot: Int) {
        growSlots(&nextUseOf, toHold: slot, with: Int.max)
        growSlots(&position, toHold: slot, with: -1)
        guard position[slot] < 0 else { return }
        nextUseOf[slot] = pendingNextUse
        pendingNextUse = Int.max
        position[slot] = Int32(truncatingIfNeeded: heap.count)
        heap.append(Int32(truncatingIfNeeded: slot))
        siftUp(heap.count - 1)
    }

    /// - Complexity: O(log *n*)
    public func didAccess(_ slot: Int) {
        let use = lookAhead.advance()
        guard slot < position.count, position[slot] >= 0 else { return }
        nextUseOf[slot] = use
        siftDown(siftUp(Int(position[slot])))
    }

    /// - Complexity: O(log *n*)
    public func didRemove(_ slot: Int) {
        guard slot < position.count, position[slot] >= 0 else { return }
        let index = Int(position[slot])
        position[slot] = -1
        let last = heap.removeLast()
        guard index < heap.count else { return }
        heap[index] = last
        position[Int(last)] = Int32(truncatingIfNeeded: index)
        siftDown(siftUp(index))
    }

    public func didRemoveAll() {
        for slot in heap { position[Int(slot)] = -1 }
        heap.removeAll(keepingCapacity: true)
    }

    /// - Complexity: O(1), O(*n*) when the furthest entry is skipped.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        guard let top = heap.first else { return nil }
        if !skip(Int(top)) { return Int(top) }
        var best: Int?
        for slot in heap.lazy.map({ Int($0) }) where !skip(slot) {
            if best.map({ nextUseOf[slot] > nextUseOf[$0] }) ?? true { best = slot }
        }
        return best
    }

    /// Bytes of policy state per tracked entry (the look-ahead, 8 bytes per request, comes on top).
    public static let bytesPerEntry = MemoryLayout<Int>.stride + 2 * MemoryLayout<Int32>.stride

    private func swapAt(_ i: Int, _ j: Int) {
        heap.swapAt(i, j)
        position[Int(heap[i])] = Int32(truncatingIfNeeded: i)
        position[Int(heap[j])] = Int32(truncatingIfNeeded: j)
    }

    @discardableResult
    private func siftUp(_ start: Int) -> Int {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard nextUseOf[Int(heap[index])] > nextUseOf[Int(heap[parent])] else { break }
            swapAt(index, parent)
            index = parent
        }
        return index
    }

    private func siftDown(_ start: Int) {
        var index = start
        while true {
            let left = 2 * index + 1
            guard left < heap.count else { return }
            var largest = left
            if left + 1 < heap.count, nextUseOf[Int(heap[left + 1])] > nextUseOf[Int(heap[left])] { largest = left + 1 }
            guard nextUseOf[Int(heap[largest])] > nextUseOf[Int(heap[index])] else { return }
            swapAt(index, largest)
            index = largest
        }
    }
}

extension PolicyName {
    /// Belady's optimal (`OptimalPolicy`).
    public static let optimal: PolicyName = "optimal"
}
