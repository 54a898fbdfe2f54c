/// LIRS (Jiang & Zhang, SIGMETRICS 2002) as the reference simulator runs it (`LIRS.c`): entries
/// of low inter-reference recency (LIR) fill 99% of the capacity; the other 1% holds resident
/// entries of high inter-reference recency (HIR) in a queue Q, where evictions come from.
///
/// A stack S orders recently used identities, the most recent on top: LIR entries, resident HIR
/// entries and non-resident HIR identities (still being timed). S's bottom is kept LIR: the HIR
/// identities that reach it are pruned (a resident one stays in Q).
///
/// - A hit on an LIR entry moves it to S's top. A hit on a resident HIR entry in S moves it to S's
///   top as LIR (it leaves Q); a hit on one in Q only moves it to Q's top and pushes it on S, HIR.
///   Either first demotes S's bottom LIR entries while the LIR entries and it exceed their share.
/// - To demote: S's bottom LIR entry goes to Q's top (Q evicting its oldest until it fits; an entry
///   larger than Q's share is evicted instead), then S is pruned.
/// - A miss on a non-resident HIR identity of S moves it to S's top as LIR, after demoting LIR
///   entries until it fits in the LIR share. Any other miss enters as LIR while the LIR share has
///   room, else as a resident HIR entry on top of S and of Q.
/// - An eviction takes Q's oldest entry; if its identity is in S it stays there, non-resident, in a
///   list that S forgets oldest first once S names more than twice the capacity. A miss on a
///   non-resident identity evicts from Q until Q is below its share, then demotes one LIR entry,
///   until the entry fits; a new one, when both shares are full, evicts from Q until it fits there.
///
/// Sized (a capacity in bytes), the shares are bytes, the HIR share `max(1, 1%)` truncated, and
/// a new object larger than either share is refused (the reference's "object size too large");
/// unsized, every entry weighs 1 and the HIR share is `max(1, 1%)` entries.
///
/// Two quirks of the reference are kept, so that its counts are matched exactly:
/// - When a hit on an entry in Q only demotes LIR entries and Q evicts that very entry meanwhile,
///   the entry is still pushed on S as a resident HIR entry: it stays cached, outside the
///   occupancy, until it is hit again (it becomes LIR and counts) or pruned from S (evicted). The
///   store then holds more than its capacity: during a miss ``victim(skipping:)`` returns `nil`
///   once the reference's occupancy has room, and the store inserts over its limit.
/// - That demotion loop re-reads the entry's size from its Q record after Q evicted it and freed
///   the record; the memory of freed records is reused last freed first (as glibc's malloc reuses
///   it), so the size read is that of the record that took the memory since (a demoted entry's Q
///   record, a non-resident identity's record), if any. The policy follows which record holds that
///   memory. In objects every size is 1 and it changes nothing; on trace C in bytes, reading the
///   entry's own size instead gives 404 more misses at 1% of the working set and 498 fewer at 5%.
public final class LIRSPolicy: RegisteredPolicy {
    /// S (front: bottom, least recent), Q (front: oldest) and S's non-resident identities (front:
    /// oldest), over nodes: an identity has a node while it is in S or Q.
    private let stack = SlotQueues(queues: 1)
    private let hirQueue = SlotQueues(queues: 1)
    private let nonResident = SlotQueues(queues: 1)
    private let nodeOf = IdentityTable()
    @exclusivity(unchecked) private var identityOf: [UInt64] = []
    @exclusivity(unchecked) private var sizeOf: [Int] = []
    /// S's flags of a node: LIR; cached (an HIR one).
    @exclusivity(unchecked) private var isLIR: [Bool] = []
    @exclusivity(unchecked) private var inCache: [Bool] = []
    /// The store's slot of a cached node (-1: none), and the node of a slot (-1: none).
    @exclusivity(unchecked) private var slotOf: [Int32] = []
    @exclusivity(unchecked) private var nodeOfSlot: [Int32] = []
    /// Each slot's identity and size, for an entry the store keeps after the policy evicted it.
    @exclusivity(unchecked) private var identityOfSlot: [UInt64] = []
    @exclusivity(unchecked) private var sizeOfSlot: [Int] = []
    @exclusivity(unchecked) private var freeNodes: [Int32] = []
    @exclusivity(unchecked) private var nodeCount = 0

