/// A FIFO of the identities of entries that left a cache (a "ghost" list): O(1) membership, removal
/// of any identity, push at the back and pop at the front.
///
/// `arc` keeps two (B1, B2), `s3-fifo` and `2q` one. Identities are 64-bit values the store hands
/// its policy (``EvictionPolicy/willInsert(identity:)``), stable across an entry's removal and
/// re-insertion, unlike a slot. Nodes are recycled, so once the queue has reached its largest size
/// pushing and popping allocate nothing.
struct GhostQueue {
    private var nodeOf = IdentityTable()
    private var identities: [UInt64] = []
    private var previous: [Int32] = []
    private var next: [Int32] = []
    private var freeNodes: [Int32] = []
    private var front: Int32 = -1
    private var back: Int32 = -1

    /// Creates an empty queue with room for `capacity` identities before it allocates.
    init(capacity: Int = 0) {
        nodeOf = IdentityTable(capacity: capacity)
    }

    /// The number of identities held.
    var count: Int { nodeOf.count }

    func contains(_ identity: UInt64) -> Bool { nodeOf.value(for: identity) != nil }

    /// Removes `identity`; returns whether it was there.
    @discardableResult
    mutating func remove(_ identity: UInt64) -> Bool {
        guard let node = nodeOf.removeValue(for: identity) else { return false }
        unlink(node)
        return true
    }

    /// Appends `identity` at the back (newest end); moves it there if present.
    mutating func pushBack(_ identity: UInt64) {
        if let node = nodeOf.removeValue(for: identity) { unlink(node) }
        let node: Int32
        if let free = freeNodes.popLast() {
            node = free
            identities[Int(node)] = identity
        } else {
            node = Int32(truncatingIfNeeded: identities.count)
            identities.append(identity)
            previous.append(-1)
            next.append(-1)
        }
        nodeOf.set(node, for: identity)
        previous[Int(node)] = back
        next[Int(node)] = -1
        if back >= 0 { next[Int(back)] = node } else { front = node }
        back = node
    }

    /// Removes and returns the oldest identity.
    @discardableResult
    mutating func popFront() -> UInt64? {
        guard front >= 0 else { return nil }
        let node = front
        let identity = identities[Int(node)]
        nodeOf.removeValue(for: identity)
        unlink(node)
        return identity
    }

    mutating func removeAll() {
        nodeOf.removeAll()
        identities.removeAll(keepingCapacity: true)
        previous.removeAll(keepingCapacity: true)
        next.removeAll(keepingCapacity: true)
        freeNodes.removeAll(keepingCapacity: true)
        front = -1
        back = -1
    }

    private mutating func unlink(_ node: Int32) {
        let index = Int(node)
        let before = previous[index]
        let after = next[index]
        if before >= 0 { next[Int(before)] = after } else { front = after }
        if after >= 0 { previous[Int(after)] = before } else { back = before }
        freeNodes.append(node)
    }
}

extension GhostQueue {
    /// Bytes per identity held: the node (identity and links) and the hash table's cells (identity
    /// and node index, two to four cells per identity at its 25-50% load).
    static let bytesPerIdentity =
        MemoryLayout<UInt64>.stride + 2 * MemoryLayout<Int32>.stride
        + (MemoryLayout<UInt64>.stride + MemoryLayout<Int32>.stride) * 3
}
