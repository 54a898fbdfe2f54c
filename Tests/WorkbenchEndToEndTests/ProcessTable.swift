import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The processes `/proc` lists: who is whose child, and who still runs (a zombie no longer does:
/// it waits for a parent to collect it, which in a container may never come).
enum ProcessTable {
    /// The parent pid and state letter of `pid`, from `/proc/<pid>/stat` (the fields after the
    /// parenthesised command name); nil when there is no such process.
    static func stat(_ pid: Int32) -> (parent: Int32, state: Character)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 2, let state = fields[0].first, let parent = Int32(fields[1]) else { return nil }
        return (parent, state)
    }

    /// The running (not zombie) children of `pid`.
    static func children(of pid: Int32) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).filter { child in
            guard let status = stat(child) else { return false }
            return status.parent == pid && status.state != "Z"
        }
    }

    /// Whether `pid` exists and is not a zombie.
    static func isRunning(_ pid: Int32) -> Bool {
        guard let status = stat(pid) else { return false }
        return status.state != "Z"
    }

    /// Waits up to `timeout` seconds for `condition`; whether it came true.
    @discardableResult
    static func wait(upTo timeout: TimeInterval, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    /// Starts a process holding an exclusive `flock` on `file` (Python, after `prefix`:
    /// `unshare --pid --fork --kill-child` puts it in a pid namespace of its own);
    /// returns once the lock is held, or nil when it cannot be.
    static func holdLock(_ file: URL, prefix: [String] = []) -> Process? {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments =
            prefix + [
                "python3", "-c", "import fcntl, sys, time; f = open(sys.argv[1]); fcntl.flock(f, fcntl.LOCK_EX); time.sleep(60)",
                file.path,
            ]
        holder.standardError = FileHandle.nullDevice
        guard (try? holder.run()) != nil else { return nil }
        let held = wait(upTo: 10) {
            let descriptor = open(file.path, O_RDONLY)
            defer { close(descriptor) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 { return true }
            flock(descriptor, LOCK_UN)
            return !holder.isRunning
        }
        guard held, holder.isRunning else {
            if holder.isRunning { kill(holder.processIdentifier, SIGKILL) }
            return nil
        }
        return holder
    }

    /// Whether `unshare --pid --fork` works here (root, or user namespaces allowed).
    static let pidNamespaces: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["unshare", "--pid", "--fork", "--kill-child", "true"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()
}
