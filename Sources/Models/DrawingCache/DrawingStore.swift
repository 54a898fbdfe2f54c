import Foundation

/// The store under a ``DrawingCache``: an optional memory tier (NSCache-like, cost = bitmap bytes)
/// in front of an optional EGOCache-like disk tier, as ``DrawingStorePolicy`` chooses.
///
/// A lookup tries memory, then disk. An entry found past its expiry date (at or after it) is removed
/// from both tiers and reported as expired. A disk hit is copied into the memory tier. A disk entry
/// whose file fails validation is removed and reported as invalid: never returned. Writes go to
/// both tiers (the disk write in the background). A memory warning empties the memory tier; the
/// disk tier stays.
public final class DrawingStore {
    /// What a lookup found.
    public enum Lookup {
        case memoryHit(DrawnImage)
        case diskHit(DrawnImage)
        /// The entry was past its date; it is gone from both tiers.
        case expired
        /// The disk entry's file was missing or failed validation; it is gone.
        case invalidEntry(reason: String)
        case miss
    }

    /// A memory-tier entry: the image and its expiry date.
    final class MemoryEntry {
        let image: DrawnImage
        let expiresAt: Double

        init(_ image: DrawnImage, expiresAt: Double) {
            self.image = image
            self.expiresAt = expiresAt
        }
    }

    public let policy: DrawingStorePolicy
    let memory: BoundedStore<String, MemoryEntry>?
    let disk: DiskTier?

    /// Makes the tiers `policy` names; a disk tier is opened and cleaned as of `now`.
    /// - Parameters:
    ///   - policy: the tiers and the memory tier's eviction policy.
    ///   - seed: feeds the `random` eviction policy.
    ///   - parameters: tune the eviction policies that have them (both tiers).
    ///   - now: the time the disk tier is cleaned as of (entries expired by then are removed).
    ///   - memoryEviction: the memory tier's policy object, replacing the one `policy` names.
    /// - Throws: ``DrawingCacheError/directoryUnusable(path:reason:)`` when the disk tier's directory
    ///   cannot be created or written.
    ///   - memoryEviction: the memory tier's policy object, replacing the one `policy` names
    ///     (an ``OptimalPolicy`` built from a recorded stream).
    public init(
        policy: DrawingStorePolicy, seed: UInt64 = 1, parameters: PolicyParameters = PolicyParameters(), now: Double,
        memoryEviction: (any EvictionPolicy)? = nil
    ) throws {
        self.policy = policy
        memory = policy.memoryPolicy.map {
            BoundedStore(
                costLimit: policy.capacityBytes,
                policy: memoryEviction
                    ?? $0.makePolicy(seed: seed, capacity: policy.capacityBytes, sized: true, parameters: parameters))
        }
        disk = try policy.directory.map {
            try DiskTier(directory: $0, now: now, limit: policy.diskLimit, seed: seed, parameters: parameters)
        }
    }

    /// The image for `key` as of time `now`.
    /// - Complexity: O(1) for a memory hit; O(file size) for a disk read.
    /// - Parameter recreationCost: what the drawing costs to draw again, for a cost-aware memory
    ///   tier policy, when a disk hit is copied to memory (nil: 1).
    public func image(forKey key: String, now: Double, recreationCost: Double? = nil) -> Lookup {
        if let memory, let entry = memory.value(forKey: key) {
            if entry.expiresAt > now { return .memoryHit(entry.image) }
            memory.removeValue(forKey: key)
            disk?.remove(key: key)
            return .expired
        }
        guard let disk else { return .miss }
        switch disk.read(key: key, now: now) {
        case .hit(let image, let expiresAt):
            memory?.setValue(
                MemoryEntry(image, expiresAt: expiresAt), forKey: key, cost: image.byteCount, recreationCost: recreationCost)
            return .diskHit(image)
        case .expired: return .expired
        case .invalid(let reason): return .invalidEntry(reason: reason)
        case .miss: return .miss
        }
    }

    /// Stores `image` under `key` until `expiresAt`, in every tier.
    /// - Complexity: O(1) amortised for memory (plus evictions); O(*w·h*) PNG encoding for disk.
    /// `recreationCost`: what it costs to draw again, for a cost-aware memory tier policy (nil: 1).
    public func setImage(_ image: DrawnImage, forKey key: String, expiresAt: Double, recreationCost: Double? = nil) {
        memory?.setValue(
            MemoryEntry(image, expiresAt: expiresAt), forKey: key, cost: image.byteCount, recreationCost: recreationCost)
        disk?.write(image, key: key, expiresAt: expiresAt)
    }

    /// Removes `key` from every tier.
    public func removeImage(forKey key: String) {
        memory?.removeValue(forKey: key)
        disk?.remove(key: key)
    }

