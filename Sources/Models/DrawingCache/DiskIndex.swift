/// The disk tier's index, persisted as `index.json` in its directory: for each key, the entry's file,
/// its expiry date and its sizes. EGOCache's `EGOCache.plist` holds only the dates; the sizes here
/// let a read check that a file is the entry it claims to be.
///
/// ```
/// <directory>/
/// ├── index.json                                   {"version":1,"entries":{"<key>":{…}}}
/// └── EGOUI-Button-draw_-120.00x44.00-OK-3f2a….png  PNG + private "egKy" chunk naming the key
/// ```
struct DiskIndex: Codable, Equatable {
    /// One entry.
    struct Entry: Codable, Equatable {
        /// The file's name in the directory.
        var file: String
        /// When the entry expires, in the cache clock's seconds. Expired at that instant.
        var expires: Double
        /// The bitmap's bytes.
        var pixelBytes: Int
        /// The file's bytes.
        var fileBytes: Int
    }

    /// The format version this code writes and reads.
    static let currentVersion = 1
    /// The index file's name.
    static let fileName = "index.json"

    var version = DiskIndex.currentVersion
    var entries: [String: Entry] = [:]
}

/// What the disk tier found when it started.
public struct DiskStartupReport: Equatable, Sendable {
    /// The state of the index file.
    public enum IndexState: Equatable, Sendable {
        /// Read and valid.
        case loaded
        /// Absent: a first start (or someone deleted it); a cold start.
        case missing
        /// Present but unreadable, unparsable or of another version: a cold start, the reason kept.
        case corrupt(String)
    }

    public var indexState: IndexState = .missing
    /// Entries past their date, files deleted.
    public var expiredRemoved = 0
    /// Index entries dropped because their file was gone or was not a name this tier makes.
    public var missingFilesDropped = 0
    /// Entry files no index entry referred to (e.g. after a corrupt index), deleted.
    public var staleFilesRemoved = 0
    /// Entries the byte limit deleted (the kept ones were over it).
    public var evictedOverLimit = 0
    /// Entries kept.
    public var entriesKept = 0

    public init() {}
}