    private let sized: Bool
    private let hirRatio: Double
    @exclusivity(unchecked) private var capacity: LearntCapacity
    @exclusivity(unchecked) private var lirLimit = Int.max
    @exclusivity(unchecked) private var hirLimit = Int.max
    @exclusivity(unchecked) private var lirWeight = 0
    @exclusivity(unchecked) private var hirWeight = 0
    /// What S names, cached or not (bounded by twice the capacity).
    @exclusivity(unchecked) private var stackWeight = 0
    /// The reference's occupancy: the LIR entries and Q.
    @exclusivity(unchecked) private var occupied = 0

    /// The miss being handled, from ``willInsert(identity:size:)`` to ``didInsert(_:)``.
    private enum Incoming {
        case none
        /// Not to be cached: larger than the capacity or than a share.
        case refused
        /// A non-resident HIR identity of S (its node), which becomes LIR.
        case revived(Int)
        /// An identity in neither S nor Q.
        case new
    }
    @exclusivity(unchecked) private var incoming = Incoming.none
    @exclusivity(unchecked) private var incomingIdentity: UInt64 = 0
    @exclusivity(unchecked) private var incomingSize = 1

    /// The node of a hit on an entry in Q only while it demotes LIR entries (-1: none).
    @exclusivity(unchecked) private var accessed = -1
    /// During that demotion: whether Q evicted the accessed entry, then the size its freed record
    /// reads, and how many records were freed since and not reused (-1: reused), and which
    /// record holds that memory then (a node's Q record, or its non-resident record).
    @exclusivity(unchecked) private var accessedEvicted = false
    @exclusivity(unchecked) private var recordSize = 0
    @exclusivity(unchecked) private var freedSinceRecord = 0
    @exclusivity(unchecked) private var recordHolder = -1
    @exclusivity(unchecked) private var recordHolderInQueue = false

    /// Slots of entries the policy evicted, for the store (``victim(skipping:)``, ``takeShedSlot()``).
    @exclusivity(unchecked) private var sheds = ShedList()
    /// The slot last handed to the store, until it is evicted (-1: none): if the store asks again
    /// first, it kept the entry.
    @exclusivity(unchecked) private var handedOut = -1

    /// Creates the policy for a store of `capacity` entries, or bytes when `sized` (0: learnt at
    /// the first eviction).
    /// - Parameters:
    ///   - capacity: the store's capacity (0: learnt at the first eviction).
    ///   - sized: whether the capacity is in bytes (entries weigh their sizes) or entries.
    ///   - hirRatio: the resident HIR entries' share of the capacity, in (0, 1).
    public init(capacity: Int, sized: Bool = false, hirRatio: Double = 0.01) {
        self.capacity = LearntCapacity(capacity)
        self.sized = sized
        self.hirRatio = hirRatio
        if self.capacity.isKnown { setLimits() }
    }

    public static let policyName: PolicyName = .lirs
    public static let summary =
        "LIRS: entries reused within a short recency (LIR) stay; the others (HIR) pass through a small queue evictions come from."
    public static let reference = "Jiang & Zhang, SIGMETRICS 2002; libCacheSim LIRS.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [3.67, 4.19, 5.35], peakRSSMiB: 131)
    public static let parameters = [
        PolicyParameter(
            "hir_ratio", "The resident HIR entries' share of the capacity (the rest is the LIR entries').",
            kind: .share, default: .number(0.01))
    ]
    public convenience init(_ context: PolicyContext) {
        self.init(capacity: context.capacity, sized: context.sized, hirRatio: context.settings.number("hir_ratio", or: 0.01))
    }

    /// Whether the entry in `slot` is LIR.
    public func isLIR(_ slot: Int) -> Bool {
        guard let node = node(ofSlot: slot) else { return false }
        return stack.contains(node) && isLIR[node]
    }

    /// Whether the entry in `slot` is a resident HIR entry in Q.
    public func isInQueue(_ slot: Int) -> Bool {
        guard let node = node(ofSlot: slot) else { return false }
        return hirQueue.contains(node)
    }

