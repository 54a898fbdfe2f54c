import Foundation

/// Reads the files and directories `workbench compare` is given, turning failures into
/// ``CompareError``s that name the path as given and a short reason (`no such file`,
/// `not a directory`, ...).
enum FileReading {
    /// The UTF-8 text of the file at `path`.
    ///
    /// - Throws: ``CompareError/unreadableFile(path:reason:)``.
    static func text(atPath path: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CompareError.unreadableFile(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw CompareError.unreadableFile(path: path, reason: "is a directory")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.isReadableFile(atPath: path) ? "read failed" : "permission denied"
            throw CompareError.unreadableFile(path: path, reason: reason)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CompareError.unreadableFile(path: path, reason: "not UTF-8 text")
        }
        return text
    }

    /// The names of the entries of the directory at `path`, sorted, hidden ones left out.
    ///
    /// - Throws: ``CompareError/unreadableDirectory(path:reason:)``.
    static func entries(atPath path: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CompareError.unreadableDirectory(path: path, reason: "no such directory")
        }
        guard isDirectory.boolValue else {
            throw CompareError.unreadableDirectory(path: path, reason: "not a directory")
        }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw CompareError.unreadableDirectory(path: path, reason: "cannot list it (permission denied?)")
        }
    }

    /// Whether something (a file or a directory) exists at `path`.
    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// `directory/name`, without doubling a trailing slash.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
