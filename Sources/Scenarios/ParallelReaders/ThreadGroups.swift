// `readers:` and `writers:` as one mapping (one group, as the kind always read them) or as a list
// of named groups, each with its own threads, loop, mix, bursts, batch and key distribution.

/// Decodes `readers:`: one mapping, or a list of named groups; readers only read.
struct ReaderGroupsSpec: Decodable {
    let groups: [ThreadRole]
    init(from decoder: Decoder) throws { groups = try ThreadRole.decodeGroups(decoder, kind: .reader) }
}

/// Decodes `writers:`: one mapping, or a list of named groups.
struct WriterGroupsSpec: Decodable {
    let groups: [ThreadRole]
    init(from decoder: Decoder) throws { groups = try ThreadRole.decodeGroups(decoder, kind: .writer) }
}

extension ThreadRole {
    /// The longest group name.
    static let maxNameLength = 32

    /// What `readers:` and `writers:` are, in the format reference.
    static let groupsDescription = "a mapping, or a list of mappings (named groups)"

    /// A group name is a safe identifier: it begins the group's columns (`ui_get_ops`).
    static func isSafeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter, name.count <= maxNameLength else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// One mapping (a group with no name), or a non-empty list of mappings, each a named group.
    static func decodeGroups(_ decoder: Decoder, kind: Kind) throws -> [ThreadRole] {
        guard var list = try? decoder.unkeyedContainer() else {
            return [try schema(kind: kind).decode(decoder, into: .blank)]
        }
        let block = kind == .writer ? "writers" : "readers"
        if list.isAtEnd {
            throw SchemaViolation(
                .invalid("must list at least one group, e.g. [{name: ui, mix: {get: 100}}], or be one mapping"),
                at: decoder.codingPath)
        }
        var groups: [ThreadRole] = []
        while !list.isAtEnd {
            let element = try list.superDecoder()
            if (try? element.container(keyedBy: AnyCodingKey.self)) == nil {
                throw SchemaViolation(.expected("a mapping (one group of \(block))"), at: element.codingPath)
            }
            groups.append(try schema(kind: kind, grouped: true).decode(element, into: .blank))
        }
        return groups
    }

    /// Writes one unnamed group as a mapping, named groups as a list; nothing for no group.
    static func encode(groups: [ThreadRole], for key: String, into container: inout KeyedEncodingContainer<AnyCodingKey>) throws {
        guard let first = groups.first else { return }
        if groups.count == 1, first.name == nil {
            try container.encode(first, for: key)
        } else {
            try container.encode(groups, for: key)
        }
    }

    /// `name:` — required in a list of groups, refused in a single mapping.
    static func nameField(block: String, grouped: Bool) -> SchemaField<ThreadRole> {
        .custom(
            [
                .key(
                    "name", String.self, .optional("required in a list of groups; a single mapping has none"),
                    "The group's name, in a list of groups: its summary columns begin with it (ui_get_ops, ui_get_p99_ns).",
                    example: "ui",
                    rules: [
                        "only in a list of groups",
                        "letters, digits and underscores, beginning with a letter; at most \(maxNameLength) characters",
                    ])
            ],
            decode: { role, f in
                let name: String? = try f.optional("name")
                guard grouped else {
                    if name != nil {
                        throw SchemaViolation(
                            .invalid(
                                "a single \(block) mapping has no name: write \(block) as a list of groups, each with its name, to name them"),
                            at: f.path("name"), target: .key)
                    }
                    return
                }
                guard let name else { throw SchemaViolation.missingKey("name", in: f.codingPath) }
                try f.check(
                    "name", isSafeName(name),
                    "must be letters, digits and underscores, beginning with a letter, at most \(maxNameLength) characters (it begins the group's column names)")
                role.name = name
            },
            encode: { role, container in try container.encodeIfPresent(role.name, for: "name") })
    }

    /// `distribution:` — a group's own key distribution, only in a list of groups.
    static func distributionField(block: String, grouped: Bool) -> SchemaField<ThreadRole> {
        .custom(
            [
                .key(
                    "distribution", KeyDistributionSpec.self, .optional("the scenario's distribution"),
                    "Which keys this group's operations touch, in a list of groups: as the scenario's distribution.",
                    example: "{zipfian: 0.99}", rules: ["only in a list of groups"])
            ],
            decode: { role, f in
                let distribution: KeyDistributionSpec? = try f.optional("distribution")
                if !grouped, distribution != nil {
                    throw SchemaViolation(
                        .invalid(
                            "a single \(block) mapping uses the scenario's distribution: give distribution at the top level, or write \(block) as a list of groups, each with its own"),
                        at: f.path("distribution"), target: .key)
                }
                role.distribution = distribution
            },
            encode: { role, container in try container.encodeIfPresent(role.distribution, for: "distribution") })
    }

    /// The operations its mix names (0% ones included: a sweep of a share cannot change the
    /// columns), in ``StoreOperation`` order.
    var mixOperations: [StoreOperation] {
        StoreOperation.allCases.filter { mix[$0] != nil }
    }
}

extension KeyDoc {
    /// `readers:` or `writers:`: a mapping, or a list of named groups; the reference describes
    /// the mapping once.
    static func groups(_ name: String, _ presence: Presence, _ summary: String) -> KeyDoc {
        KeyDoc(
            name: name, type: ThreadRole.groupsDescription, presence: presence, rules: [], summary: summary, example: nil,
            nested: ThreadRole.self)
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
