import Foundation
import Models
import Report

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `workbench bench --suite policies`: trace A (generated in-process, held in memory) replayed
/// through every eviction policy at 100, 1000 and 5000 objects, timed as the reference simulator's
/// in-memory replay was (only the replay loop), beside the reference's own figures.
enum PoliciesBench {
    static let capacities = [100, 1000, 5000]

    /// The reference simulator's figures for `policy`, not measured in this run: each policy states
    /// its own (``PolicyReferenceFigures`` says how the built-in ones were measured).
    static func reference(_ policy: PolicyName) -> PolicyReferenceFigures? { policy.descriptor?.referenceFigures }

    struct Row {
        var policy: PolicyName
        var capacity: Int
        var misses: Int
        var rates: [Double]
        /// The same replays timed by the thread's CPU clock (M requests/s): what the policy costs
        /// when the machine is shared and the wall clock also counts the time others ran.
        var cpuRates: [Double] = []
        var bytesPerEntry: Double
        /// Bytes allocated by the trace's second half (hits and steady-state misses).
        var secondHalfBytes: Int
        /// The process's peak resident set while this policy replayed at this capacity, MiB (the
        /// trace and the process's own pages included); `nil` where the peak cannot be reset.
        var peakRSSMiB: Double?

        var median: Double { rates.sorted()[rates.count / 2] }
        var cpuMedian: Double { cpuRates.isEmpty ? 0 : cpuRates.sorted()[cpuRates.count / 2] }
    }

    /// Runs every policy at every capacity `repetitions` times and formats the table.
    static func run(policies: [PolicyName] = PolicyRegistry.names, repetitions: Int = 5) -> String {
        let trace = ZipfTrace.traceA()
        var rows: [Row] = []
        for policy in policies {
            for capacity in capacities {
                rows.append(measure(policy, capacity: capacity, requests: trace.requests, repetitions: repetitions))
            }
        }
        return format(rows, repetitions: repetitions)
    }

    static func measure(_ policy: PolicyName, capacity: Int, requests: [UInt32], repetitions: Int) -> Row {
        // Untimed runs warm the caches and measure what the policy allocates: over the whole trace,
        // and over its first half (equal when hits and steady-state misses allocate nothing).
        let half = Array(requests.prefix(requests.count / 2))
        let peakReset = PeakRSS.reset()
        _ = CacheReplay.misses(of: policy, capacity: capacity, requests: half)
        let (_, halfBytes) = AllocationProbe.measureBytes {
            CacheReplay.misses(of: policy, capacity: capacity, requests: half)
        }
        let (misses, bytes) = AllocationProbe.measureBytes {
            CacheReplay.misses(of: policy, capacity: capacity, requests: requests)
        }
        // The replay's own tables: a slot per object id, an object id and a free-list entry per slot.
        let ownBytes = Double(4 * ((requests.max().map(Int.init) ?? 0) + 1) + 8 * (capacity + 1))
        var rates: [Double] = []
        var cpuRates: [Double] = []
        for _ in 0..<repetitions {
            let cpuStart = threadCPUNanoseconds()
            let start = MonotonicClock.now()
            let again = CacheReplay.misses(of: policy, capacity: capacity, requests: requests)
            let elapsed = MonotonicClock.now() - start
            let cpuElapsed = threadCPUNanoseconds() - cpuStart
            precondition(again == misses, "a replay is deterministic")
            rates.append(Double(requests.count) / Double(max(1, elapsed)) * 1_000)
            cpuRates.append(Double(requests.count) / Double(max(1, cpuElapsed)) * 1_000)
        }
        return Row(
            policy: policy, capacity: capacity, misses: misses, rates: rates, cpuRates: cpuRates,
            bytesPerEntry: max(0, Double(bytes) - ownBytes) / Double(capacity),
            secondHalfBytes: Int(bytes) - Int(halfBytes),
            peakRSSMiB: peakReset ? PeakRSS.sinceResetMiB() : nil)
    }

