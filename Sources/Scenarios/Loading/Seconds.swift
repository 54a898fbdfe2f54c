import Foundation

/// A non-negative duration in seconds.
///
/// In a scenario file: a number (seconds) or a string with a unit — `250ms`, `10s`, `2m`,
/// `1.5h` — or a plain number string (`"120"` = 120 seconds). Negative, infinite or malformed
/// values, and values outside `ScenarioLimits.minSeconds...maxSeconds` other than 0, are errors
/// naming the key. Encodes as a
/// number of seconds.
public struct Seconds: Codable, Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: Double

    public init(_ value: Double) {
        self.value = value
    }

    public static let zero = Seconds(0)

    public static func milliseconds(_ ms: Double) -> Seconds { Seconds(ms / 1000) }
    public static func seconds(_ s: Double) -> Seconds { Seconds(s) }
    public static func minutes(_ m: Double) -> Seconds { Seconds(m * 60) }
    public static func hours(_ h: Double) -> Seconds { Seconds(h * 3600) }

    public static func < (lhs: Seconds, rhs: Seconds) -> Bool {
        lhs.value < rhs.value
    }

    /// E.g. `250ms`, `10s`, `1.5s`.
    public var description: String {
        if value != 0 && abs(value) < 1 {
            return "\(formatNumber(value * 1000))ms"
        }
        return "\(formatNumber(value))s"
    }

    // MARK: Parsing

    /// Units accepted after the number, longest first so `ms` wins over `m` and `s`.
    static let units: [(suffix: String, seconds: Double)] = [
        ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400), ("w", 604_800),
    ]

    enum ParseFailure: Error, Equatable {
        case malformed
        case negative
        /// Above `ScenarioLimits.maxSeconds`, or above 0 and below `ScenarioLimits.minSeconds`.
        case outOfRange
    }

    /// Parses `250ms`, `10s`, `2m`, `1.5h`, `120`, `0.5`.
    static func parse(_ text: String) -> Result<Seconds, ParseFailure> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var number = Substring(trimmed)
        var scale = 1.0
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            number = trimmed.dropLast(unit.suffix.count)
            scale = unit.seconds
            break
        }
        // Digits with an optional sign, point and exponent; rejects "inf", "nan", hex, "1:30".
        guard !number.isEmpty,
            number.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
            number.contains(where: \.isNumber),
            let parsed = Double(number), parsed.isFinite
        else {
            return .failure(.malformed)
        }
        if parsed < 0 || number.hasPrefix("-") && parsed != 0 {
            return .failure(.negative)
        }
        // A fraction of a second is divided by its whole inverse: `9ms` is 9 / 1000, the double
        // nearest 0.009, where 9 × 0.001 is one ulp above it (and would not survive scenario.yaml).
        let seconds = scale < 1 ? parsed / (1 / scale).rounded() : parsed * scale
        guard seconds.isFinite else { return .failure(.malformed) }
        guard seconds <= ScenarioLimits.maxSeconds, seconds == 0 || seconds >= ScenarioLimits.minSeconds else {
            return .failure(.outOfRange)
        }
        return .success(Seconds(seconds == 0 ? 0 : seconds))
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text: String
        do {
            if container.decodeNil() {
                throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
            }
            text = try container.decode(String.self)
        } catch DecodingError.typeMismatch {
            throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
        }
        switch Self.parse(text) {
        case .success(let seconds):
            self = seconds
        case .failure(.negative):
            throw SchemaViolation(.constraint("must not be negative"), at: decoder.codingPath)
        case .failure(.malformed):
            throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
        case .failure(.outOfRange):
            throw SchemaViolation(.constraint(Self.rangeRequirement), at: decoder.codingPath)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension Seconds {
    /// `must be 0 or between 1e-09 s and 1000000000 s (about 31 years)`.
    static var rangeRequirement: String {
        "must be 0 or between \(ScenarioLimits.minSeconds) s and \(formatNumber(ScenarioLimits.maxSeconds)) s (about 31 years)"
    }
}

extension Seconds: SchemaDescribed {
    static var schemaDescription: String {
        "a duration (seconds, or a number with unit ms, s, m, h, d or w, e.g. 250ms, 10s, 2m, 1.5h, 1w)"
    }
}

/// `667` for integral values, `0.998` otherwise.
func formatNumber(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    return "\(value)"
}
