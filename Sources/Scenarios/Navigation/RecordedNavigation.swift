import Foundation

/// `user: {recorded: sessions/shop.csv}` — a navigation session recorded in the app, replayed
/// exactly: what the user did, and when. The file (relative to the scenario file, read under the
/// scenario file's rules) is CSV with the header `t_s,event,section,view`, one row per event:
///
/// - `t_s`: seconds from the start of the run, non-decreasing;
/// - `event`: `intent` (a view opened, pushed), `tab` (a section chosen, no animation),
///   `deep_link` (an intent from outside the app, cross-dissolved, counted in `deep_links`),
///   `back` or `rewind` (`section` and `view` empty);
/// - `section`, `view`: the intent's section and view (`view` may be empty: the section alone).
///
/// Each event fires at the first frame at or after its time once the app is idle (a transition
/// under way finishes first); after the last event the user stays where it is. Nothing is drawn
/// at random: the same file gives the same counts, and a seed changes nothing the recording
/// states (random deep links aside). The results' `scenario.yaml` carries the session inline
/// (`recorded: {csv: "t_s,event,section,view\n..."}`).
public struct RecordedNavigation: RecordedSession, Codable, Equatable, Sendable, SchemaDescribed {
    /// What the user did.
    public enum Kind: String, CaseIterable, Sendable {
        case intent, tab, back, rewind
        case deepLink = "deep_link"
    }

    /// One event of the session.
    public struct Event: Equatable, Sendable {
        public var time: Double
        public var kind: Kind
        public var section: String
        public var view: String?
        /// The event's line in the file, for the error that refuses its names.
        public var line: Int

        public init(time: Double, kind: Kind, section: String = "", view: String? = nil, line: Int = 0) {
            self.time = time
            self.kind = kind
            self.section = section
            self.view = view
            self.line = line
        }
    }

    /// The file as the scenario names it; nil for a session written inline.
    public var file: String?
    /// The file as read (resolved against the scenario file), for errors; "" inline; not compared.
    var resolvedFile: String = ""
    /// The session's text as read, which `scenario.yaml` carries inline; not compared.
    var csvText: String = ""
    /// The events, in time order; at least one.
    public var events: [Event]

    /// The header a session file starts with.
    public static let header = "t_s,event,section,view"

    /// The most events a session may hold.
    public static let maxEvents = 100_000

    static var schemaDescription: String {
        "the path of a recorded navigation session (CSV: t_s,event,section,view), or a mapping {csv: text}"
    }

    public init(file: String?, events: [Event]) {
        self.file = file
        self.events = events
    }

    public static func == (lhs: RecordedNavigation, rhs: RecordedNavigation) -> Bool {
        lhs.events == rhs.events
    }

    public init(from decoder: Decoder) throws { self = try Self.decoded(from: decoder) }

    public func encode(to encoder: Encoder) throws { try encodeInline(to: encoder) }

    init(file: String?, entries: [Event]) {
        self.init(file: file, events: entries)
    }

    /// The events of a session's text; `failure` makes the error of a line and column.
    static func parse(_ text: String, failure: (Int, Int, String) -> Error) throws -> [Event] {
        let rows = try RecordedSessionRow.rows(
            of: text, header: header, count: 4, maximum: maxEvents, noun: "event", failure: failure)
        return try rows.map { row, time in
            let fields = row.fields
            guard let kind = Kind(rawValue: fields[1]) else {
                throw failure(
                    row.line, row.columns[1],
                    "unknown event \(NodeLocator.excerpt(fields[1])) (expected one of: \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            switch kind {
            case .back, .rewind:
                guard fields[2].isEmpty, fields[3].isEmpty else {
                    throw failure(row.line, row.columns[2], "a \(kind.rawValue) names no section or view: leave them empty")
                }
            case .intent, .tab, .deepLink:
                guard !fields[2].isEmpty else { throw failure(row.line, row.columns[2], "a \(kind.rawValue) names its section") }
            }
            return Event(time: time, kind: kind, section: fields[2], view: fields[3].isEmpty ? nil : fields[3], line: row.line)
        }
    }

    /// Refuses an event whose section or view the app does not have, at its line in the file (a
    /// session written inline: at `path`, with the line).
    func checkNames(in app: AppSpec, at path: [CodingKey]) throws {
        for event in events where event.kind != .back && event.kind != .rewind {
            do {
                try app.checkIntentNames(section: event.section, view: event.view, at: [])
            } catch let violation as SchemaViolation {
                let text: String
                switch violation.problem {
                case .invalid(let message), .message(let message), .constraint(let message), .expected(let message): text = message
                default: text = "names nothing in the app"
                }
                let message = "\(event.kind.rawValue) at \(formatNumber(event.time)) s: \(text)"
                guard !resolvedFile.isEmpty else {
                    throw SchemaViolation(.invalid("line \(event.line): \(message)"), at: path)
                }
                throw ScenarioError(file: resolvedFile, line: event.line, column: 1, keyPath: "", message: message)
            }
        }
    }
}
