/// One gnuplot variable of a plot view: a name and a text or integer value.
///
/// A variable is data: only the writer turns it into gnuplot source (``source``, quoting text
/// with ``Gnuplot/quote(_:)``), and `plots.csv` is read back by ``parseList(_:)``, which accepts
/// nothing but such assignments, so a results file never reaches gnuplot as code.
public struct PlotVariable: Sendable, Equatable {
    /// A variable's value.
    public enum Value: Sendable, Equatable {
        /// Text, written `'text'`.
        case text(String)
        /// An integer, written in decimal digits.
        case integer(Int)
    }

    /// The gnuplot variable name: lowercase letters, digits and `_`, starting with a letter.
    public var name: String
    /// Its value.
    public var value: Value

    /// A text variable.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = .text(value)
    }

    /// A number variable.
    public init(_ name: String, _ value: Int) {
        self.name = name
        self.value = .integer(value)
    }

    /// The assignment as gnuplot source: `name='text'` (quotes doubled) or `name=12`.
    public var source: String {
        switch value {
        case .text(let text): "\(name)=\(Gnuplot.quote(text))"
        case .integer(let number): "\(name)=\(number)"
        }
    }

    /// The names the plotter sets from the results themselves (files, runs, operations), and
    /// `format` and `out`: a plot view may not set them.
    public static let reservedNames: Set<String> = [
        "format", "out", "scenario", "short_names", "intervals", "summary", "timeseries", "latency", "grid", "runs",
        "drawn", "keyed", "series_keyed", "pressure", "operations", "sweep_key",
    ]

    /// Whether `name` may name a plot view's variable: lowercase letters, digits and `_`,
    /// starting with a letter (gnuplot's own variables, `ARG0`, `GPVAL_*`, are upper case), and
    /// not one of ``reservedNames``.
    public static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), !reservedNames.contains(name) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The `variables` field of `plots.csv` for `variables`: their assignments joined with `; `.
    static func assignments(_ variables: [PlotVariable]) -> String {
        variables.map(\.source).joined(separator: "; ")
    }

    /// Why a `variables` field was refused.
    struct Refusal: Error, Equatable {
        let reason: String
    }

    /// Parses a `variables` field of `plots.csv`: assignments `name='text'` (a `'` doubled inside
    /// the text, no control characters) or `name=12` (an optional `-`, then digits),
    /// separated by `;` with optional spaces around; an empty field is none. Names as
    /// ``isVariableName(_:)``.
    ///
    /// - Throws: ``Refusal`` saying what is wrong at which character, for anything else.
    static func parseList(_ text: String) throws -> [PlotVariable] {
        var scalars = Substring(text).unicodeScalars
        var variables: [PlotVariable] = []
        func skipSpaces() {
            while scalars.first == " " { scalars.removeFirst() }
        }
        func at() -> String {
            scalars.isEmpty ? "at the end" : "at '\(String(Substring(scalars.prefix(20))))'"
        }
        skipSpaces()
        while !scalars.isEmpty {
            var name = ""
            while let scalar = scalars.first,
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
            {
                name.unicodeScalars.append(scalar)
                scalars.removeFirst()
            }
            guard !name.isEmpty, scalars.first == "=" else {
                throw Refusal(reason: "expected name='text' or name=12 \(at()); plots.csv holds values, never gnuplot source")
            }
            guard isVariableName(name) else {
                throw Refusal(
                    reason: reservedNames.contains(name)
                        ? "'\(name)' is set by the plotter from the results, not by plots.csv"
                        : "'\(name)' is not a variable name (lowercase letters, digits and '_', starting with a letter)")
            }
            scalars.removeFirst()
            if scalars.first == "'" {
                scalars.removeFirst()
                var value = ""
                var closed = false
                while let scalar = scalars.popFirst() {
                    if scalar == "'" {
                        if scalars.first == "'" {
                            scalars.removeFirst()
                            value.unicodeScalars.append("'")
                            continue
                        }
                        closed = true
                        break
                    }
                    guard !Gnuplot.isControl(scalar) else {
                        throw Refusal(reason: "the text of '\(name)' holds a control character")
                    }
                    value.unicodeScalars.append(scalar)
                }
                guard closed else {
                    throw Refusal(reason: "the text of '\(name)' is never closed (a ' inside text is written '')")
                }
                variables.append(PlotVariable(name, value))
            } else {
                var digits = ""
                if scalars.first == "-" {
                    digits.append("-")
                    scalars.removeFirst()
                }
                while let scalar = scalars.first, ("0"..."9").contains(scalar) {
                    digits.unicodeScalars.append(scalar)
                    scalars.removeFirst()
                }
                guard let number = Int(digits) else {
                    throw Refusal(reason: "the value of '\(name)' is neither 'text' nor an integer \(at())")
                }
                variables.append(PlotVariable(name, number))
            }
            skipSpaces()
            guard scalars.isEmpty || scalars.first == ";" else {
                throw Refusal(reason: "expected ';' after '\(name)' \(at()); plots.csv holds values, never gnuplot source")
            }
            if !scalars.isEmpty { scalars.removeFirst() }
            skipSpaces()
        }
        return variables
    }
}
