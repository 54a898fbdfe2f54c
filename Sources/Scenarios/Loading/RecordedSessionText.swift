import Foundation

/// A recorded session's text as a scenario gives it: the path of a file (relative to the scenario
/// file, read under the scenario file's rules), whose errors are `file:line:column`; or, as the
/// results' `scenario.yaml` writes it, a mapping `{csv: text}`, whose errors point at its `csv`
/// key with the line and column inside the text.
struct RecordedSessionText {
    /// The file as the scenario names it; nil inline.
    let file: String?
    /// The file as read; "" inline.
    let resolvedFile: String
    let text: String
    /// The error at a line and column of ``text``.
    let failure: (Int, Int, String) -> Error

    init(_ decoder: Decoder, description: String) throws {
        if let container = try? decoder.singleValueContainer(), !container.decodeNil(),
            let path = try? container.decode(String.self)
        {
            guard !path.isEmpty else { throw SchemaViolation(.expected(description), at: decoder.codingPath) }
            let resolved = TraceFileSpec.resolve(path, scenarioFile: decoder.userInfo[.scenarioFile] as? String)
            switch ScenarioLoader.readFile(URL(fileURLWithPath: resolved), noun: "a recorded session") {
            case .success(let read): text = read
            case .failure(let failure):
                throw SchemaViolation(.invalid("cannot read recorded session '\(resolved)' (\(failure.reason))"), at: decoder.codingPath)
            }
            file = path
            resolvedFile = resolved
            failure = { line, column, message in
                ScenarioError(file: resolved, line: line, column: column, keyPath: "", message: message)
            }
            return
        }
        guard (try? decoder.container(keyedBy: AnyCodingKey.self)) != nil else {
            throw SchemaViolation(.expected(description), at: decoder.codingPath)
        }
        let f = try Fields(decoder, allowed: ["csv"])
        text = try f.required("csv")
        file = nil
        resolvedFile = ""
        let path = f.path("csv")
        failure = { line, column, message in
            SchemaViolation(.invalid("line \(line), column \(column): \(message)"), at: path)
        }
    }
}
