import Foundation

/// The workbench's version and, when it runs from a git checkout's build directory, the
/// checkout's commit: what `--version` prints and the index page records.
enum BuildInfo {
    /// The release version.
    static let version = "0.9.0"

    /// `0.9.0 (commit 1a2b3c4d5e6f)`, or the version alone outside a checkout.
    static var versionLine: String {
        commit.map { "\(version) (commit \($0))" } ?? version
    }

    /// The commit of the checkout holding the executable (`git rev-parse HEAD`, 12 digits), or
    /// nil when it is not in one or git is missing.
    static let commit: String? = {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", executable.deletingLastPathComponent().path, "rev-parse", "--short=12", "HEAD"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        // Waiting on the termination handler, not `waitUntilExit()`, whose run loop checks every
        // 50 ms: that wait alone was half of a short `workbench run`'s wall-clock time.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        exited.wait()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !text.isEmpty ? text : nil
    }()
}
