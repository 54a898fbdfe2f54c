import Foundation
import Yams

/// `device:` — what the expensive objects of a scenario cost on one device, as the team measured
/// them there (Instruments): a nib's instantiation per cell, header, footer or detail type; a
/// controller's creation per navigation section or view; a drawing's rasterisation per drawn view.
///
/// Written inline (`device: {name: iPhone 12, costs: {FeedCell: 2.4ms, avatar: 1.1ms}}`) or as
/// the path of a profile file, relative to the scenario file (`device: devices/iphone-12.yaml`),
/// whose top-level keys are the same `name` and `costs`. Every name must match something in the
/// scenario (a typo is an error at its position, in the file it is written in); an inline `cost:`
/// on a nib or a drawn view overrides the profile's cost of that name.
public struct DeviceProfile: DeclaredMapping, Equatable, Sendable {
    /// The device's name, for the reader (`iPhone 12`); nil when the profile gives none.
    public var name: String?
    /// The named costs, in the order written.
    public var costs: [DeviceCost]
    /// The named memory sizes, in the order written: what one object of the name holds on the
    /// device (a controller with its view tree, as Instruments' Allocations shows it there).
    public var bytes: [DeviceBytes] = []
    /// The screen's scale (pixels per point: 2 or 3 on a phone), for a drawing scenario: a drawn
    /// view whose size is not stated holds width × height × 4 × scale² bytes per cached drawing
    /// (a 32-bit bitmap at the screen's resolution). Nil when the profile gives none.
    public var scale: Double?
    /// The profile file as the scenario names it; nil when the profile is written inline.
    public var file: String?
    /// Where `scale:` is written in a profile file, for the error that refuses it.
    var scaleLocation: DeviceCost.Location?

    public init(name: String? = nil, costs: [DeviceCost], bytes: [DeviceBytes] = [], scale: Double? = nil, file: String? = nil) {
        self.name = name
        self.costs = costs
        self.bytes = bytes
        self.scale = scale
        self.file = file
    }

    /// Equal names, costs and sizes: where the profile was read from does not count
    /// (`scenario.yaml` carries a file's profile inline, and loads to the same scenario).
    public static func == (lhs: DeviceProfile, rhs: DeviceProfile) -> Bool {
        lhs.name == rhs.name && lhs.costs == rhs.costs && lhs.bytes == rhs.bytes && lhs.scale == rhs.scale
    }

    /// The stated size of `name`, nil when the profile names nothing so.
    public func bytes(of name: String) -> Int? {
        bytes.first { $0.name == name }?.bytes
    }

    /// What an object named `name` holds on the device: the inline `bytes:` if given (it
    /// overrides the profile), else the profile's size of that name, else nothing.
    public static func resolveBytes(_ inline: Int?, named name: String, in profile: DeviceProfile?) -> Int? {
        inline ?? profile?.bytes(of: name)
    }

    /// The largest size accepted: 16 GB, more than any one object of an app holds.
    public static let maxBytes = 1 << 34

    /// The screen scales accepted: 1 to 4 pixels per point.
    public static let scales = 1.0...4.0

    /// What one cached drawing of a `width` × `height` point view holds on the device: its inline
    /// `bytes:` if given, else the profile's size of its name, else a 32-bit bitmap at the
    /// profile's `scale:` (width × height × 4 × scale², pixels rounded up), else nothing.
    public static func resolveDrawingBytes(
        _ inline: Int?, named name: String, width: Double, height: Double, in profile: DeviceProfile?
    ) -> Int? {
        if let stated = resolveBytes(inline, named: name, in: profile) { return stated }
        guard let scale = profile?.scale else { return nil }
        let pixels = (width * scale).rounded(.up) * (height * scale).rounded(.up)
        return Int(saturating: pixels * 4)
    }

    /// The largest cost accepted: 10 s, as for a nib's `cost:`.
    public static let maxCost = NibSpec.maxCost

    public static var blank: DeviceProfile { DeviceProfile(costs: []) }