    /// The calling thread's CPU time, nanoseconds.
    static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        _ = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_000 &+ UInt64(truncatingIfNeeded: time.tv_nsec)
    }

    /// The process's peak resident set, MiB.
    static func peakRSSMiB() -> Double {
        var usage = rusage()
        #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_maxrss) / 1024  // KiB on Linux
        #else
            getrusage(RUSAGE_SELF, &usage)
            return Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
        #endif
    }

    static func format(_ rows: [Row], repetitions: Int) -> String {
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(1, width - text.count))
        }
        func fixed(_ value: Double, _ digits: Int) -> String {
            let scale = pow(10, Double(digits))
            let rounded = (value * scale).rounded() / scale
            var text = "\(rounded)"
            if let dot = text.firstIndex(of: ".") {
                let decimals = text.distance(from: dot, to: text.endIndex) - 1
                if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
            }
            return text
        }
        var lines = [
            "policies: trace A (1,000,000 requests, 10,000 objects, Zipf 1.0, seed 42), in-memory replay, "
                + "M requests/s median of \(repetitions) (min-max); bytes/entry = bytes the policy allocated "
                + "over a run / capacity (growth included; optimal's includes its 8 B/request look-ahead)",
            pad("policy", 11) + pad("C", 6) + pad("misses", 9) + pad("miss_ratio", 11) + pad("M_req/s", 9)
                + pad("min-max", 14) + pad("cpu_M_req/s", 12) + pad("bytes/entry", 13) + pad("alloc_2nd_half", 16) + pad("peak_RSS_MiB", 14)
                + "libCacheSim cpu_M_req/s, peak RSS MiB (2026-11-29, not this run)",
        ]
        for row in rows {
            let sorted = row.rates.sorted()
            let index = capacities.firstIndex(of: row.capacity) ?? 0
            let reference =
                (reference(row.policy).map { fixed($0.requestsPerSecond[index], 2) } ?? "-") + ", "
                + (reference(row.policy)?.peakRSSMiB.map { "\($0)" } ?? "-")
            lines.append(
                pad(row.policy.rawValue, 11) + pad("\(row.capacity)", 6) + pad("\(row.misses)", 9)
                    + pad(fixed(Double(row.misses) / 1_000_000, 4), 11) + pad(fixed(row.median, 2), 9)
                    + pad("\(fixed(sorted.first ?? 0, 1))-\(fixed(sorted.last ?? 0, 1))", 14)
                    + pad(fixed(row.cpuMedian, 2), 12) + pad(fixed(row.bytesPerEntry, 1), 13) + pad("\(row.secondHalfBytes)", 16)
                    + pad(row.peakRSSMiB.map { fixed($0, 1) } ?? "n/a", 14) + reference)
        }
        let references = PolicyRegistry.all.compactMap { policy in policy.referenceFigures?.peakRSSMiB.map { (policy.name, $0) } }
            .sorted { $0.1 < $1.1 }.map { "\($0.0.rawValue) \($0.1) MiB" }
        lines.append(
            "peak_RSS_MiB: this process's peak resident set during that row's replays (the trace and the process "
                + "included; the peak is reset before each row through /proc/self/clear_refs)")
        lines.append(
            "peak RSS of this process (trace, every policy, every capacity): \(fixed(peakRSSMiB(), 1)) MiB; "
                + "libCacheSim, one cache (2026-11-29, not this run): \(references.joined(separator: ", "))")
        return lines.joined(separator: "\n")
    }
}

/// The process's peak resident set (`VmHWM`), which Linux resets on writing 5 to
/// `/proc/self/clear_refs`: a peak per policy within one process, without a child process each.
enum PeakRSS {
    /// Resets the peak to the current resident set; false where the kernel does not allow it.
    static func reset() -> Bool {
        #if os(Linux)
            let descriptor = open("/proc/self/clear_refs", O_WRONLY)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return write(descriptor, "5", 1) == 1
        #else
            return false
        #endif
    }

    /// The peak resident set since the last ``reset()``, MiB.
    static func sinceResetMiB() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kibibytes = Double(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        else { return nil }
        return kibibytes / 1024
    }
}
