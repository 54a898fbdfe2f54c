// libyaml, which Yams parses with: its event stream is the one view of a file in which an alias
// is still a reference, before anything expands it.
internal import CYaml

/// Bounds a YAML text's size with its aliases expanded, before anything composes or decodes it.
///
/// Yams composes an alias as the node it names (shared, so composing stays cheap), but whatever
/// walks the tree afterwards meets that node once per alias: hashing a mapping's keys, resolving
/// merge keys (`<<: [*a, *a]` copies both mappings' pairs) and decoding. Nine nested levels of
/// ten aliases each make 10^9 nodes from a few hundred bytes ("billion laughs"). This walks
/// libyaml's events once, counting each alias as the size and depth of the node it names, and
/// refuses the text as soon as either passes its limit: time and memory linear in the text.
enum YAMLBounds {
    /// Nodes (scalars, lists, mappings) a text may hold with every alias expanded.
    static let maxNodes = ScenarioLimits.maxYAMLNodes
    /// Levels of lists and mappings, one inside another, with every alias expanded.
    static let maxDepth = ScenarioLimits.maxYAMLDepth

    /// What an anchored node expands to.
    private struct Extent {
        var nodes: Int
        var depth: Int
    }

    /// A list or mapping being read.
    private struct Open {
        let anchor: String?
        /// `nodes` when it started (itself included).
        let nodesBefore: Int
        /// The deepest child so far, in levels below it.
        var childDepth = 0
    }

    /// Throws unless `text`, its aliases expanded, holds at most ``maxNodes`` nodes nested at most
    /// ``maxDepth`` levels. The error points at the alias (or node) that passes a limit.
    ///
    /// Text libyaml cannot parse passes: composing it reports the syntax error.
    ///
    /// - Parameter subject: what the message calls the text (`the file`, `the value`).
    /// - Throws: a ``ScenarioError`` in `file` naming the limit.
    /// - Complexity: O(n) in the length of `text`, whatever its aliases expand to.
    static func check(_ text: String, file: String, subject: String = "the file") throws(ScenarioError) {
        var utf8 = Array(text.utf8)
        if utf8.isEmpty { return }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        let failure: ScenarioError? = utf8.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return walk(&parser, file: file, subject: subject)
        }
        if let failure { throw failure }
    }

    private static func walk(_ parser: inout yaml_parser_t, file: String, subject: String) -> ScenarioError? {
        var anchors: [String: Extent] = [:]
        var open: [Open] = []
        var nodes = 0
        var event = yaml_event_t()
        func refuse(_ message: String) -> ScenarioError {
            ScenarioError(
                file: file, line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1, keyPath: "",
                message: message)
        }
        func tooMany() -> ScenarioError {
            refuse("\(subject) expands to more than \(maxNodes) YAML nodes with its aliases and merge keys expanded (the limit)")
        }
        func tooDeep() -> ScenarioError {
            refuse("\(subject) nests more than \(maxDepth) levels deep with its aliases and merge keys expanded (the limit)")
        }
        /// A finished node of `extent` under the innermost open collection.
        func add(_ extent: Extent) {
            if !open.isEmpty { open[open.count - 1].childDepth = max(open[open.count - 1].childDepth, extent.depth) }
        }
        while yaml_parser_parse(&parser, &event) == 1 {
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_SCALAR_EVENT:
                nodes += 1
                if nodes > maxNodes { return tooMany() }
                add(Extent(nodes: 1, depth: 0))
                if let anchor = string(event.data.scalar.anchor) { anchors[anchor] = Extent(nodes: 1, depth: 0) }
            case YAML_ALIAS_EVENT:
                // An undefined alias is composing's error to report.
                guard let name = string(event.data.alias.anchor), let extent = anchors[name] else { continue }
                nodes += extent.nodes
                if nodes > maxNodes { return tooMany() }
                if open.count + extent.depth > maxDepth { return tooDeep() }
                add(extent)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                nodes += 1
                if nodes > maxNodes { return tooMany() }
                let anchor =
                    event.type == YAML_SEQUENCE_START_EVENT
                    ? string(event.data.sequence_start.anchor) : string(event.data.mapping_start.anchor)
                open.append(Open(anchor: anchor, nodesBefore: nodes - 1))
                if open.count > maxDepth { return tooDeep() }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { continue }
                let extent = Extent(nodes: nodes - closed.nodesBefore, depth: closed.childDepth + 1)
                add(extent)
                // Registered once complete, as Yams does: an alias inside names an earlier node.
                if let anchor = closed.anchor { anchors[anchor] = extent }
            default:
                continue
            }
        }
        return nil
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