    /// Whether S names `identity` as a non-resident HIR identity.
    public func remembers(_ identity: UInt64) -> Bool {
        guard let node = nodeOf.value(for: identity).map(Int.init) else { return false }
        return stack.contains(node) && !isLIR[node] && !inCache[node]
    }

    /// The identities S names (LIR, resident HIR and non-resident HIR).
    public var stackCount: Int { stack.count(0) }

    /// A new entry must fit in the HIR and the LIR shares.
    public func admits(size: Int) -> Bool {
        guard case .refused = incoming else { return true }
        incoming = .none
        return false
    }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    /// Looks the identity up (moving it to S's top), then makes room as the reference's admission
    /// test does: a non-resident identity of S demotes LIR entries until it fits in the LIR
    /// share; a new one, when both shares are full, evicts from Q until it fits there.
    /// - Complexity: O(1) amortised.
    public func willInsert(identity: UInt64, size: Int) {
        if handedOut >= 0 { reclaimKept() }
        let size = sized ? size : 1
        incomingIdentity = identity
        incomingSize = size
        var node = nodeOf.value(for: identity).map(Int.init)
        if let found = node {
            if stack.contains(found) { stack.move(found, toBackOf: 0) }
            if hirQueue.contains(found) { hirQueue.move(found, toBackOf: 0) }
        }
        if capacity.isKnown, size > capacity.value {
            refuse()
            return
        }
        if let found = node, !(stack.contains(found) && !isLIR[found] && !inCache[found]) {
            // Cached, though the store does not hold it (it kept it out): start afresh.
            forget(found)
            node = nil
        }
        if let found = node {
            incoming = .revived(found)
            while lirWeight + sizeOf[found] > lirLimit, demoteLIR() {}
            nonResident.remove(found)
            return
        }
        guard size <= lirLimit, size <= hirLimit else {
            refuse()
            return
        }
        incoming = .new
        if lirWeight + size > lirLimit, hirWeight + size > hirLimit {
            while hirWeight + size > hirLimit, evictHIR() {}
        }
    }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        if case .revived(let node) = incoming, !(stack.contains(node) && identityOf[node] == incomingIdentity) {
            // Dropped from S meanwhile (a store kept entries the policy had evicted): enter as new.
            if let old = nodeOf.value(for: incomingIdentity) { forget(Int(old)) }
            incoming = .new
        }
        switch incoming {
        case .revived(let node):
            isLIR[node] = true
            inCache[node] = true
            lirWeight += sizeOf[node]
            occupied += sizeOf[node]
            attach(node, to: slot)
        case .new:
            let node = makeNode(incomingIdentity, size: incomingSize)
            pushOnStack(node)
            inCache[node] = true
            if lirWeight + incomingSize <= lirLimit {
                isLIR[node] = true
                lirWeight += incomingSize
            } else {
                hirQueue.pushBack(node, to: 0)
                hirWeight += incomingSize
            }
            occupied += incomingSize
            attach(node, to: slot)
        case .refused, .none:
            // Refused, by a store that inserts regardless of `admits`: it leaves at once.
            growSlots(&nodeOfSlot, toHold: slot, with: -1)
            nodeOfSlot[slot] = -1
            sheds.append(slot)
        }
        incoming = .none
        limitStack()
    }

    /// - Complexity: O(1) amortised.
    public func didAccess(_ slot: Int) {
        incoming = .none
        if handedOut >= 0 { reclaimKept() }
        guard let node = node(ofSlot: slot) else { return }
        let inStack = stack.contains(node)
        let inQueue = hirQueue.contains(node)
        if inStack { stack.move(node, toBackOf: 0) }
        if inQueue { hirQueue.move(node, toBackOf: 0) }
        let size = sizeOf[node]
        if inStack, isLIR[node] {
            prune()
        } else if inStack {
            // A resident HIR entry of S becomes LIR.
            if inQueue {
                hirQueue.remove(node)
                hirWeight -= size
                occupied -= size
            }
            while lirWeight + size > lirLimit, demoteLIR() {}
            isLIR[node] = true
            inCache[node] = true
            lirWeight += size
            occupied += size
        } else if inQueue {
            // A resident HIR entry of Q only goes back on S, HIR (cached even if Q evicts it meanwhile).
            accessed = node
            accessedEvicted = false
            while lirWeight + (accessedEvicted ? recordSize : size) > lirLimit, demoteLIR() {}
            accessed = -1
            pushOnStack(node)
            isLIR[node] = false
            inCache[node] = true
        }
        limitStack()
    }

    /// - Complexity: O(1).
    @inline(__always)
    public func takeShedSlot() -> Int? {
        if handedOut >= 0 { reclaimKept() }
        guard !sheds.isEmpty, let slot = sheds.take() else { return nil }
        handedOut = slot
        return slot
    }

    /// The entry leaves S and Q (an LIR one's removal prunes S).
    public func didRemove(_ slot: Int) {
        if slot == handedOut { handedOut = -1 }
        sheds.forget(slot)
        guard let node = node(ofSlot: slot) else { return }
        let wasLIR = stack.contains(node) && isLIR[node]
        forget(node)
        if wasLIR { prune() }
    }

    /// An entry the policy chose is already out of its lists; another one is removed.
    public func didEvict(_ slot: Int) {
        if slot == handedOut { handedOut = -1 }
        if node(ofSlot: slot) != nil { didRemove(slot) }
    }

    /// The store kept the entry last handed to it: it comes back.
    @inline(never)
    private func reclaimKept() {
        let slot = handedOut
        handedOut = -1
        if node(ofSlot: slot) == nil { adopt(slot) }
    }

    public func didRemoveAll() {
        stack.removeAll()
        hirQueue.removeAll()
        nonResident.removeAll()
        nodeOf.removeAll()
        freeNodes.removeAll(keepingCapacity: true)
        nodeCount = 0
        for slot in nodeOfSlot.indices { nodeOfSlot[slot] = -1 }
        sheds.removeAll()
        handedOut = -1
        lirWeight = 0
        hirWeight = 0
        stackWeight = 0
        occupied = 0
        incoming = .none
    }

    /// During a miss, runs the reference's eviction until its occupancy has room for the entry,
    /// handing over each entry evicted; `nil` once there is room, even if the store holds more
    /// (entries cached outside the occupancy). Outside a miss: Q's oldest, else S's bottom.
    /// A slot the store skips, or keeps when handed it, comes back as a resident HIR entry on top of Q.
    /// - Complexity: O(1) amortised.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        if handedOut >= 0 { reclaimKept() }
        if capacity.learn(resident: occupied) { setLimits() }
        var budget = 4 * (stack.count(0) + hirQueue.count(0)) + 8
        while budget > 0 {
            budget -= 1
            if let slot = sheds.take() {
                guard skip(slot) else {
                    handedOut = slot
                    return slot
                }
                adopt(slot)
                continue
            }
            switch incoming {
            case .revived:
                guard occupied + incomingSize > capacity.value else { return nil }
                while hirWeight >= hirLimit, evictHIR() {}
                guard demoteLIR() else { return nil }
            case .new:
                guard occupied + incomingSize > capacity.value else { return nil }
                if lirWeight + incomingSize > lirLimit, hirWeight + incomingSize > hirLimit, evictHIR() { continue }
                // The reference would wait for room forever (a capacity learnt late): make it.
                guard evictAny() else { return nil }
            case .refused:
                // A store that inserts regardless of `admits`: nothing is evicted for it.
                return nil
            case .none:
                guard evictAny() else { return nil }
            }
        }
        return nil
    }

    // MARK: - The reference's steps

    /// Evicts Q's oldest entry; its identity stays in S, non-resident, if S names it.
    @discardableResult
    private func evictHIR() -> Bool {
        guard let node = hirQueue.front(0) else { return false }
        let size = sizeOf[node]
        hirQueue.remove(node)
        hirWeight -= size
        occupied -= size
        if accessed >= 0 {
            if node == accessed {
                accessedEvicted = true
                recordSize = size
                freedSinceRecord = 0
            } else {
                recordFreed(queue: node)
            }
        }
        if stack.contains(node) {
            inCache[node] = false
            nonResident.move(node, toBackOf: 0)
            if accessed >= 0 { recordAllocated(node, inQueue: false) }
        }
        // The accessed entry stays cached: it goes on S at once.
        guard node != accessed else { return true }
        detach(node)
        releaseIfUnused(node)
        return true
    }

    /// Moves S's bottom (LIR) entry to Q's top, Q evicting its oldest until it fits (an entry
    /// larger than Q's share is evicted instead), then prunes S.
    private func demoteLIR() -> Bool {
        // S's bottom is LIR unless S holds one HIR identity only (pruning stops at the top).
        guard let node = stack.front(0), isLIR[node] else { return false }
        let size = sizeOf[node]
        lirWeight -= size
        popFromStack(node)
        occupied -= size
        if accessed >= 0 { recordFreed() }
        if size <= hirLimit {
            while hirWeight + size > hirLimit, evictHIR() {}
            hirQueue.move(node, toBackOf: 0)
            hirWeight += size
            occupied += size
            if accessed >= 0 { recordAllocated(node, inQueue: true) }
        } else {
            detach(node)
            releaseIfUnused(node)
        }
        prune()
        return true
    }

    /// Removes the HIR identities at S's bottom, up to its first LIR entry (S's top stays): a
    /// non-resident one is forgotten, one in Q stays there, one cached in neither is evicted.
    private func prune() {
        while let node = stack.front(0), stack.newer(node) != nil, !isLIR[node] {
            if !inCache[node], nonResident.contains(node) {
                nonResident.remove(node)
                if accessed >= 0 { recordFreed(nonResident: node) }
            }
            popFromStack(node)
            if accessed >= 0 { recordFreed() }
            if !hirQueue.contains(node) {
                detach(node)
                releaseIfUnused(node)
            }
        }
    }

    /// Forgets the oldest non-resident identities while S names more than twice the capacity.
    private func limitStack() {
        guard capacity.isKnown else { return }
        while stackWeight > 2 * capacity.value, let node = nonResident.front(0) {
            nonResident.remove(node)
            popFromStack(node)
            releaseIfUnused(node)
        }
    }

    /// Evicts Q's oldest entry, else demotes S's bottom entry if it is LIR, else takes it out of
    /// S (evicting it if it is cached).
    private func evictAny() -> Bool {
        if evictHIR() { return true }
        guard let node = stack.front(0) else { return false }
        if isLIR[node] { return demoteLIR() }
        nonResident.remove(node)
        popFromStack(node)
        detach(node)
        releaseIfUnused(node)
        return true
    }

    // MARK: - The accessed entry's freed Q record (memory reused last freed first)

    /// A record was freed: a node's Q record (`queue`), its non-resident record (`nonResident`) or
    /// an S record (neither).
    @inline(__always)
    private func recordFreed(queue: Int = -1, nonResident: Int = -1) {
        guard accessedEvicted else { return }
        if freedSinceRecord >= 0 {
            freedSinceRecord += 1
        } else if recordHolderInQueue ? recordHolder == queue : recordHolder == nonResident {
            freedSinceRecord = 0
        }
    }

    /// A record was allocated for `node`: its Q record or its non-resident record. It takes the
    /// accessed entry's memory if every record freed since has been reused.
    @inline(__always)
    private func recordAllocated(_ node: Int, inQueue: Bool) {
        guard accessedEvicted, freedSinceRecord >= 0 else { return }
        if freedSinceRecord > 0 {
            freedSinceRecord -= 1
        } else {
            freedSinceRecord = -1
            recordHolder = node
            recordHolderInQueue = inQueue
            recordSize = sizeOf[node]
        }
    }

    // MARK: - Nodes and slots

    private func setLimits() {
        let c = capacity.value
        hirLimit = max(1, Int(saturating: hirRatio * Double(c)))
        lirLimit = c - hirLimit
    }

    private func refuse() {
        incoming = .refused
        limitStack()
    }

    private func node(ofSlot slot: Int) -> Int? {
        guard slot >= 0, slot < nodeOfSlot.count else { return nil }
        let node = nodeOfSlot[slot]
        return node < 0 ? nil : Int(node)
    }

    private func makeNode(_ identity: UInt64, size: Int) -> Int {
        let node: Int
        if let free = freeNodes.popLast() {
            node = Int(free)
        } else {
            node = nodeCount
            nodeCount += 1
            growSlots(&identityOf, toHold: node, with: 0)
            growSlots(&sizeOf, toHold: node, with: 0)
            growSlots(&isLIR, toHold: node, with: false)
            growSlots(&inCache, toHold: node, with: false)
            growSlots(&slotOf, toHold: node, with: -1)
            // Never more free nodes than nodes: the free list does not grow later.
            freeNodes.reserveCapacity(identityOf.count)
        }
        identityOf[node] = identity
        sizeOf[node] = size
        isLIR[node] = false
        inCache[node] = false
        slotOf[node] = -1
        nodeOf.set(Int32(truncatingIfNeeded: node), for: identity)
        return node
    }

    private func pushOnStack(_ node: Int) {
        stack.pushBack(node, to: 0)
        stackWeight += sizeOf[node]
    }

    private func popFromStack(_ node: Int) {
        stack.remove(node)
        stackWeight -= sizeOf[node]
    }

    /// Frees the node once it is in neither S nor Q.
    private func releaseIfUnused(_ node: Int) {
        guard !stack.contains(node), !hirQueue.contains(node) else { return }
        nonResident.remove(node)
        detach(node)
        nodeOf.removeValue(for: identityOf[node])
        freeNodes.append(Int32(truncatingIfNeeded: node))
    }

    private func attach(_ node: Int, to slot: Int) {
        growSlots(&nodeOfSlot, toHold: slot, with: -1)
        growSlots(&identityOfSlot, toHold: slot, with: 0)
        growSlots(&sizeOfSlot, toHold: slot, with: 0)
        nodeOfSlot[slot] = Int32(truncatingIfNeeded: node)
        identityOfSlot[slot] = identityOf[node]
        sizeOfSlot[slot] = sizeOf[node]
        slotOf[node] = Int32(truncatingIfNeeded: slot)
    }

    /// The node is no longer cached: its slot goes to the store, to be evicted.
    private func detach(_ node: Int) {
        let slot = Int(slotOf[node])
        guard slot >= 0 else { return }
        slotOf[node] = -1
        nodeOfSlot[slot] = -1
        sheds.append(slot)
    }

    /// Takes the node out of S, Q and the non-resident list, with its weights, without evicting it.
    private func forget(_ node: Int) {
        let size = sizeOf[node]
        if stack.contains(node) {
            if isLIR[node] {
                lirWeight -= size
                occupied -= size
            }
            nonResident.remove(node)
            popFromStack(node)
        }
        if hirQueue.contains(node) {
            hirQueue.remove(node)
            hirWeight -= size
            occupied -= size
        }
        let slot = Int(slotOf[node])
        if slot >= 0 {
            slotOf[node] = -1
            nodeOfSlot[slot] = -1
        }
        releaseIfUnused(node)
    }

    /// A slot the store kept (skipped, or kept when handed it) after the policy evicted it comes
    /// back as a resident HIR entry on top of Q.
    private func adopt(_ slot: Int) {
        let identity = identityOfSlot[slot]
        if let old = nodeOf.value(for: identity) { forget(Int(old)) }
        let node = makeNode(identity, size: sizeOfSlot[slot])
        inCache[node] = true
        hirQueue.pushBack(node, to: 0)
        hirWeight += sizeOf[node]
        occupied += sizeOf[node]
        attach(node, to: slot)
    }

    /// Bytes of policy state per tracked identity (S names up to twice the capacity).
    public static let bytesPerEntry =
        3 * SlotQueues.bytesPerSlot + 2 * MemoryLayout<UInt64>.stride + 2 * MemoryLayout<Int>.stride
        + 2 * MemoryLayout<Int32>.stride + 2
}

extension PolicyName {
    /// LIRS (`LIRSPolicy`).
    public static let lirs: PolicyName = "lirs"
}
