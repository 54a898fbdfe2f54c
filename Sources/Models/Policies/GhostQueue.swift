/// A FIFO of the identities of entries that left a cache (a "ghost" list): O(1) membership, removal
/// of any identity, push at the back and pop at the front.
///
/// `arc` keeps two (B1, B2), `s3-fifo` and `2q` one. Identities are 64-bit values the store hands
/// its policy (``EvictionPolicy/willInsert(identity:)``), stable across an entry's removal and
/// re-insertion, unlike a slot. Nodes are recycled, so once the queue has reached its largest size
/// pushing and popping allocate nothing.
///
/// Each identity may carry a weight (the size of the entry it stands for, in the cache's unit;
/// 1 unless given), and the queue keeps their total, ``weight``: ghost lists of a cache sized in
/// bytes are bounded in bytes.
///
/// A class over raw buffers, like ``SlotQueues``: no uniqueness check per write.
final class GhostQueue {
    private let nodeOf: IdentityTable
    @exclusivity(unchecked) private var nodeCapacity = 0
    @exclusivity(unchecked) private var nodeCount = 0
    @exclusivity(unchecked) private var identities: UnsafeMutablePointer<UInt64> = .allocate(capacity: 0)
    @exclusivity(unchecked) private var previous: UnsafeMutablePointer<Int32> = .allocate(capacity: 0)
    @exclusivity(unchecked) private var next: UnsafeMutablePointer<Int32> = .allocate(capacity: 0)
    @exclusivity(unchecked) private var weights: UnsafeMutablePointer<Int> = .allocate(capacity: 0)
    /// Unlinked nodes, a stack of `freeCount`.
    @exclusivity(unchecked) private var freeNodes: UnsafeMutablePointer<Int32> = .allocate(capacity: 0)
    @exclusivity(unchecked) private var freeCount = 0
    @exclusivity(unchecked) private var front: Int32 = -1
    @exclusivity(unchecked) private var back: Int32 = -1

    /// Whether identities carry their own weights (else each weighs 1 and ``weight`` is ``count``).
    let weighted: Bool

    /// Creates an empty queue with room for `capacity` identities before it allocates; its
    /// identities weigh 1 each unless `weighted`.
    init(capacity: Int = 0, weighted: Bool = false) {
        nodeOf = IdentityTable(capacity: capacity)
        self.weighted = weighted
    }

    deinit {
        identities.deallocate()
        previous.deallocate()
        next.deallocate()
        weights.deallocate()
        freeNodes.deallocate()
    }

    /// The number of identities held.
    var count: Int { nodeOf.count }

    /// The identities' weights added up (``count`` when unweighted).
    var weight: Int { weighted ? weightSum : nodeOf.count }
    @exclusivity(unchecked) private var weightSum = 0

    func contains(_ identity: UInt64) -> Bool { nodeOf.value(for: identity) != nil }

    /// Removes `identity`; returns whether it was there.
    @discardableResult
    func remove(_ identity: UInt64) -> Bool {
        guard let node = nodeOf.removeValue(for: identity) else { return false }
        unlink(node)
        return true
    }

    /// Appends `identity` at the back (newest end); moves it there if present.
    func pushBack(_ identity: UInt64, weight: Int = 1) {
        if let node = nodeOf.removeValue(for: identity) { unlink(node) }
        append(identity, weight: weight)
    }

    /// Appends `identity`, which the queue does not hold, at the back: one probe fewer than
    /// ``pushBack(_:)`` (an entry that just left the cache is in no ghost list).
    func append(_ identity: UInt64, weight: Int = 1) {
        assert(!contains(identity))
        let node: Int32
        if freeCount > 0 {
            freeCount -= 1
            node = freeNodes[freeCount]
        } else {
            if nodeCount == nodeCapacity { grow() }
            node = Int32(truncatingIfNeeded: nodeCount)
            nodeCount += 1
        }
        identities[Int(node)] = identity
        if weighted {
            weights[Int(node)] = weight
            weightSum += weight
        }
        nodeOf.set(node, for: identity)
        previous[Int(node)] = back
        next[Int(node)] = -1
        if back >= 0 { next[Int(back)] = node } else { front = node }
        back = node
    }

    /// Removes and returns the oldest identity.
    @discardableResult
    func popFront() -> UInt64? {
        guard front >= 0 else { return nil }
        let node = front
        let identity = identities[Int(node)]
        nodeOf.removeValue(for: identity)
        unlink(node)
        return identity
    }

    func removeAll() {
        nodeOf.removeAll()
        nodeCount = 0
        freeCount = 0
        front = -1
        back = -1
        weightSum = 0
    }

    private func unlink(_ node: Int32) {
        let index = Int(node)
        let before = previous[index]
        let after = next[index]
        if weighted { weightSum -= weights[index] }
        if before >= 0 { next[Int(before)] = after } else { front = after }
        if after >= 0 { previous[Int(after)] = before } else { back = before }
        freeNodes[freeCount] = node
        freeCount += 1
    }

    /// Doubles the node storage (every node is in use: none is free).
    @inline(never)
    private func grow() {
        let capacity = max(8, nodeCapacity * 2)
        identities = Self.moved(identities, count: nodeCount, to: capacity)
        previous = Self.moved(previous, count: nodeCount, to: capacity)
        next = Self.moved(next, count: nodeCount, to: capacity)
        if weighted { weights = Self.moved(weights, count: nodeCount, to: capacity) }
        freeNodes.deallocate()
        freeNodes = .allocate(capacity: capacity)
        nodeCapacity = capacity
    }

    private static func moved<Element>(
        _ old: UnsafeMutablePointer<Element>, count: Int, to capacity: Int
    ) -> UnsafeMutablePointer<Element> {
        let new = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        new.moveInitialize(from: old, count: count)
        old.deallocate()
        return new
    }
}

extension GhostQueue {
    /// Bytes per identity held: the node (identity and links) and the hash table's cells (identity
    /// and node index, two to four cells per identity at its 25-50% load).
    static let bytesPerIdentity =
        MemoryLayout<UInt64>.stride + 2 * MemoryLayout<Int32>.stride + MemoryLayout<Int>.stride
        + (MemoryLayout<UInt64>.stride + MemoryLayout<Int32>.stride) * 3
}
