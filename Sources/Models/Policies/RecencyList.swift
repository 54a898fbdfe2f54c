/// A doubly linked list of keys over index-addressed nodes, with O(1) move-to-back and removal.
///
/// The shared core of `lru` and `fifo`: the front is the next victim. Nodes are recycled through a
/// free list, so steady-state operations do not allocate.
struct RecencyList<Key: Hashable> {
    private struct Node {
        var key: Key?
        var previous: Int
        var next: Int
    }

    private var nodes: [Node] = []
    private var indexOf: [Key: Int] = [:]
    private var head = -1
    private var tail = -1
    private var free: [Int] = []

    var count: Int { indexOf.count }

    func contains(_ key: Key) -> Bool { indexOf[key] != nil }

    /// Appends `key` at the back (most recent); moves it there if present.
    mutating func pushBack(_ key: Key) {
        if let index = indexOf[key] {
            moveToBack(index)
            return
        }
        let index: Int
        if let reused = free.popLast() {
            index = reused
            nodes[index] = Node(key: key, previous: tail, next: -1)
        } else {
            index = nodes.count
            nodes.append(Node(key: key, previous: tail, next: -1))
        }
        if tail >= 0 { nodes[tail].next = index } else { head = index }
        tail = index
        indexOf[key] = index
    }

    /// Moves `key` to the back if it is present.
    mutating func touch(_ key: Key) {
        if let index = indexOf[key] { moveToBack(index) }
    }

    mutating func remove(_ key: Key) {
        guard let index = indexOf.removeValue(forKey: key) else { return }
        unlink(index)
        nodes[index].key = nil
        free.append(index)
    }

    mutating func removeAll() {
        nodes.removeAll(keepingCapacity: true)
        indexOf.removeAll(keepingCapacity: true)
        free.removeAll(keepingCapacity: true)
        head = -1
        tail = -1
    }

    /// The first key from the front for which `skip` is false.
    func first(skipping skip: (Key) -> Bool) -> Key? {
        var index = head
        while index >= 0 {
            if let key = nodes[index].key, !skip(key) { return key }
            index = nodes[index].next
        }
        return nil
    }

    private mutating func moveToBack(_ index: Int) {
        guard index != tail else { return }
        unlink(index)
        nodes[index].previous = tail
        nodes[index].next = -1
        if tail >= 0 { nodes[tail].next = index } else { head = index }
        tail = index
    }

    private mutating func unlink(_ index: Int) {
        let previous = nodes[index].previous
        let next = nodes[index].next
        if previous >= 0 { nodes[previous].next = next } else { head = next }
        if next >= 0 { nodes[next].previous = previous } else { tail = previous }
    }
}
