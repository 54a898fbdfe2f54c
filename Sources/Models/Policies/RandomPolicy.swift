/// A uniformly random victim, as NSCache promises no order; drawn from a seeded generator so the
/// same seed evicts the same keys.
public final class RandomPolicy<Key: Hashable>: EvictionPolicy {
    private var keys: [Key] = []
    private var indexOf: [Key: Int] = [:]
    private var generator: SeededGenerator

    public init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    public var name: EvictionPolicyName { .random }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ key: Key) {
        guard indexOf[key] == nil else { return }
        indexOf[key] = keys.count
        keys.append(key)
    }

    public func didAccess(_ key: Key) {}

    /// - Complexity: O(1): swaps the last key into the hole.
    public func didRemove(_ key: Key) {
        guard let index = indexOf.removeValue(forKey: key) else { return }
        let last = keys.removeLast()
        if index < keys.count {
            keys[index] = last
            indexOf[last] = index
        }
    }

    public func didRemoveAll() {
        keys.removeAll(keepingCapacity: true)
        indexOf.removeAll(keepingCapacity: true)
    }

    /// Draws once; if the draw is skipped, scans on from there so the result stays deterministic.
    /// - Complexity: O(1) expected, O(*n*) when most keys are skipped.
    public func victim(skipping skip: (Key) -> Bool) -> Key? {
        guard !keys.isEmpty else { return nil }
        let start = generator.next(below: keys.count)
        for step in 0..<keys.count {
            let key = keys[(start + step) % keys.count]
            if !skip(key) { return key }
        }
        return nil
    }
}