    /// The stated cost of `name`, nil when the profile names nothing so.
    public func cost(of name: String) -> Seconds? {
        costs.first { $0.name == name }?.cost
    }

    /// What a run charges for an object named `name`: the inline `cost:` if given (it overrides
    /// the profile), else the profile's cost of that name, else nothing.
    public static func resolve(_ inline: Seconds?, named name: String, in profile: DeviceProfile?) -> Seconds? {
        inline ?? profile?.cost(of: name)
    }

    public static var schema: Schema<DeviceProfile> {
        let requirement = "must be >= 0 and at most \(formatNumber(maxCost))s"
        return Schema([
            .optional("name", \.name, absent: "unnamed", "The device the costs were measured on.", example: "iPhone 12"),
            .optional(
                "scale", \.scale, absent: "no derived sizes: only stated bytes: count",
                "The screen's scale, pixels per point (2 or 3 on a phone); drawing scenarios only: a drawn view whose size bytes: does not state holds width × height × 4 × scale² bytes per cached drawing.",
                example: "3", .must("must be between 1 and 4") { scales.contains($0) }),
            .custom(
                [
                    .key(
                        "costs", [String: Seconds].self, .optional("no device costs: only the inline cost: keys are charged"),
                        "Per name (a cell, header, footer or detail type; a navigation section or view; a drawn view): what one instantiation, creation or fresh draw costs on the device. costs, bytes or both.",
                        example: "{FeedCell: 2.4ms, avatar: 1.1ms}",
                        rules: ["must name at least one cost", "each \(requirement)", "each name matches something in the scenario"]),
                    .key(
                        "bytes", [String: ByteCount].self, .optional("no device sizes: the device_bytes_held_* columns are 0"),
                        "Per cell or detail type of a scrolling table, per section or view of a navigation: what one controller with its view tree holds on the device (Instruments' Allocations there), in the device_bytes_held_* columns. costs, bytes or both.",
                        example: "{FeedCell: 180KB, detail: 1.2MB}",
                        rules: [
                            "must name at least one size", "each a byte count >= 0, at most 16GB",
                            "each name matches something in the scenario",
                        ]),
                ],
                decode: { profile, f in
                    let key = AnyCodingKey("costs")
                    let sizesKey = AnyCodingKey("bytes")
                    guard f.container.contains(key) || f.container.contains(sizesKey) || f.container.contains(AnyCodingKey("scale"))
                    else {
                        throw SchemaViolation.missingKey("costs", in: f.codingPath)
                    }
                    profile.costs = []
                    if f.container.contains(key) {
                        let costs = try f.container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
                        for name in costs.allKeys {
                            let cost = try costs.decode(Seconds.self, forKey: name)
                            if !(cost.value >= 0 && cost.value <= maxCost) {
                                throw SchemaViolation(.constraint(requirement), at: f.path("costs") + [name])
                            }
                            profile.costs.append(DeviceCost(name: name.stringValue, cost: cost))
                        }
                        try f.check("costs", !profile.costs.isEmpty, "must name at least one cost")
                    }
                    profile.bytes = []
                    if f.container.contains(sizesKey) {
                        let sizes = try f.container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: sizesKey)
                        for name in sizes.allKeys {
                            let size = try sizes.decode(ByteCount.self, forKey: name)
                            if size.bytes < 0 || size.bytes > maxBytes {
                                throw SchemaViolation(
                                    .constraint("must be >= 0 and at most \(maxBytes >> 30)GB"), at: f.path("bytes") + [name])
                            }
                            profile.bytes.append(DeviceBytes(name: name.stringValue, bytes: size.bytes))
                        }
                        try f.check("bytes", !profile.bytes.isEmpty, "must name at least one size")
                    }
                },
                encode: { profile, container in
                    if !profile.costs.isEmpty {
                        var costs = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("costs"))
                        for entry in profile.costs { try costs.encode(entry.cost, for: entry.name) }
                    }
                    if !profile.bytes.isEmpty {
                        var sizes = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("bytes"))
                        for entry in profile.bytes { try sizes.encode(entry.bytes, for: entry.name) }
                    }
                }),
        ])
    }

    /// A mapping as declared, or a string: the path of a profile file, read and checked here with
    /// its own `file:line:column` errors.
    public init(from decoder: Decoder) throws {
        if let container = try? decoder.singleValueContainer(), !container.decodeNil(),
            let path = try? container.decode(String.self)
        {
            self = try Self.load(path, named: decoder)
        } else {
            self = try Self.schema.decode(decoder, into: Self.blank)
        }
    }

    /// Reads the profile file `path` (relative to the scenario file the decoder reads).
    private static func load(_ path: String, named decoder: Decoder) throws -> DeviceProfile {
        if path.isEmpty { throw SchemaViolation(.invalid("expected a device profile's path or a mapping"), at: decoder.codingPath) }
        let (resolved, text) = try ScenarioLoader.readNamedFile(path, decoder: decoder, noun: "device profile")
        try YAMLBounds.check(text, file: resolved)
        let root: Node
        do {
            guard let composed = try Yams.compose(yaml: text) else {
                throw ScenarioError(
                    file: resolved, line: 1, column: 1, keyPath: "", message: "empty device profile (expected a mapping with costs)")
            }
            root = composed
        } catch let error as YamlError {
            throw ScenarioLoader.syntaxError(error, file: resolved)
        }
        var profile = try ScenarioLoader.decode(ProfileFile.self, from: root, file: resolved).profile
        profile.file = path
        let locator = NodeLocator(root: root, file: resolved)
        func location(_ key: String, _ name: String) -> DeviceCost.Location {
            let mark = locator.keyNode(at: [AnyCodingKey(key), AnyCodingKey(name)])?.mark
            return DeviceCost.Location(file: resolved, line: max(mark?.line ?? 1, 1), column: max(mark?.column ?? 1, 1))
        }
        for index in profile.costs.indices { profile.costs[index].location = location("costs", profile.costs[index].name) }
        for index in profile.bytes.indices { profile.bytes[index].location = location("bytes", profile.bytes[index].name) }
        if profile.scale != nil {
            let mark = locator.keyNode(at: [AnyCodingKey("scale")])?.mark
            profile.scaleLocation = DeviceCost.Location(file: resolved, line: max(mark?.line ?? 1, 1), column: max(mark?.column ?? 1, 1))
        }
        return profile
    }

    /// A profile file's contents: the mapping only (a file does not name another file).
    private struct ProfileFile: Decodable {
        let profile: DeviceProfile

        init(from decoder: Decoder) throws {
            profile = try DeviceProfile.schema.decode(decoder, into: DeviceProfile.blank)
        }
    }

    /// Refuses a cost whose name matches none of `known` (the scenario's names): at the name in
    /// the profile file, or at the inline `device.costs` key. `kinds` says what a name may be.
    /// The sizes' names are checked against `sized` (nil: against `known`; an empty list: the
    /// kind takes no sizes). A `scale:` is refused unless the kind derives sizes from it
    /// (`takesScale`).
    func checkNames(
        _ known: [String], kinds: String, fields f: Fields, key: String = "device", sized: [String]? = nil, takesScale: Bool = false
    ) throws {
        if scale != nil, !takesScale {
            let text = "scale: only a drawing scenario derives sizes from the screen's scale; state bytes: per name instead"
            if let location = scaleLocation {
                throw ScenarioError(file: location.file, line: location.line, column: location.column, keyPath: "scale", message: text)
            }
            throw SchemaViolation(.invalid(text), at: f.path(key) + [AnyCodingKey("scale")], target: .key)
        }
        let entries =
            costs.map { (group: "costs", noun: "cost", name: $0.name, location: $0.location, known: known) }
            + bytes.map { (group: "bytes", noun: "size", name: $0.name, location: $0.location, known: sized ?? known) }
        for entry in entries where !entry.known.contains(entry.name) {
            let expected = entry.known.isEmpty ? "none: this kind states no sizes" : entry.known.joined(separator: ", ")
            let text = "device \(entry.noun) '\(entry.name)' matches nothing in the scenario (expected \(kinds): \(expected))"
            if let location = entry.location {
                throw ScenarioError(
                    file: location.file, line: location.line, column: location.column, keyPath: "\(entry.group).\(entry.name)",
                    message: "\(entry.group).\(entry.name): \(text)")
            }
            throw SchemaViolation(
                .invalid(text), at: f.path(key) + [AnyCodingKey(entry.group), AnyCodingKey(entry.name)], target: .key)
        }
    }
}

