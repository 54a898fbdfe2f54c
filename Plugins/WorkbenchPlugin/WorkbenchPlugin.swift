import Foundation
import PackagePlugin

/// `swift package workbench <arguments>`: builds the package's workbench runner in release (an
/// executable that registers the package's own policies and store designs, then calls
/// `WorkbenchCLI.main()`) and runs it with the arguments, in the package's directory, as
/// package-benchmark's `swift package benchmark` runs a package's benchmarks.
///
/// The runner is the executable product named by `--runner <product>`, else the package's only
/// executable product, else its product named `workbench`. Its exit status is this command's.
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
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure("\(product) \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
        }
    }
}

/// A failure the plugin reports as its error.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
