import Foundation

/// Runs gnuplot scripts with Foundation's `Process`.
enum Gnuplot {
    /// A variable passed to a script with `-e`: a string (quoted) or an integer.
    struct Variable: Equatable, Sendable {
        /// The gnuplot variable name.
        let name: String
        /// Its value as gnuplot source: `'text'` with quotes doubled, or digits.
        let literal: String

        /// A string variable.
        init(_ name: String, _ value: String) {
            self.name = name
            self.literal = Gnuplot.quote(value)
        }

        /// An integer variable.
        init(_ name: String, _ value: Int) {
            self.name = name
            self.literal = String(value)
        }

        /// A plot view's variable, its text quoted here.
        init(_ variable: PlotVariable) {
            self.name = variable.name
            switch variable.value {
            case .text(let text): self.literal = Gnuplot.quote(text)
            case .integer(let number): self.literal = String(number)
            }
        }
    }

    /// The `gnuplot` executable on `PATH` (or, without `PATH`, in /usr/local/bin, /usr/bin,
    /// /bin), or nil.
    static var executable: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = URL(fileURLWithPath: String(directory), isDirectory: true)
                .appendingPathComponent("gnuplot", isDirectory: false)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// `text` as a gnuplot single-quoted string literal: in those, only `'` is special, written
    /// `''` (no backquote or `@` macro is expanded inside them). Control characters, which a
    /// command line should not carry (a line break would end the command), become spaces.
    ///
    /// Every value the plotter passes to gnuplot, whether it comes from the results (paths, run
    /// and operation names, column names) or from a plot view, is quoted here.
    static func quote(_ text: String) -> String {
        var quoted = "'"
        for scalar in text.unicodeScalars {
            if scalar == "'" {
                quoted += "''"
            } else if isControl(scalar) {
                quoted += " "
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }

    /// Whether `scalar` is an ASCII control character (below a space, or DEL).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    /// The `-e` argument setting `variables`: `a='x'; b=1`.
    static func assignments(_ variables: [Variable]) -> String {
        variables.map { "\($0.name)=\($0.literal)" }.joined(separator: "; ")
    }

    /// Runs `gnuplot -d -e <variables> <script>` and returns what it wrote to standard output.
    /// (`-d`: no ~/.gnuplot or system-wide init file, so every machine draws the same plot.)
    ///
    /// Standard input is /dev/null; standard error goes to a temporary file (so neither pipe can
    /// fill up and stall gnuplot), read back for the error.
    ///
    /// - Throws: ``PlotError/gnuplotNotFound``, ``PlotError/launchFailed(reason:)``, and
    ///   ``PlotError/gnuplotFailed(script:status:stderr:)`` for a non-zero exit or a signal.
    static func run(script: URL, variables: [Variable]) throws -> Data {
        guard let executable else {
            throw PlotError.gnuplotNotFound
        }
        let errorURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("workbench-gnuplot-\(UUID().uuidString).stderr", isDirectory: false)
        guard FileManager.default.createFile(atPath: errorURL.path, contents: nil) else {
            throw PlotError.launchFailed(reason: "cannot create \(errorURL.path)")
        }
        defer { try? FileManager.default.removeItem(at: errorURL) }
        let errorHandle: FileHandle
        do {
            errorHandle = try FileHandle(forWritingTo: errorURL)
        } catch {
            throw PlotError.launchFailed(reason: "cannot open \(errorURL.path): \(error.localizedDescription)")
        }
        defer { try? errorHandle.close() }

        let process = Process()
        process.executableURL = executable
        process.arguments = ["-d", "-e", assignments(variables), script.path]
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        do {
            try process.run()
        } catch {
            throw PlotError.launchFailed(reason: "\(executable.path): \(error.localizedDescription)")
        }
        // Read to the end before waiting: a plot larger than the pipe buffer would otherwise
        // block gnuplot forever.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit && process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
            let status = process.terminationStatus
            let detail = process.terminationReason == .uncaughtSignal ? "killed by signal \(status)\n" : ""
            throw PlotError.gnuplotFailed(script: script.lastPathComponent, status: status, stderr: detail + stderr)
        }
        return data
    }
}
