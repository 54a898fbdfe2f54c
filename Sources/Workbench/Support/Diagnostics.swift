import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one place that prints to the terminal's stderr: diagnostics and progress.
///
/// Diagnostics read `path:line:column: error: message`; colour only on a TTY.
enum Diagnostics {
    static let stderrIsTerminal = isatty(STDERR_FILENO) != 0
    /// Whether standard output is a terminal (tables grey what they show but do not judge).
    static let stdoutIsTerminal = isatty(STDOUT_FILENO) != 0

    /// Prints an error diagnostic whose text already starts with `file:line:column:`.
    static func error(_ text: String) {
        if stderrIsTerminal, let range = text.range(of: " error: ") {
            let location = text[..<range.lowerBound]
            let message = text[range.upperBound...]
            write("\u{1B}[1m\(location)\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m \(message)\n")
        } else {
            write(text + "\n")
        }
    }

    /// Prints `warning: <text>` to stderr (the word in yellow on a TTY).
    static func warning(_ text: String) {
        write((stderrIsTerminal ? "\u{1B}[1;33mwarning:\u{1B}[0m " : "warning: ") + text + "\n")
    }

    /// Prints a note to stderr.
    static func note(_ text: String) {
        write(text + "\n")
    }

    /// Rewrites the current progress line (TTY only; callers check `--quiet`).
    static func progress(_ text: String) {
        guard stderrIsTerminal else { return }
        write("\r\u{1B}[2K" + text)
    }

    /// Clears the progress line.
    static func endProgress() {
        guard stderrIsTerminal else { return }
        write("\r\u{1B}[2K")
    }

    private static func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            _ = fwrite(buffer.baseAddress, 1, buffer.count, stderr)
        }
        fflush(stderr)
    }
}
