import Foundation
import Report
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("StagedDirectory")
struct StagedDirectoryTests {
    @Test("results are replaced whole: the committed directory replaces the old one, and its stale files do not survive")
    func replacedWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.url.appendingPathComponent("feed", isDirectory: true)
        try AtomicFile.write("old", to: target.appendingPathComponent("summary.csv"))
        try AtomicFile.write("png", to: target.appendingPathComponent("sweep.png"))

        let staged = try StagedDirectory(replacing: target)
        #expect(staged.directory.lastPathComponent == "feed", "plots are titled after their directory")
        try AtomicFile.write("new", to: staged.directory.appendingPathComponent("summary.csv"))
        #expect(try String(contentsOf: target.appendingPathComponent("summary.csv"), encoding: .utf8) == "old")
        try staged.commit()

        #expect(try directory.contents(of: target) == ["summary.csv"], "the old sweep.png is gone")
        #expect(try String(contentsOf: target.appendingPathComponent("summary.csv"), encoding: .utf8) == "new")
        #expect(try directory.contents() == ["feed"], "no staging directory left")
    }

    @Test("a first commit creates the directory")
    func firstCommit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.url.appendingPathComponent("out/feed", isDirectory: true)
        let staged = try StagedDirectory(replacing: target)
        try AtomicFile.write("new", to: staged.directory.appendingPathComponent("summary.csv"))
        try staged.commit()
        #expect(try directory.contents(of: target) == ["summary.csv"])
        #expect(try directory.contents(of: target.deletingLastPathComponent()) == ["feed"])
    }

    @Test("a full disk leaves the previous results intact: a failed write is discarded with nothing left behind")
    func failedWriteLeavesPrevious() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.url.appendingPathComponent("feed", isDirectory: true)
        try AtomicFile.write("old", to: target.appendingPathComponent("summary.csv"))
        try AtomicFile.write("old series", to: target.appendingPathComponent("timeseries.csv"))

        let staged = try StagedDirectory(replacing: target)
        try AtomicFile.write("new", to: staged.directory.appendingPathComponent("summary.csv"))
        // The injected failure: the next file cannot be written (its path is taken by a file).
        let blocker = staged.directory.appendingPathComponent("plots")
        try AtomicFile.write("", to: blocker)
        #expect(throws: ReportError.self) { try AtomicFile.write("x", to: blocker.appendingPathComponent("a.png")) }
        staged.discard()

        #expect(try directory.contents(of: target) == ["summary.csv", "timeseries.csv"])
        #expect(try String(contentsOf: target.appendingPathComponent("summary.csv"), encoding: .utf8) == "old")
        #expect(try directory.contents() == ["feed"])
    }

    @Test("staging directories of processes that no longer run are removed; a live process's stay")
    func staleStagingRemoved() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let dead = directory.url.appendingPathComponent("\(StagedDirectory.stagingPrefix)4000007-ab/feed")
        let live = directory.url.appendingPathComponent("\(StagedDirectory.stagingPrefix)\(getppid())-cd/feed")
        try FileManager.default.createDirectory(at: dead, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: true)

        StagedDirectory.removeStale(in: directory.url)

        #expect(try directory.contents() == ["\(StagedDirectory.stagingPrefix)\(getppid())-cd"])
    }
}

@Suite("DirectoryLock")
struct DirectoryLockTests {
    @Test("a lock on --out refuses a second holder with an error naming the holder's pid, and is free again once released")
    func refusesSecondHolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.url.appendingPathComponent("results", isDirectory: true)
        var first: DirectoryLock? = try DirectoryLock(out)
        #expect(throws: ReportError.directoryInUse(path: out.path, pid: getpid())) { try DirectoryLock(out) }
        withExtendedLifetime(first) {}
        first = nil
        #expect(throws: Never.self) { _ = try DirectoryLock(out) }
        #expect(try directory.contents(of: out) == [DirectoryLock.fileName])
    }
}
