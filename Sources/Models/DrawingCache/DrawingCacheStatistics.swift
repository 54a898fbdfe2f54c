/// What a ``DrawingCache`` has done since it was made or last reset, and what its tiers hold now.
public struct DrawingCacheStatistics: Equatable, Sendable {
    /// Accepted `cachedDrawing` calls (refused ones, e.g. without a salt, are not counted).
    public var requests = 0
    /// Requests answered from the memory tier.
    public var memoryHits = 0
    /// Requests answered from the disk tier.
    public var diskHits = 0
    /// Requests that ran the drawing routine (everything but hits).
    public var misses = 0
    /// Misses caused by an entry past its date.
    public var expirations = 0
    /// Misses caused by a disk entry that was missing or failed validation.
    public var invalidEntries = 0
    /// Drawings cancelled: routine ran, nil returned, nothing stored.
    public var cancels = 0
    /// Routines that returned nil themselves (nothing stored).
    public var nilDrawings = 0
    /// Drawings stored.
    public var stores = 0
    /// Memory-pressure notifications handled.
    public var memoryPressureEvents = 0
    /// Entries the memory tier's capacity evicted (now, since the store was made).
    public var memoryEvictions = 0
    /// Entries the disk tier's byte limit deleted (now, since the store was made).
    public var diskEvictions = 0
    /// Bitmap bytes in the memory tier (now).
    public var memoryBytes = 0
    /// Entries in the memory tier (now).
    public var memoryEntries = 0
    /// File bytes in the disk tier (now).
    public var diskBytes = 0
    /// Entries in the disk tier (now).
    public var diskEntries = 0
    /// Background disk writes that failed (since the store was made).
    public var diskWriteFailures = 0

    public init() {}

    /// Hits over requests; 0 when there were none.
    public var hitRate: Double { requests == 0 ? 0 : Double(memoryHits + diskHits) / Double(requests) }
}
