/// A uniformly random victim, as NSCache promises no order; drawn from a seeded generator so the
/// same seed evicts the same entries.
public final class RandomPolicy: EvictionPolicy {
    private var slots: [Int] = []
    private var position: [Int] = []  // position[slot] in `slots`, or -1
    private var generator: SeededGenerator

    public init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    public var name: EvictionPolicyName { .random }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        while position.count <= slot { position.append(-1) }
        guard position[slot] < 0 else { return }
        position[slot] = slots.count
        slots.append(slot)
    }

    public func didAccess(_ slot: Int) {}

    /// - Complexity: O(1): swaps the last slot into the hole.
    public func didRemove(_ slot: Int) {
        guard slot < position.count, position[slot] >= 0 else { return }
        let index = position[slot]
        position[slot] = -1
        let last = slots.removeLast()
        if index < slots.count {
            slots[index] = last
            position[last] = index
        }
    }

    public func didRemoveAll() {
        for slot in slots { position[slot] = -1 }
        slots.removeAll(keepingCapacity: true)
    }

    /// Draws once; if the draw is skipped, scans on from there so the result stays deterministic.
    /// - Complexity: O(1) expected, O(*n*) when most slots are skipped.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let start = generator.next(below: slots.count)
        for step in 0..<slots.count {
            let slot = slots[(start + step) % slots.count]
            if !skip(slot) { return slot }
        }
        return nil
    }
}