extension DeviceProfile: SchemaDescribed {
    static var schemaDescription: String { "a mapping {name, costs, bytes, scale}, or the path of a device profile file" }
}

/// One named size of a device profile: what one object of the name holds on the device.
public struct DeviceBytes: Equatable, Sendable {
    /// The cell or detail type it sizes.
    public var name: String
    public var bytes: Int
    /// Set for a size read from a profile file.
    var location: DeviceCost.Location?

    public init(name: String, bytes: Int) {
        self.name = name
        self.bytes = bytes
    }

    /// Equal names and sizes (where they are written does not count).
    public static func == (lhs: DeviceBytes, rhs: DeviceBytes) -> Bool {
        lhs.name == rhs.name && lhs.bytes == rhs.bytes
    }
}

/// One named cost of a device profile.
public struct DeviceCost: Equatable, Sendable {
    /// Where a name is written in a profile file, for the error that refuses it.
    struct Location: Sendable {
        let file: String
        let line: Int
        let column: Int
    }

    /// The cell, header, footer or detail type, navigation section or view, or drawn view it prices.
    public var name: String
    public var cost: Seconds
    /// Set for a cost read from a profile file (an inline one is found by its key path).
    var location: Location?

    public init(name: String, cost: Seconds) {
        self.name = name
        self.cost = cost
    }

