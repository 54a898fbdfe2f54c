import Foundation
import PackagePlugin

/// `swift package workbench <arguments>`: builds the package's workbench runner in release (an
/// executable that registers the package's own policies and store designs, then calls
/// `WorkbenchCLI.main()`) and runs it with the arguments, in the package's directory, as
/// package-benchmark's `swift package benchmark` runs a package's benchmarks.
///
/// The runner is the executable product named by `--runner <product>`, else the package's only
/// executable product, else its product named `workbench`.
///
/// SwiftPM does not pass a command plugin's exit status on: `swift package` exits 1 whenever the
/// plugin's process exits with any status but 0 (`exit(2)` included: it prints `error: Plugin
/// ended with exit code 2`), and the plugin API has no other way to set it. It also prints what
/// the plugin's process (and the runner it starts) writes to stderr on its own stdout; only the
/// plugin's error reaches `swift package`'s stderr. So when the runner exits with a status other
/// than 0, the plugin fails with an error that says so in its first line, which a CI job can
/// match on stderr,
///
///     error: custom-workbench exited with status 2 (an expectation failed or a comparison found a regression)
///
/// followed by the failed expectations the runner printed (its `expectations: N of M FAILED`
/// lines, their tables' headers and FAILED rows), and `swift package` exits 1. The runner's
/// stdout passes through as it comes.
@main
struct WorkbenchPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = arguments
        var runner: String?
        if let index = arguments.firstIndex(of: "--runner") {
            guard index + 1 < arguments.count else { throw PluginFailure("--runner: expected an executable product's name") }
            runner = arguments[index + 1]
            arguments.removeSubrange(index...(index + 1))
        }
        let executables = context.package.products.compactMap { $0 as? ExecutableProduct }.map(\.name)
        let product: String
        if let runner {
            guard executables.contains(runner) else {
                throw PluginFailure(
                    "--runner \(runner): no such executable product (the package has: \(executables.joined(separator: ", ")))")
            }
            product = runner
        } else if executables.count == 1, let only = executables.first {
            product = only
        } else if executables.contains("workbench") {
            product = "workbench"
        } else {
            throw PluginFailure(
                "the package has \(executables.count) executable products (\(executables.joined(separator: ", "))): name the runner with --runner <product>")
        }
        // The first release build takes minutes: say what is happening.
        FileHandle.standardError.write(Data("workbench: building \(product) in release…\n".utf8))
        let build = try packageManager.build(.product(product), parameters: .init(configuration: .release, logging: .concise))
        guard build.succeeded else {
            Diagnostics.error(build.logText)
            throw PluginFailure("building \(product) in release failed")
        }
        guard let executable = build.builtArtifacts.first(where: { $0.kind == .executable }) else {
            throw PluginFailure("building \(product) produced no executable")
        }
        let process = Process()
        process.executableURL = executable.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        // The runner's stdout comes through here, passed on as it comes, so that its failed
        // expectations can be repeated on stderr.
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var failures = FailedExpectations()
        var pending = Data()
        let reading = output.fileHandleForReading
        while case let chunk = reading.availableData, !chunk.isEmpty {
            FileHandle.standardOutput.write(chunk)
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                failures.read(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
        if !pending.isEmpty { failures.read(String(decoding: pending, as: UTF8.self)) }
        process.waitUntilExit()
        let status = process.terminationStatus
        guard status == 0 else {
            let reason = process.terminationReason == .uncaughtSignal ? "was killed by signal" : "exited with status"
            let meaning = process.terminationReason == .exit ? RunnerStatus.meaning(status).map { " (\($0))" } ?? "" : ""
            throw PluginFailure("\(product) \(reason) \(status)\(meaning)" + (failures.text.isEmpty ? "" : "\n" + failures.text.dropLast()))
        }
    }
}

/// What the runner's exit statuses mean (workbench's documented exit codes, `workbench --help`).
enum RunnerStatus {
    /// The meaning of `status`, or nil for a status workbench does not document.
    static func meaning(_ status: Int32) -> String? {
        switch status {
        case 1: "a scenario or input error"
        case 2: "an expectation failed or a comparison found a regression"
        case 3: "a baseline is missing"
        case 4: "interrupted"
        case 64: "a usage error"
        default: nil
        }
    }
}

/// The failed expectations in the runner's stdout: each `expectations: N of M FAILED` line, the
/// table's header and its FAILED rows (the rows that held are left out).
struct FailedExpectations {
    /// The lines kept, each ending in a newline.
    private(set) var text = ""
    private var inTable = false

    /// Reads the next line of the runner's stdout.
    mutating func read(_ line: String) {
        if line.hasPrefix("expectations: ") {
            inTable = line.contains("FAILED")
            if inTable { text += line + "\n" }
        } else if inTable, line.hasPrefix("  ") {
            if line.hasPrefix("  scenario ") || line.contains(" FAILED") { text += line + "\n" }
        } else {
            inTable = false
        }
    }
}

/// A failure the plugin reports as its error.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
