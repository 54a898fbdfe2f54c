import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws a scenario's plots from its CSV files with gnuplot and the scripts in `scripts/`.
///
/// The same scripts serve `scripts/plot.sh`, so the CLI and the script draw identical plots.
/// The scripts know no scenario kind: what each plot draws comes from the plot views the kind
/// declared, which its results record in `plots.csv` (see ``PlotView``). Per scenario directory,
/// next to its CSV files, one file per view and format (`<view>.png`, `<view>.svg`,
/// `<view>.txt`). The generic scripts:
///
/// | script | draws |
/// |---|---|
/// | `hit-rate.gp` | a hit rate over time per run, cumulative over per-interval, events marked |
/// | `bars.gp` | one or two summary columns per run as bars (what misses cost, bytes) |
/// | `throughput.gp` | two rates per run as bars, then each over time |
/// | `resident.gp` | timeseries columns over time, a panel per quantity |
/// | `latency.gp` | the latency percentile spectrum per run and operation |
/// | `sweep.gp` | summary columns against the swept value (sweeps only) |
/// | `curve.gp` | a summary column against the swept value, every run (a trace's miss-ratio curve) |
/// | `heatmap.gp` | a sweep's grid (`grid.csv`): runs × sweep values coloured by the decision metric, best marked |
///
/// A view whose input is missing (no timeseries, latency or sweep values) is not drawn. Every
/// scenario with a `grid.csv` also gets `heatmap` (no kind declares it). Line plots with more
/// than six runs draw the ones ``RunSelection`` chooses, the same rule for every plot.
///
/// ```swift
/// if Plotter.isGnuplotAvailable,
///    let scripts = Plotter.locateScripts(executable: executableURL) {
///     let files = try Plotter(scriptsDirectory: scripts)
///         .plot(scenarioDirectory: results.appendingPathComponent("feed"), formats: [.png, .svg])
/// }
/// ```
public struct Plotter: Sendable {
    /// The plot scripts a scripts directory must hold.
    public static let scriptNames = [
        "common.gp", "hit-rate.gp", "bars.gp", "throughput.gp", "resident.gp", "latency.gp", "sweep.gp", "curve.gp",
        "heatmap.gp",
    ]

    /// The directory holding the gnuplot scripts (``scriptNames``).
    public let scriptsDirectory: URL

    /// A plotter using the scripts in `scriptsDirectory` (see ``locateScripts(executable:builtFrom:)``).
    public init(scriptsDirectory: URL) {
        self.scriptsDirectory = scriptsDirectory
    }

    /// Finds the plot scripts that belong to this binary: the first `scripts/` holding them
    /// beside the executable or in a directory above it (for `.build/release/workbench` and
    /// `make dist`'s `.build/dist/workbench`, the package root's; for a release unpacked as
    /// `bin/workbench` + `scripts/`, that one), tried for the path as given and with symbolic
    /// links resolved, else those of the workbench sources this was built from
    /// (``builtFromScripts``: a team's own runner, built against a checkout of workbench, draws
    /// from the checkout's scripts). Nil when none does.
    ///
    /// The working directory is never searched: gnuplot scripts are code, and a directory
    /// `workbench` runs in (a downloaded CI artifact, a shard's results) is data.
    public static func locateScripts(executable: URL, builtFrom: URL? = builtFromScripts) -> URL? {
        var candidates: [URL] = []
        for start in [executable, executable.resolvingSymlinksInPath()] {
            var directory = start.standardizedFileURL.deletingLastPathComponent()
            while true {
                candidates.append(directory.appendingPathComponent("scripts", isDirectory: true))
                let parent = directory.deletingLastPathComponent().standardizedFileURL
                if parent.path == directory.path || directory.path == "/" {
                    break
                }
                directory = parent
            }
        }
        if let builtFrom { candidates.append(builtFrom) }
        return candidates.first { missingScripts(in: $0).isEmpty }?.standardizedFileURL
    }

