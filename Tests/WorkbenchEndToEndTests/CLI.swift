import Foundation

/// Runs the built `workbench` executable as a child process and collects what it printed.
struct CLI {
    /// The `workbench` executable under test.
    let executable: URL

    /// The executable next to the test bundle (the products directory), else the one in the
    /// package's own build directories; `nil` if none was built.
    static let shared: CLI? = locate().map(CLI.init(executable:))

    /// The package root: three levels up from this file (`Tests/WorkbenchEndToEndTests/CLI.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Candidate locations, most specific first.
    static var candidates: [URL] {
        var directories: [URL] = []
        // Linux: the test runner is an executable in the products directory, and Bundle.main is
        // that directory. macOS: the .xctest bundle sits in the products directory.
        let bundle = Bundle.main.bundleURL
        directories.append(bundle)
        directories.append(bundle.deletingLastPathComponent())
        if let executable = Bundle.main.executableURL {
            directories.append(executable.deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        directories.append(packageRoot.appendingPathComponent(".build-e2e/debug", isDirectory: true))
        directories.append(packageRoot.appendingPathComponent(".build/debug", isDirectory: true))
        return directories.map { $0.appendingPathComponent("workbench", isDirectory: false) }
    }

    static func locate() -> URL? {
        let files = FileManager.default
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return files.fileExists(atPath: url.path, isDirectory: &isDirectory)
                && !isDirectory.boolValue && files.isExecutableFile(atPath: url.path)
        }
    }

    /// What one invocation did.
    typealias Output = (status: Int32, stdout: String, stderr: String)

    /// Runs `workbench args...` in `cwd` (the test process's directory if `nil`; `extra` added to
    /// the environment), with stdin from /dev/null, and waits for it to exit. Both pipes are drained on background threads
    /// while the process runs, so a chatty child never blocks on a full pipe.
    func run(_ args: [String], cwd: URL? = nil, timeout: TimeInterval = 120, environment extra: [String: String] = [:]) -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = args
        // The tests' output must not depend on how loaded the machine is (the load warning).
        var environment = ProcessInfo.processInfo.environment
        environment["WORKBENCH_SKIP_LOAD_CHECK"] = "1"
        environment.merge(extra) { $1 }
        process.environment = environment
        if let cwd { process.currentDirectoryURL = cwd }
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice

        let collected = Collected()
        let readers = DispatchGroup()
        for (pipe, isStdout) in [(outPipe, true), (errPipe, false)] {
            readers.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(data, stdout: isStdout)
                readers.leave()
            }
        }
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }

        do {
            try process.run()
        } catch {
            // Close our write ends so the readers see end-of-file.
            try? outPipe.fileHandleForWriting.close()
            try? errPipe.fileHandleForWriting.close()
            readers.wait()
            return (status: -1, stdout: "", stderr: "cannot launch \(executable.path): \(error)")
        }
        // The child has its own copies; ours must go, or the readers never see end-of-file.
        try? outPipe.fileHandleForWriting.close()
        try? errPipe.fileHandleForWriting.close()

        var timedOut = false
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()  // SIGTERM: workbench stops cleanly and exits 4
            exited.wait()
        }
        readers.wait()
        process.waitUntilExit()
        let (out, err) = collected.get()
        var stderr = String(decoding: err, as: UTF8.self)
        if timedOut {
            stderr += "\n[CLI: killed after \(timeout) s]"
        }
        return (status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: stderr)
    }

    /// The two pipes' contents, written from the reader threads.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data()
        private var err = Data()

        func set(_ data: Data, stdout: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if stdout { out = data } else { err = data }
        }

        func get() -> (Data, Data) {
            lock.lock()
            defer { lock.unlock() }
            return (out, err)
        }
    }
}

/// An invocation's exit status and output, for `#expect` comments.
func transcript(_ output: CLI.Output) -> String {
    "exit \(output.status)\n--- stdout\n\(output.stdout)\n--- stderr\n\(output.stderr)"
}
