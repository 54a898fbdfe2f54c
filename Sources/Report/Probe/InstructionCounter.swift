import CCallgrind
import CJemalloc
import Foundation

/// Instruction counts of the timed operations, under valgrind's callgrind (`run --instructions`).
///
/// A run started with `--instructions` runs each repetition in a process of its own under
/// `valgrind --tool=callgrind --collect-atstart=no` (``InstructionLaunch``), with
/// ``environmentVariable`` naming callgrind's output file. In that process the drivers wrap each
/// timed operation (the same section as its `*_ns` latency) in ``start()`` and ``stop()``, so
/// only the operations' instructions are collected, never the set-up, the warm-up or the
/// recording; ``take(label:)`` after a run dumps the collected count and reads it back.
///
/// Outside such a process (natively, or under another valgrind tool) every call does nothing
/// but one well-predicted branch: ``isActive`` is false.
public enum InstructionCounter {
    /// The environment variable that names callgrind's `--callgrind-out-file` in a process that
    /// counts instructions: its dumps are `<file>.1`, `<file>.2`, ... in order.
    public static let environmentVariable = "WORKBENCH_CALLGRIND_OUT"

    /// Callgrind's output file, when this process counts instructions: the variable is set and
    /// the process runs under valgrind.
    public static let outputFile: String? = {
        guard let path = ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty,
            wb_callgrind_available() != 0, wb_running_on_valgrind() != 0
        else { return nil }
        return path
    }()

    /// Whether this process counts instructions.
    public static let isActive = outputFile != nil

    /// Whether this build can count instructions at all (valgrind's `callgrind.h` was found when
    /// it was compiled).
    public static var isBuiltIn: Bool { wb_callgrind_available() != 0 }

    /// The dumps taken so far (callgrind numbers its dump files from 1).
    nonisolated(unsafe) private static var dumps = 0

    /// Starts collecting: at the start of a timed operation that is recorded.
    @inline(__always)
    public static func start() {
        if isActive { wb_callgrind_start() }
    }

    /// Stops collecting: at the end of a timed operation that is recorded.
    @inline(__always)
    public static func stop() {
        if isActive { wb_callgrind_stop() }
    }

    /// Runs `body` with collection stopped, when it was on: the recording of a nested timed
    /// operation inside a counted one (a dequeue's latency inside a frame), whose instructions
    /// depend on the time it records.
    @inline(__always)
    public static func excluding<T>(_ body: () throws -> T) rethrows -> T {
        guard isActive, wb_callgrind_collecting() != 0 else { return try body() }
        wb_callgrind_stop()
        defer { wb_callgrind_start() }
        return try body()
    }

    /// Forgets what was collected so far: before a run whose count is taken (what its warm-up
    /// rounds collected is not its own). The first call starts callgrind's instrumentation (the
    /// process starts uninstrumented, `--instr-atstart=no`: loading and warm-up run faster).
    public static func zero() {
        guard isActive else { return }
        freshAllocatorState()
        wb_callgrind_instrument()
        wb_callgrind_stop()
        wb_callgrind_zero()
    }

    /// Moves this thread onto a new jemalloc arena with an empty thread cache
    /// (`arenas.create`, `thread.arena`, `thread.tcache.flush`), so that what the allocator does
    /// during the run does not depend on what the process allocated before it: listing a
    /// temporary directory of 300 more entries at start-up moved a scrolling-table run's frames by
    /// 2.5% without it.
    private static func freshAllocatorState() {
        var arena: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        guard mallctl("arenas.create", &arena, &size, nil, 0) == 0 else { return }
        _ = mallctl("thread.arena", nil, nil, &arena, MemoryLayout<UInt32>.size)
        _ = mallctl("thread.tcache.flush", nil, nil, nil, 0)
    }

    /// Stops collecting, dumps what was collected since the last ``zero()`` or take, and reads its
    /// instruction count (callgrind's `Ir` total); nil when this process does not count
    /// instructions or the dump cannot be read.
    public static func take(label: String) -> UInt64? {
        guard let outputFile else { return nil }
        wb_callgrind_stop()
        wb_callgrind_dump(label)
        dumps += 1
        // With --separate-threads=yes, the main thread's dump is `<file>.<n>-01` (the runs run on
        // it); without, `<file>.<n>`.
        let candidates = ["\(outputFile).\(dumps)-01", "\(outputFile).\(dumps)"]
        guard let text = candidates.lazy.compactMap({ try? String(contentsOfFile: $0, encoding: .utf8) }).first else { return nil }
        return CallgrindDump.instructions(in: text, label: label)
    }
}

/// Reads a callgrind dump file (format version 1): its `desc: Trigger:` line and its `totals:`
/// (else `summary:`) line, whose first figure is the `Ir` event (instructions executed).
public enum CallgrindDump {
    /// The instructions the dump in `text` counts; nil when it has no totals, or (with `label`)
    /// was not triggered by a client request of that label.
    public static func instructions(in text: String, label: String? = nil) -> UInt64? {
        var totals: UInt64?
        var summary: UInt64?
        var trigger: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("desc: Trigger: ") {
                trigger = String(line.dropFirst("desc: Trigger: ".count))
            } else if line.hasPrefix("totals:") {
                totals = firstNumber(line.dropFirst("totals:".count))
            } else if line.hasPrefix("summary:") {
                summary = firstNumber(line.dropFirst("summary:".count))
            }
        }
        if let label, trigger != "Client Request: \(label)" { return nil }
        return totals ?? summary
    }

    private static func firstNumber(_ text: Substring) -> UInt64? {
        text.split(separator: " ").first.flatMap { UInt64($0) }
    }
}