    /// The `scripts/` directory of the workbench sources this binary was compiled from (at the
    /// package root, four levels above this file), wherever the binary now runs; nil if it cannot
    /// be named.
    public static let builtFromScripts: URL? = {
        let source = URL(fileURLWithPath: #filePath)
        guard source.path.hasPrefix("/") else { return nil }
        return source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts", isDirectory: true)
    }()

    /// Whether a `gnuplot` executable is on `PATH`.
    public static var isGnuplotAvailable: Bool {
        Gnuplot.executable != nil
    }

    /// Draws every view of the scenario in `scenarioDirectory` in each of `formats`, and returns
    /// the files written, view by view (in the order of the table above), formats in
    /// ``PlotFormat/allCases`` order.
    ///
    /// Each file is drawn under a temporary name in the same directory and renamed over the
    /// target, so a reader never sees half a plot; a failed plot leaves the old file in place.
    /// An empty `formats` draws nothing.
    ///
    /// - Throws: ``PlotError``: the scripts or gnuplot missing, the summary missing, unreadable
    ///   or of an unknown kind, gnuplot failing (with its standard error), or a rename failing.
    ///   Plots written before a failure stay written.
    @discardableResult
    public func plot(scenarioDirectory: URL, formats: Set<PlotFormat>) throws -> [URL] {
        guard !formats.isEmpty else {
            return []
        }
        try checkScripts()
        let jobs = try PlotJob.jobs(scenarioDirectory: scenarioDirectory)
        let plots = jobs.flatMap { job in
            PlotFormat.allCases.filter(formats.contains).map { format in
                (
                    job: job, format: format,
                    target: scenarioDirectory.appendingPathComponent("\(job.name).\(format.fileExtension)", isDirectory: false)
                )
            }
        }
        // One gnuplot per core at a time: each plot is a process of its own, and its file is
        // renamed into place whole, so the order they finish in changes nothing.
        let outcomes = ParallelOutcomes(count: plots.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, plots.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: plots.count, by: workers) {
                let plot = plots[index]
                outcomes.set(index, Result { try draw(plot.job, format: plot.format, to: plot.target) })
            }
        }
        var written: [URL] = []
        for (index, outcome) in outcomes.all.enumerated() {
            if case .failure(let error) = outcome { throw error }
            written.append(plots[index].target)
        }
        return written
    }

    /// The scenario's views drawn by gnuplot's dumb terminal (100 × 30 characters a panel), one
    /// after another with a blank line between them: for terminals and CI logs. Writes nothing.
    ///
    /// - Throws: as ``plot(scenarioDirectory:formats:)``.
    public func asciiPlots(scenarioDirectory: URL) throws -> String {
        try checkScripts()
        let jobs = try PlotJob.jobs(scenarioDirectory: scenarioDirectory)
        var plots: [String] = []
        for job in jobs {
            plots.append(try ascii(job))
        }
        return plots.joined(separator: "\n\n") + (plots.isEmpty ? "" : "\n")
    }

    // MARK: - Drawing

    private func draw(_ job: PlotJob, format: PlotFormat, to target: URL) throws {
        if format == .ascii {
            let text = try ascii(job) + "\n"
            do {
                try AtomicFile.write(text, to: target)
            } catch let ReportError.writeFailed(path, reason) {
                throw PlotError.writeFailed(path: path, reason: reason)
            } catch {
                throw PlotError.writeFailed(path: target.path, reason: "\(error)")
            }
            return
        }
        let directory = target.deletingLastPathComponent()
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let temporary =
            directory
            .appendingPathComponent(".\(target.lastPathComponent).tmp-\(getpid())-\(suffix)", isDirectory: false)
        do {
            _ = try Gnuplot.run(
                script: try script(job.script),
                variables: job.variables + [.init("format", format.rawValue), .init("out", temporary.path)])
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw PlotError.writeFailed(path: target.path, reason: "renaming \(temporary.path) over it: \(reason)")
        }
    }

    /// The job's plot as text: the dumb terminal's output without form feeds and trailing blanks.
    private func ascii(_ job: PlotJob) throws -> String {
        let data = try Gnuplot.run(
            script: try script(job.script), variables: job.variables + [.init("format", "ascii"), .init("out", "")])
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\u{0C}", with: "")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var trimmed = line
            while let last = trimmed.last, last == " " || last == "\r" {
                trimmed = trimmed.dropLast()
            }
            return String(trimmed)
        }
        while lines.first?.isEmpty == true {
            lines.removeFirst()
        }
        while lines.last?.isEmpty == true {
            lines.removeLast()
        }
        return lines.joined(separator: "\n")
    }

    /// The script `name` in the scripts directory: a plain script name (``PlotView/isScriptName(_:)``,
    /// never a path) of a file that is there.
    private func script(_ name: String) throws -> URL {
        let url = scriptsDirectory.appendingPathComponent(name, isDirectory: false)
        guard PlotView.isScriptName(name), FileManager.default.fileExists(atPath: url.path) else {
            throw PlotError.unknownScript(name: name, directory: scriptsDirectory.path)
        }
        return url
    }

    private func checkScripts() throws {
        let missing = Self.missingScripts(in: scriptsDirectory)
        guard missing.isEmpty else {
            throw PlotError.scriptsNotFound(directory: scriptsDirectory.path, missing: missing)
        }
    }

    private static func missingScripts(in directory: URL) -> [String] {
        scriptNames.filter { name in
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name, isDirectory: false).path)
        }
    }
}

/// The outcomes of plots drawn on several threads, in the plots' order.
private final class ParallelOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Result<Void, Error>]

    init(count: Int) {
        outcomes = Array(repeating: .success(()), count: count)
    }

    func set(_ index: Int, _ outcome: Result<Void, Error>) {
        lock.lock()
        defer { lock.unlock() }
        outcomes[index] = outcome
    }

    var all: [Result<Void, Error>] {
        lock.lock()
        defer { lock.unlock() }
        return outcomes
    }
}
