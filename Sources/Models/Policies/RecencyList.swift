/// A doubly linked list of slots with O(1) push-to-back, move-to-back and removal, and no hashing:
/// a slot's links live at its own index.
///
/// The shared core of `lru` and `fifo`: the front is the next victim. Steady-state operations do
/// not allocate.
struct RecencyList {
    private var previous: [Int] = []
    private var next: [Int] = []
    private var present: [Bool] = []
    private var head = -1
    private var tail = -1
    private(set) var count = 0

    func contains(_ slot: Int) -> Bool { slot < present.count && present[slot] }

    /// Appends `slot` at the back (most recent); moves it there if present.
    mutating func pushBack(_ slot: Int) {
        if contains(slot) {
            moveToBack(slot)
            return
        }
        while present.count <= slot {
            previous.append(-1)
            next.append(-1)
            present.append(false)
        }
        present[slot] = true
        count += 1
        previous[slot] = tail
        next[slot] = -1
        if tail >= 0 { next[tail] = slot } else { head = slot }
        tail = slot
    }

    /// Moves `slot` to the back if it is present.
    mutating func touch(_ slot: Int) {
        if contains(slot) { moveToBack(slot) }
    }

    mutating func remove(_ slot: Int) {
        guard contains(slot) else { return }
        unlink(slot)
        present[slot] = false
        count -= 1
    }

    mutating func removeAll() {
        for index in present.indices { present[index] = false }
        head = -1
        tail = -1
        count = 0
    }

    /// The first slot from the front for which `skip` is false.
    func first(skipping skip: (Int) -> Bool) -> Int? {
        var slot = head
        while slot >= 0 {
            if !skip(slot) { return slot }
            slot = next[slot]
        }
        return nil
    }

    private mutating func moveToBack(_ slot: Int) {
        guard slot != tail else { return }
        unlink(slot)
        previous[slot] = tail
        next[slot] = -1
        if tail >= 0 { next[tail] = slot } else { head = slot }
        tail = slot
    }

    private mutating func unlink(_ slot: Int) {
        let before = previous[slot]
        let after = next[slot]
        if before >= 0 { next[before] = after } else { head = after }
        if after >= 0 { previous[after] = before } else { tail = before }
    }
}
