import ArgumentParser
import Foundation
import Report
import Scenarios

/// `workbench device import`: device profiles from what Instruments measured on a device.
struct DeviceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device",
        abstract: "Make device profiles (a scenario's device: costs and bytes) from measurements on a device.",
        subcommands: [Import.self]
    )

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Write a device profile from Instruments' os_signpost intervals (xctrace export XML).",
            discussion: """
                Reads the os_signpost interval table of each <file>, as written by

                  xcrun xctrace export --input run.trace --output signposts.xml --xpath \\
                    '/trace-toc/run[@number="1"]/data/table[@schema="os-signpost-interval"]'

                and writes a device profile whose costs: give, per signpost name, the median \
                duration of its intervals over all the files (the count and spread, min, p25, p75 \
                and max, in a comment beside it). --bytes fills bytes: from a CSV with the header \
                line type,bytes and one name,size line per name (a size is a byte count or a \
                number with a unit: 122880, 120KB, 1.5MB). Each name must match a cell, \
                header/footer or detail type, a navigation section or view, or a drawn view of \
                the scenario that names the profile (device: devices/iphone-12.yaml): that \
                scenario's load checks them, and so does --scenario before anything is written.

                Example:
                  workbench device import signposts.xml --bytes sizes.csv \\
                    --name "iPhone 12" --scenario scenarios/feed-on-iphone-12.yaml \\
                    --out scenarios/devices/iphone-12.yaml

                Errors in a file are reported as file:line:column; exit 1 and nothing is written. \
                The profile is written to a temporary sibling and renamed into place.
                """
        )

        @Argument(help: ArgumentHelp("xctrace export XML files of an os_signpost interval table.", valueName: "file"))
        var files: [String]

        @Option(help: ArgumentHelp("A CSV of sizes (type,bytes) for bytes:.", valueName: "file"))
        var bytes: String?

        @Option(help: ArgumentHelp("The device's name, for name: (e.g. \"iPhone 12\").", valueName: "name"))
        var name: String?

        @Option(
            name: .customLong("subsystem"),
            help: ArgumentHelp("Keep only the intervals of this os_signpost subsystem (repeatable).", valueName: "subsystem"))
        var subsystems: [String] = []

        @Option(
            help: ArgumentHelp(
                "A scenario file (YAML) to check the profile's names against: it must load with this profile as its device:.",
                valueName: "file"))
        var scenario: String?

        @Option(help: ArgumentHelp("The profile file to write (default: standard output).", valueName: "file"))
        var out: String?

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("give at least one xctrace export file") }
            if let name, name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--name must not be empty") }
        }

        func run() throws {
            let profile: DeviceImport
            do {
                let exports = try files.map { file throws(ScenarioError) in
                    try SignpostExport.read(
                        contentsOf: URL(fileURLWithPath: file), file: file, subsystems: subsystems.isEmpty ? nil : Set(subsystems))
                }
                var sizes: [DeviceImport.Size] = []
                if let bytes {
                    let text: String
                    do {
                        text = try String(contentsOf: URL(fileURLWithPath: bytes), encoding: .utf8)
                    } catch {
                        throw ScenarioError(
                            file: bytes, line: 1, column: 1, keyPath: "",
                            message: "cannot read file: \(bytes) (\(error.localizedDescription))")
                    }
                    sizes = try DeviceImport.readBytesCSV(text, file: bytes)
                }
                profile = try DeviceImport(name: name, sources: files, exports: exports, bytes: sizes)
                if let scenario {
                    try DeviceImport.check(profile.yaml, against: URL(fileURLWithPath: scenario), shownAs: out ?? "<stdout>")
                }
            } catch {
                Diagnostics.error("\(error)")
                throw WorkbenchExit.inputError
            }
            guard let out else {
                print(profile.yaml, terminator: "")
                return
            }
            do {
                try AtomicFile.write(profile.yaml, to: URL(fileURLWithPath: out))
            } catch {
                Diagnostics.error("\(out): error: \(error)")
                throw WorkbenchExit.inputError
            }
            let intervals = profile.costs.reduce(0) { $0 + $1.spread.count }
            var wrote = "wrote \(out): \(profile.costs.count) costs from \(intervals) intervals"
            if !profile.bytes.isEmpty { wrote += ", \(profile.bytes.count) sizes" }
            Diagnostics.note(wrote)
        }
    }
}
