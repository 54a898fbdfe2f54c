import Foundation
import Report

/// How a repetition's process is started under callgrind (`run --instructions`): valgrind, its
/// options, and the environment that makes the counts repeatable.
///
/// - Collection starts off (`--collect-atstart=no`): only what the drivers wrap in
///   ``InstructionCounter/start()`` and ``InstructionCounter/stop()`` is counted. So does
///   instrumentation (`--instr-atstart=no`), until the first recorded run: loading the scenario
///   and the warm-up rounds run several times faster.
/// - `SWIFT_DETERMINISTIC_HASHING=1`: Swift seeds its `Hasher` per process at random, so a
///   dictionary's or set's probe sequences, and with them the instructions of every lookup and
///   insertion, would differ between two processes.
/// - jemalloc: callgrind replaces no allocator (only memcheck, massif, helgrind, DRD and DHAT
///   preload replacements of `malloc`), so jemalloc, linked as the process allocator, runs under
///   callgrind as it runs natively and its instructions count with the operation that allocated
///   (no `--soname-synonyms` needed); the allocation probes read its counters as usual. Its
///   purging of unused pages is driven by the clock (decay), which would put a time-dependent
///   number of instructions into whichever operation happened to free memory then:
///   `MALLOC_CONF=dirty_decay_ms:-1,muzzy_decay_ms:-1` turns it off in the child.
/// - Debug information: valgrind 3.19 (Debian 12's) gives up on the DWARF 5 units clang writes
///   for the C targets ("unhandled dwarf2 abbrev form code 0x25 ... I can't recover"), so the
///   program valgrind starts is a copy without debug sections (`objcopy --strip-debug`, in the
///   repetition's private directory; the symbol table stays, so callgrind's dumps name functions).
/// - The environment's order: `Process` hands a child its environment in a dictionary's order,
///   which this (randomly seeded) process shuffles on every run, and `getenv` scans the
///   environment in order (the C library and Foundation call it inside operations, for the
///   locale among others): valgrind is started through `env -i` with the variables sorted.
/// - Address-space layout: valgrind places the program and its mappings itself, the same way
///   on every start, so pointer values (which `ObjectIdentifier` hashes) repeat as well.
public struct InstructionLaunch: Sendable, Equatable {
    /// The valgrind executable.
    public var valgrind: URL
    /// `objcopy`, which makes the copy without debug sections; nil when not on PATH (the program
    /// is then started as it is).
    public var objcopy: URL?

    public init(valgrind: URL, objcopy: URL? = nil) {
        self.valgrind = valgrind
        self.objcopy = objcopy
    }

    /// Why instructions cannot be counted here.
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Finds `valgrind` on `path` (`$PATH`'s value, directories separated by `:`).
    /// - Throws: ``Unavailable`` when it is on none of them, or this build has no `callgrind.h`.
    public static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) throws(Unavailable) -> InstructionLaunch {
        guard InstructionCounter.isBuiltIn else {
            throw Unavailable(
                description: "--instructions: this workbench was built without valgrind's callgrind.h "
                    + "(install the valgrind package, e.g. apt-get install valgrind, and rebuild)")
        }
        if let valgrind = find("valgrind", path: path) {
            return InstructionLaunch(valgrind: valgrind, objcopy: find("objcopy", path: path))
        }
        throw Unavailable(
            description: "--instructions: valgrind was not found on PATH; instruction counts run each repetition "
                + "under valgrind --tool=callgrind (install it: apt-get install valgrind)")
    }

    /// The executable called `name` in one of `path`'s directories, or nil.
    static func find(_ name: String, path: String?) -> URL? {
        for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory), isDirectory: true).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// The program valgrind starts: a copy of `executable` without debug sections in `directory`,
    /// else (no objcopy, or it failed) `executable` itself.
    public func program(_ executable: URL, in directory: PrivateDirectory) -> URL {
        guard let objcopy else { return executable }
        let copy = directory.file(executable.lastPathComponent)
        let process = Process()
        process.executableURL = objcopy
        process.arguments = ["--strip-debug", executable.path, copy.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return executable
        }
        process.waitUntilExit()
        return process.terminationStatus == 0 && FileManager.default.isExecutableFile(atPath: copy.path) ? copy : executable
    }

    /// The executable and arguments that start `program` with `arguments` under valgrind, with
    /// exactly `environment`, its variables in name order: `env -i K=V ... valgrind ... program
    /// arguments`.
    public func command(program: URL, arguments: [String], environment: [String: String]) -> (URL, [String]) {
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let output = URL(fileURLWithPath: environment[InstructionCounter.environmentVariable] ?? "callgrind.out")
        return (
            URL(fileURLWithPath: "/usr/bin/env"),
            ["-i"] + variables + [valgrind.path] + self.arguments(outputFile: output) + [program.path] + arguments
        )
    }

    /// valgrind's arguments before the program's: callgrind, collection and instrumentation off at
    /// the start, a count per thread (what another thread, such as a dispatch worker, runs while
    /// an operation is counted stays out of the operation's count), its output into `outputFile`
    /// (dumps `<outputFile>.1-01`, `.2-01`, ... for the main thread), its own messages off.
    public func arguments(outputFile: URL) -> [String] {
        ["--tool=callgrind", "--collect-atstart=no", "--instr-atstart=no", "--separate-threads=yes", "--callgrind-out-file=\(outputFile.path)", "--quiet"]
    }

    /// jemalloc's options in the child: no purging by the clock (after any the environment has).
    public static let jemallocOptions = "dirty_decay_ms:-1,muzzy_decay_ms:-1"

    /// What the program's environment (`inherited`) gains: the output file for
    /// ``InstructionCounter``, deterministic hashing and jemalloc without decay.
    public func environment(outputFile: URL, inherited: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        let malloc = inherited["MALLOC_CONF"].map { $0.isEmpty ? Self.jemallocOptions : "\($0),\(Self.jemallocOptions)" }
        return [
            InstructionCounter.environmentVariable: outputFile.path, "SWIFT_DETERMINISTIC_HASHING": "1",
            "MALLOC_CONF": malloc ?? Self.jemallocOptions,
        ]
    }
}
