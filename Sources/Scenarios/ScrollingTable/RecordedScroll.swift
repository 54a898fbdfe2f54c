import Foundation

/// `recorded: sessions/feed-scroll.csv` — a scroll session recorded in the app, replayed exactly:
/// the table's content offset over time. The file (relative to the scenario file, read under the
/// scenario file's rules) is CSV with the header `t_s,offset`, one row per sample: the time from
/// the step's start in seconds (non-decreasing, from 0) and the content offset in points (>= 0).
/// Each frame of the step shows the offset of the last sample at or before its time (a gap
/// between samples holds the offset); the step ends after the last sample's frame. Offsets past
/// the table's end are clamped to it, as a scroll view does.
///
/// The results' `scenario.yaml` carries the session inline (`recorded: {csv: "t_s,offset\n..."}`),
/// as it carries a layout file's rows, so a results directory loads without the file.
public struct RecordedScroll: Codable, Equatable, Sendable, SchemaDescribed {
    /// One sample: seconds from the step's start, and the content offset there.
    public struct Sample: Equatable, Sendable {
        public var time: Double
        public var offset: Double

        public init(time: Double, offset: Double) {
            self.time = time
            self.offset = offset
        }
    }

    /// The file as the scenario names it; nil for a session written inline.
    public var file: String?
    /// The samples, in time order; at least one.
    public var samples: [Sample]
    /// The file as read (resolved against the scenario file); "" inline; not compared.
    var resolvedFile: String = ""
    /// The session's text as read, which `scenario.yaml` carries inline; not compared.
    var csvText: String = ""

    /// The header a session file starts with.
    public static let header = "t_s,offset"

    /// The most samples a session may hold: an hour at 120 Hz.
    public static let maxSamples = 432_000

    static var schemaDescription: String { "the path of a recorded scroll session (CSV: t_s,offset), or a mapping {csv: text}" }

    public init(file: String?, samples: [Sample]) {
        self.file = file
        self.samples = samples
    }

    /// The same samples: where they were read from does not count (`scenario.yaml` carries a
    /// file's session inline, and loads to the same scenario).
    public static func == (lhs: RecordedScroll, rhs: RecordedScroll) -> Bool {
        lhs.samples == rhs.samples
    }

    public init(from decoder: Decoder) throws {
        let session = try RecordedSessionText(decoder, description: Self.schemaDescription)
        self.init(file: session.file, samples: try Self.parse(session.text, failure: session.failure))
        resolvedFile = session.resolvedFile
        csvText = session.text
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(csvText, for: "csv")
    }

    /// The samples of a session file's text; errors at the file's line and column.
    static func parse(_ text: String, file: String) throws -> [Sample] {
        try parse(text) { line, column, message in
            ScenarioError(file: file, line: line, column: column, keyPath: "", message: message)
        }
    }

    /// The samples of a session's text; `failure` makes the error of a line and column.
    static func parse(_ text: String, failure: (Int, Int, String) -> Error) throws -> [Sample] {
        var samples: [Sample] = []
        var sawHeader = false
        // A "\r\n" is one Character in Swift, and a newline: lines end with either.
        for (index, row) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = index + 1
            if row.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            guard sawHeader else {
                guard row.trimmingCharacters(in: .whitespaces) == header else {
                    throw failure(line, 1, "expected the header '\(header)', found \(NodeLocator.excerpt(String(row)))")
                }
                sawHeader = true
                continue
            }
            let fields = row.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 2 else {
                throw failure(line, 1, "expected 2 fields (t_s,offset), found \(fields.count)")
            }
            let offsetColumn = fields[0].count + 2
            guard let time = Double(fields[0].trimmingCharacters(in: .whitespaces)), time.isFinite, time >= 0 else {
                throw failure(line, 1, "t_s must be a number of seconds >= 0, found \(NodeLocator.excerpt(String(fields[0])))")
            }
            guard let offset = Double(fields[1].trimmingCharacters(in: .whitespaces)), offset.isFinite, offset >= 0 else {
                throw failure(
                    line, offsetColumn, "offset must be a number of points >= 0, found \(NodeLocator.excerpt(String(fields[1])))")
            }
            if let last = samples.last, time < last.time {
                throw failure(line, 1, "t_s must not decrease: \(formatNumber(time)) after \(formatNumber(last.time))")
            }
            guard samples.count < maxSamples else {
                throw failure(line, 1, "a recorded session holds at most \(maxSamples) samples")
            }
            samples.append(Sample(time: time, offset: offset))
        }
        guard sawHeader else { throw failure(1, 1, "empty recorded session (expected the header '\(header)')") }
        guard !samples.isEmpty else { throw failure(1, 1, "a recorded session needs at least one sample after its header") }
        return samples
    }

    /// How many frames at `frameRate` the replay takes: through the last sample's frame.
    func frames(at frameRate: Double) -> Int {
        Int(saturating: ((samples.last?.time ?? 0) * frameRate).rounded(.down)) + 1
    }
}
