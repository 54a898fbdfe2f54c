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
public struct RecordedScroll: RecordedSession, Codable, Equatable, Sendable, SchemaDescribed {
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

    public init(from decoder: Decoder) throws { self = try Self.decoded(from: decoder) }

    public func encode(to encoder: Encoder) throws { try encodeInline(to: encoder) }

    init(file: String?, entries: [Sample]) {
        self.init(file: file, samples: entries)
    }

    /// The samples of a session's text; `failure` makes the error of a line and column.
    static func parse(_ text: String, failure: (Int, Int, String) -> Error) throws -> [Sample] {
        let rows = try RecordedSessionRow.rows(
            of: text, header: header, count: 2, maximum: maxSamples, noun: "sample", failure: failure)
        return try rows.map { row, time in
            guard let offset = Double(row.fields[1]), offset.isFinite, offset >= 0 else {
                throw failure(
                    row.line, row.columns[1], "offset must be a number of points >= 0, found \(NodeLocator.excerpt(row.fields[1]))")
            }
            return Sample(time: time, offset: offset)
        }
    }

    /// How many frames at `frameRate` the replay takes: through the last sample's frame.
    func frames(at frameRate: Double) -> Int {
        Int(saturating: ((samples.last?.time ?? 0) * frameRate).rounded(.down)) + 1
    }
}