    /// `moderate` trims the memory tier to half its capacity (half its contents when unlimited) in
    /// policy order; `warning` empties it, as NSCache does. The disk tier is untouched.
    public func handleMemoryPressure(_ level: MemoryPressureLevel) {
        guard let memory else { return }
        switch level {
        case .moderate:
            let limit = memory.costLimit > 0 ? memory.costLimit : memory.totalCost
            memory.trim(toCost: limit / 2)
        case .warning:
            memory.removeAll()
        }
    }

    /// Blocks until the disk tier's queued writes have finished (for tests and drivers).
    public func waitForPendingWrites() { disk?.waitForPendingWrites() }

    // MARK: Inspection

    /// Bitmap bytes held in memory.
    public var memoryBytes: Int { memory?.totalCost ?? 0 }
    /// Entries held in memory.
    public var memoryCount: Int { memory?.count ?? 0 }
    /// Entries the memory tier's capacity evicted.
    public var memoryEvictions: Int { memory?.evictionCount ?? 0 }
    /// File bytes of the disk tier's entries.
    public var diskBytes: Int { disk?.fileBytes ?? 0 }
    /// Entries in the disk tier's index.
    public var diskCount: Int { disk?.count ?? 0 }
    /// Entries the disk tier's byte limit deleted since the store was made (start-up included).
    public var diskEvictions: Int { disk?.evictionCount ?? 0 }
    /// Background disk writes that failed.
    public var diskWriteFailures: Int { disk?.writeFailures ?? 0 }
    /// The last background disk failure.
    public var lastDiskWriteError: String? { disk?.lastWriteError }
    /// What the disk tier found at start-up; `nil` without a disk tier.
    public var diskStartupReport: DiskStartupReport? { disk?.startupReport }
    /// The bytes each of `groups` groups of keys holds now: the bitmap bytes of its memory-tier
    /// entries and the file bytes of its disk-tier entries; and how many memory-tier entries it
    /// has. `group` says which group a key is
    /// in (an index below `groups`), or nil for none. Looks without touching: no entry counts
    /// as accessed, so the eviction order stays as it was.
    /// - Complexity: O(*n*) calls of `group` for *n* entries in both tiers.
    public func heldBytes(groups: Int, by group: (String) -> Int?) -> (memory: [Int], disk: [Int], memoryEntries: [Int]) {
        let zeros = [Int](repeating: 0, count: groups)
        var held = (memory: zeros, disk: zeros, memoryEntries: zeros)
        if let memory {
            for key in memory.keys {
                if let slot = group(key), held.memory.indices.contains(slot) {
                    held.memory[slot] += memory.cost(forKey: key) ?? 0
                    held.memoryEntries[slot] += 1
                }
            }
        }
        if let disk {
            for (key, entry) in disk.index.entries {
                if let slot = group(key), held.disk.indices.contains(slot) { held.disk[slot] += entry.fileBytes }
            }
        }
        return held
    }

    /// Whether the memory tier holds `key` (not counted as an access).
    public func memoryContains(_ key: String) -> Bool { memory?.peek(key) != nil }
    /// Whether the disk tier's index holds `key`.
    public func diskContains(_ key: String) -> Bool { disk?.index.entries[key] != nil }
    /// The file holding `key`'s disk entry, if indexed.
    public func diskFileURL(forKey key: String) -> URL? { disk?.fileURL(forKey: key) }
    /// The disk tier's directory.
    public var directory: URL? { disk?.directory }

    /// The first broken invariant, or nil: the memory tier within its capacity, its cost the sum of
    /// its bitmaps' bytes, each entry under its image's key; the disk tier's byte count the sum of
    /// its index's file sizes, within its byte limit.
    /// - Complexity: O(*n*) for *n* entries.
    package func invariantViolation() -> String? {
        if let memory {
            if memory.costLimit > 0, memory.totalCost > memory.costLimit {
                return "memory holds \(memory.totalCost) bytes over its capacity \(memory.costLimit)"
            }
            var sum = 0
            for key in memory.keys {
                guard let entry = memory.peek(key) else { return "memory lost \(key)" }
                if entry.image.key != key { return "memory holds \(entry.image.key) under \(key)" }
                if memory.cost(forKey: key) != entry.image.byteCount { return "memory costs \(key) wrongly" }
                sum += entry.image.byteCount
            }
            if sum != memory.totalCost { return "memory cost \(memory.totalCost) is not the bytes held, \(sum)" }
        }
        if let disk {
            let sum = disk.index.entries.values.reduce(0) { $0 + $1.fileBytes }
            if sum != disk.fileBytes { return "disk bytes \(disk.fileBytes) are not the index's \(sum)" }
            if disk.capacityBytes > 0, disk.fileBytes > disk.capacityBytes {
                return "disk holds \(disk.fileBytes) bytes over its limit \(disk.capacityBytes)"
            }
        }
        return nil
    }
}
