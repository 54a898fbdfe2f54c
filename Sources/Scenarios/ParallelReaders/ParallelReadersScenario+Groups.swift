import Report

/// Reader and writer groups: the summary columns each named group adds (prefixed by its name),
/// and the rules between groups.
extension ParallelReadersScenario {
    /// The kind's columns, then each named group's summary columns (readers' groups first, in
    /// file order; ``groupColumns(name:role:)``). A scenario whose `readers:` and `writers:` are
    /// single mappings has the kind's columns alone.
    public var resultColumns: ResultColumns {
        var columns = Self.columns
        columns.summary += roles.flatMap { _, role in role.name.map { Self.groupColumns(name: $0, role: role) } ?? [] }
        return columns
    }

    /// The summary columns `expect` and `decide` may name (the identity columns left out).
    var summaryMetricColumns: [String] {
        let identity = Set(SharedColumns.identity.map(\.name))
        return resultColumns.summary.map(\.name).filter { !identity.contains($0) }
    }

    /// A named group's summary columns, in the order the recorder appends them: its operations
    /// (all types, then each operation its mix names), its stale reads (with gets), its
    /// throughput and each operation's latency percentiles. Its headline columns are shown in the
    /// table printed after a run and on the index pages (``ColumnView/table``), as the kind's own
    /// are: its throughput and the p99 latency of its gets and sets (of its first operation when
    /// its mix has neither) — the `ui` group's `ui_get_p99_ns`.
    static func groupColumns(name: String, role: ThreadRole) -> [Column] {
        let operations = role.mixOperations
        let of = "group \(name)"
        var columns: [Column] = [.count("\(name)_total_ops", .neutral, "operations \(of) issued, all types")]
        columns += operations.map { .count("\(name)_\($0.rawValue)_ops", .neutral, "\($0.rawValue) operations \(of) issued") }
        if operations.contains(.get) {
            columns.append(
                .count(
                    "\(name)_stale_reads", .lowerIsBetter, "reads of \(of) that returned an older value than the published one (must be 0)")
            )
        }
        columns.append(
            .measured(
                "\(name)_ops_per_s", .perSecond, .higherIsBetter, "operations per second of \(of), the sum of its threads' rates",
                views: [.table]))
        columns += operations.map {
            .measured("\(name)_\($0.rawValue)_per_s", .perSecond, .higherIsBetter, "\($0.rawValue) operations per second of \(of)")
        }
        let headline = operations.filter { $0 == .get || $0 == .set }
        let shown = Set((headline.isEmpty ? Array(operations.prefix(1)) : headline).map { "\(name)_\($0.rawValue)_p99_ns" })
        columns += operations.flatMap { SharedColumns.latency("\(name)_\($0.rawValue)", of: "a \($0.rawValue) of \(of)") }
            .showing(shown, in: .table)
        return columns
    }

    /// Each group with its path in the file: `readers` for a single mapping, `readers[1]` for a
    /// group of a list.
    func groupPaths(_ f: Fields) -> [(path: [CodingKey], kind: ThreadRole.Kind, role: ThreadRole)] {
        var paths: [(path: [CodingKey], kind: ThreadRole.Kind, role: ThreadRole)] = []
        for (key, kind, groups) in [("readers", ThreadRole.Kind.reader, readers), ("writers", .writer, writers)] {
            for (index, role) in groups.enumerated() {
                paths.append((role.name == nil ? f.path(key) : f.path(key) + [AnyCodingKey(index: index)], kind, role))
            }
        }
        return paths
    }

    /// Writer threads of every group, in all.
    var writerThreads: Int { writers.reduce(0) { $0 + $1.threads } }

    /// Reader threads of every group, in all.
    var readerThreads: Int { readers.reduce(0) { $0 + $1.threads } }

    /// Every writer owns keys: at most `keys` writers, counted over the groups (at the threads of
    /// the group that passes it).
    func checkWriterThreads(_ f: Fields) throws {
        var total = 0
        for (path, kind, role) in groupPaths(f) where kind == .writer {
            total += role.threads
            if total > keyCount {
                throw SchemaViolation(
                    .constraint(
                        "must be at most keys (\(keyCount)): each writer owns the keys k with k mod writers = its index"
                            + (role.name == nil ? "" : " (writers of every group: \(writerThreads))")),
                    at: path + [AnyCodingKey("threads")])
            }
        }
    }

    /// A role's groups have at most ``maxThreads`` threads in all (at the group that passes it).
    func checkGroupThreads(_ f: Fields) throws {
        var totals: [ThreadRole.Kind: Int] = [:]
        for (path, kind, role) in groupPaths(f) {
            totals[kind, default: 0] += role.threads
            if let total = totals[kind], total > Self.maxThreads {
                throw SchemaViolation(
                    .constraint("the \(kind.rawValue)s' groups have \(total) threads so far: at most \(Self.maxThreads) in all"),
                    at: path + [AnyCodingKey("threads")])
            }
        }
    }

    /// Group names are unique across readers and writers, are no column name of the kind, and
    /// make no column twice (`read` would make `read_ops_per_s`, a column of every run).
    func checkGroupNames(_ f: Fields) throws {
        let kindColumns = Set(Self.columns.summary.map(\.name))
        var names: [String: String] = [:]
        var made: [String: String] = [:]
        for (path, _, role) in groupPaths(f) {
            guard let name = role.name else { continue }
            let at = path + [AnyCodingKey("name")]
            let written = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().dropFirst()
            if let other = names[name] {
                throw SchemaViolation(.invalid("group name '\(name)' is already used by \(other): group names are unique"), at: at)
            }
            if kindColumns.contains(name) {
                throw SchemaViolation(
                    .invalid("'\(name)' is a summary column of every run: choose a group name that is not one"), at: at)
            }
            for column in Self.groupColumns(name: name, role: role).map(\.name) {
                if kindColumns.contains(column) {
                    throw SchemaViolation(
                        .invalid("group '\(name)' would make the column '\(column)', a summary column of every run: choose another name"),
                        at: at)
                }
                if let other = made[column] {
                    throw SchemaViolation(
                        .invalid("group '\(name)' would make the column '\(column)', which group \(other) makes too: choose another name"),
                        at: at)
                }
                made[column] = "'\(name)'"
            }
            names[name] = String(written)
        }
    }
}
