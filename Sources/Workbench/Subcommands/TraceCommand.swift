import ArgumentParser
import Foundation
import Scenarios

/// `workbench trace generate|convert|stats|curve`: making, converting and describing trace files.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Generate, convert and describe request traces (the trace kind's input).",
        discussion: """
            Formats: csv (time,key,size with a header when written), text (one key per line), \
            oracle-general (libCacheSim's 24-byte records), binary (ours: WBTRACE2, 16-byte \
            records of dense object ids, then the keys; WBTRACE1 files are still read) and vscsi \
            (libCacheSim's block-I/O traces: 32-byte v1 or 40-byte v2 records, the version read \
            from the first records; key = lbn, size = len, time = ts in whole seconds; written as \
            v2). Errors in an input trace are reported as file:line:column; exit 1. A file is written to a temporary \
            sibling and renamed into place: a failure leaves nothing.
            """,
        subcommands: [Generate.self, Convert.self, Stats.self, Curve.self]
    )

    /// Where and how an input trace is read.
    struct Input: ParsableArguments {
        @Argument(help: ArgumentHelp("The trace file.", valueName: "file"))
        var file: String

        @Option(help: "Its format: csv, text, oracle-general, binary or vscsi.")
        var format: TraceFormat = .csv

        @Flag(help: "csv, text: the first line is a header to skip.")
        var header = false

        @Option(help: "csv: the delimiter, one character (\\t for a tab).")
        var delimiter = ","

        @Option(help: "csv: the key's column (1-based).")
        var keyColumn = 1

        @Option(help: "csv: the time's column (default: none, a request's time is its index).")
        var timeColumn: Int?

        @Option(help: "csv: the size's column (default: none, every size is 1).")
        var sizeColumn: Int?

        var spec: TraceFileSpec {
            TraceFileSpec(
                path: file, format: format, header: header, delimiter: delimiter, keyColumn: keyColumn,
                timeColumn: timeColumn, sizeColumn: sizeColumn)
        }
    }

    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a synthetic trace (zipf: byte for byte gen_trace.py's, written as csv).")

        @Option(help: "zipf, uniform, hotspot or latest.")
        var distribution: GenerateSpec.Distribution = .zipf
        @Option(help: "The Zipf exponent (zipf, latest).")
        var alpha = 1.0
        @Option(help: "Distinct ranks.")
        var objects: Int
        @Option(help: "Requests.")
        var requests: Int
        @Option(help: "The SplitMix64 seed.")
        var seed: UInt64 = 1
        @Option(help: "Each request's size: unit (1) or pow2 (object k its own size, 256 B to 1 MiB: gen_trace.py's --sizes pow2).")
        var sizes: GenerateSpec.Sizes = .unit
        @Option(help: "csv, text, oracle-general, binary or vscsi.")
        var format: TraceFormat = .csv
        @Option(help: "The file to write.")
        var out: String

        func validate() throws {
            guard GenerateSpec.objectsRange.contains(objects) else {
                throw ValidationError("--objects must be between 1 and \(GenerateSpec.objectsRange.upperBound)")
            }
            guard GenerateSpec.requestsRange.contains(requests) else {
                throw ValidationError("--requests must be between 1 and \(GenerateSpec.requestsRange.upperBound)")
            }
            guard alpha.isFinite, (0...10).contains(alpha) else { throw ValidationError("--alpha must be between 0 and 10") }
        }

        func run() throws {
            let spec = GenerateSpec(
                distribution: distribution, alpha: alpha, objects: objects, requests: requests, seed: seed, sizes: sizes)
            try TraceCommand.write(.generated(spec), to: out, format: format)
        }
    }

    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Convert a trace between csv, text, oracle-general, binary and vscsi.")

        @OptionGroup var input: Input
        @Option(help: "The output's format: csv, text, oracle-general, binary or vscsi.")
        var to: TraceFormat
        @Option(help: "The file to write.")
        var out: String

        func run() throws {
            try TraceCommand.write(.file(input.spec), to: out, format: to)
        }
    }

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Requests, unique keys, working-set bytes, a fitted Zipf alpha and the reuse-time histogram.")

        @OptionGroup var input: Input

        func run() throws {
            do {
                print(try TraceStatistics(input.spec).text, terminator: "")
            } catch {
                Diagnostics.error(error.description)
                throw WorkbenchExit.inputError
            }
        }
    }

    struct Curve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "LRU's miss-ratio curve in one pass over the trace (Mattson's stack distances), or sampled (SHARDS).",
            discussion: """
                Prints capacity,misses,miss_ratio as CSV. The exact curve equals a separate LRU replay \
                at each capacity, request for request. With --sample R (0 < R < 1), only keys whose \
                hash falls in a fraction R are tracked (SHARDS, with its adjustment): memory shrinks \
                by about R, and the printed misses are estimates.
                """)

        @OptionGroup var input: Input
        @Option(
            help: ArgumentHelp(
                "Capacities in objects, comma-separated (default: 20 from 1 to the trace's distinct keys, on a log scale; required with --sample).",
                valueName: "list"))
        var capacities: String?
        @Option(help: ArgumentHelp("SHARDS's sampling rate, in (0, 1] (default 1: exact).", valueName: "rate"))
        var sample = 1.0

        func validate() throws {
            guard sample.isFinite, sample > 0, sample <= 1 else { throw ValidationError("--sample must be > 0 and <= 1") }
            guard sample == 1 || capacities != nil else { throw ValidationError("--sample below 1 needs --capacities") }
            _ = try parsedCapacities()
        }

        func parsedCapacities() throws -> [Int] {
            guard let capacities else { return [] }
            return try capacities.split(separator: ",").map { field in
                guard let value = Int(field.trimmingCharacters(in: .whitespaces)), value >= 1, value <= 1 << 40 else {
                    throw ValidationError("--capacities: '\(field)' is not a whole number from 1 to 2^40")
                }
                return value
            }
        }

        func run() throws {
            do {
                print(try TraceCurve(input.spec, capacities: try parsedCapacities(), rate: sample).csv, terminator: "")
            } catch let error as ScenarioError {
                Diagnostics.error(error.description)
                throw WorkbenchExit.inputError
            }
        }
    }

    /// Writes `source` to `path`, reporting errors the one way.
    static func write(_ source: TraceSource, to path: String, format: TraceFormat) throws {
        do {
            let count = try TraceFiles.write(source, seed: 1, to: path, format: format)
            Diagnostics.note("wrote \(count) requests to \(path) (\(format.rawValue))")
        } catch let error as ScenarioError {
            Diagnostics.error(error.description)
            throw WorkbenchExit.inputError
        } catch {
            Diagnostics.error("\(error)")
            throw WorkbenchExit.inputError
        }
    }
}

extension TraceFormat: ExpressibleByArgument {}
extension GenerateSpec.Distribution: ExpressibleByArgument {}
extension GenerateSpec.Sizes: ExpressibleByArgument {}
