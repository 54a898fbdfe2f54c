import Foundation

/// A fresh, empty directory under the system's temporary directory, for one test.
///
/// Remove it with ``remove()`` (usually in a `defer`).
struct TemporaryDirectory {
    /// The directory.
    let url: URL

    /// Creates a uniquely named directory.
    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ReportTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The names in `directory` (this directory by default), sorted, hidden ones included.
    func contents(of directory: URL? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (directory ?? url).path).sorted()
    }

    /// Deletes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
