import Foundation
import Report
import Testing

@Suite("AtomicFile")
struct AtomicFileTests {
    @Test("writing creates missing parent directories and leaves only the target")
    func createsParents() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let nested = directory.url.appendingPathComponent("a/b", isDirectory: true)
        let target = nested.appendingPathComponent("out.csv")

        try AtomicFile.write("x,y\r\n1,2\r\n", to: target)

        #expect(try String(contentsOf: target, encoding: .utf8) == "x,y\r\n1,2\r\n")
        #expect(try directory.contents(of: nested) == ["out.csv"])
    }

    @Test("writing replaces an existing file's whole content")
    func replaces() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.url.appendingPathComponent("out.txt")
        try AtomicFile.write(String(repeating: "long line\n", count: 100), to: target)

        try AtomicFile.write("short ✓", to: target)

        #expect(try String(contentsOf: target, encoding: .utf8) == "short ✓")
        #expect(try directory.contents() == ["out.txt"])
    }

    @Test("a parent path that is a regular file fails with the path and leaves nothing behind")
    func parentIsFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blocker = directory.url.appendingPathComponent("blocker")
        try AtomicFile.write("not a directory", to: blocker)
        let target = blocker.appendingPathComponent("out.csv")

        let error = try #require(throws: ReportError.self) {
            try AtomicFile.write("data", to: target)
        }

        guard case let .writeFailed(path, reason) = error else {
            Issue.record("expected writeFailed, got \(error)")
            return
        }
        #expect(path == target.standardizedFileURL.path)
        #expect(reason.contains("creating directory"))
        #expect(try directory.contents() == ["blocker"])
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a directory")
    }

    @Test("a failed rename removes the temporary file and leaves the target as it was")
    func renameFailureCleansUp() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A non-empty directory where the file should go: the temporary file gets written,
        // then rename(2) refuses to replace the directory.
        let target = directory.url.appendingPathComponent("out.csv", isDirectory: true)
        try AtomicFile.write("keep", to: target.appendingPathComponent("inside.txt"))

        let error = try #require(throws: ReportError.self) {
            try AtomicFile.write("data", to: target)
        }

        guard case let .writeFailed(path, reason) = error else {
            Issue.record("expected writeFailed, got \(error)")
            return
        }
        #expect(path == target.standardizedFileURL.path)
        #expect(reason.contains("renaming"))
        #expect(try directory.contents() == ["out.csv"])
        #expect(try directory.contents(of: target) == ["inside.txt"])
    }
}