    /// Equal names and costs (where they are written does not count).
    public static func == (lhs: DeviceCost, rhs: DeviceCost) -> Bool {
        lhs.name == rhs.name && lhs.cost == rhs.cost
    }
}

extension SchemaField {
    /// The `device:` key of a kind whose objects can be priced (`kinds` says by what names).
    static func device(_ path: WritableKeyPath<Root, DeviceProfile?>, kinds: String) -> SchemaField {
        .optional(
            "device", path, absent: "only the inline cost: keys are charged",
            "Named costs measured on a device, per \(kinds): inline {name, costs}, or a profile file's path relative to this file. An inline cost: overrides the profile.",
            example: "devices/iphone-12.yaml")
    }

    /// The rule that every name of the `device:` profile matches one of `names` (`kinds`), and
    /// every size one of `sized` (none when the kind states no sizes).
    static func deviceNames(
        _ path: KeyPath<Root, DeviceProfile?>, kinds: String, sized: ((Root) -> [String])? = nil, takesScale: Bool = false,
        _ names: @escaping (Root) -> [String]
    ) -> SchemaField {
        .rule("each device cost names a \(kinds) of this scenario") { root, f in
            try root[keyPath: path]?.checkNames(
                names(root), kinds: kinds, fields: f, sized: sized.map { $0(root) } ?? [], takesScale: takesScale)
        }
    }
}

extension SchemaField {
    /// An object's inline `bytes:` (a nib's, a drawn view's): what one of it holds on the device,
    /// a byte count between 0 and ``DeviceProfile/maxBytes``; it overrides the profile's size.
    static func deviceBytes(_ path: WritableKeyPath<Root, Int?>, absent: String, _ summary: String, example: String) -> SchemaField {
        let requirement = "must be >= 0 and at most \(DeviceProfile.maxBytes >> 30)GB"
        return .custom(
            [.key("bytes", ByteCount.self, .optional(absent), summary, example: example, rules: [requirement])],
            decode: { root, f in
                let size: ByteCount? = try f.optional("bytes")
                root[keyPath: path] = size?.bytes
                try f.check("bytes", size.map { (0...DeviceProfile.maxBytes).contains($0.bytes) } ?? true, requirement)
            },
            encode: { root, container in
                if let bytes = root[keyPath: path] { try container.encode(bytes, for: "bytes") }
            })
    }
}
