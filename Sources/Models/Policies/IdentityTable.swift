/// An open-addressing hash table from 64-bit identities to small non-negative integers: linear
/// probing in a power-of-two table kept at most half full, removal by backward shifting (no
/// tombstones), and a multiplicative hash (identities are already well spread or small integers).
///
/// ``GhostQueue``'s index. A lookup touches one or two adjacent cells; it allocates only when it
/// grows past its reserved size. A class over raw buffers, like ``SlotQueues``: no uniqueness check
/// per write.
///
/// Also a trace replay's index from keys to slots; its lookups are inlinable (but internal) for
/// the replay loops compiled in a policy's own module.
@usableFromInline
final class IdentityTable {
    @exclusivity(unchecked) @usableFromInline private(set) var keys: UnsafeMutablePointer<UInt64>
    /// -1 marks an empty cell.
    @exclusivity(unchecked) @usableFromInline private(set) var values: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) @usableFromInline private(set) var size: Int
    @exclusivity(unchecked) @usableFromInline private(set) var mask: Int
    /// Identities held (only ``set(_:for:)``, ``removeValue(for:)`` and ``removeAll()`` change it).
    @exclusivity(unchecked) @usableFromInline var count = 0

    /// Creates a table that holds `capacity` identities before it grows.
    init(capacity: Int = 0) {
        var size = 8
        while size < 2 * capacity { size *= 2 }
        self.size = size
        keys = .allocate(capacity: size)
        keys.initialize(repeating: 0, count: size)
        values = .allocate(capacity: size)
        values.initialize(repeating: -1, count: size)
        mask = size - 1
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    @inlinable @inline(__always)
    func home(_ key: UInt64) -> Int {
        let mixed = key &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 29)) & mask
    }

    /// The value for `key`.
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always)
    func value(for key: UInt64) -> Int32? {
        var index = home(key)
        while true {
            let value = values[index]
            if value < 0 { return nil }
            if keys[index] == key { return value }
            index = (index + 1) & mask
        }
    }

    /// Sets the value for `key` (`value` ≥ 0).
    @inlinable
    func set(_ value: Int32, for key: UInt64) {
        if 2 * (count + 1) > size { grow() }
        var index = home(key)
        while values[index] >= 0 {
            if keys[index] == key {
                values[index] = value
                return
            }
            index = (index + 1) & mask
        }
        keys[index] = key
        values[index] = value
        count += 1
    }

    /// Removes `key` and returns its value.
    @inlinable @discardableResult
    func removeValue(for key: UInt64) -> Int32? {
        var index = home(key)
        while true {
            let value = values[index]
            if value < 0 { return nil }
            if keys[index] == key { break }
            index = (index + 1) & mask
        }
        let removed = values[index]
        // Shift back the entries of the probe run that may no longer be reachable.
        var hole = index
        var next = (hole + 1) & mask
        while values[next] >= 0 {
            let ideal = home(keys[next])
            if (next - ideal) & mask >= (next - hole) & mask {
                keys[hole] = keys[next]
                values[hole] = values[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        values[hole] = -1
        count -= 1
        return removed
    }

    func removeAll() {
        values.update(repeating: -1, count: size)
        count = 0
    }

    @usableFromInline
    func grow() {
        let oldKeys = keys
        let oldValues = values
        let oldSize = size
        size *= 2
        keys = .allocate(capacity: size)
        keys.initialize(repeating: 0, count: size)
        values = .allocate(capacity: size)
        values.initialize(repeating: -1, count: size)
        mask = size - 1
        count = 0
        for index in 0..<oldSize where oldValues[index] >= 0 {
            set(oldValues[index], for: oldKeys[index])
        }
        oldKeys.deallocate()
        oldValues.deallocate()
    }
}
