import Foundation

/// `workbench device import`: a device profile made from what Instruments measured on the
/// device. Each signpost name's cost is the median duration of its intervals (read from
/// ``SignpostExport``s); a sizes CSV (``DeviceImport/readBytesCSV(_:file:)``) fills `bytes:`.
///
/// The profile is written as YAML text (``yaml``) that ``DeviceProfile`` loads: a comment
/// naming where it came from, `name:` when given, `costs:` with each name's spread in a comment
/// beside it, and `bytes:`. The names are not checked here (the import does not know the
/// scenario): the scenario that names the profile checks them when it loads, or
/// ``check(_:against:shownAs:)`` does so before the profile is written.
public struct DeviceImport: Sendable {
    /// One name's intervals: how many and their spread, in nanoseconds.
    public struct Spread: Equatable, Sendable {
        public var count: Int
        public var min: Double
        public var p25: Double
        public var median: Double
        public var p75: Double
        public var max: Double

        /// The spread of `durations` (at least one): quartiles by linear interpolation between
        /// the closest ranks (the median of an even count is the mean of the middle two).
        public init(_ durations: [Int64]) {
            let sorted = durations.sorted().map(Double.init)
            func quantile(_ q: Double) -> Double {
                let position = q * Double(sorted.count - 1)
                let lower = Int(position.rounded(.down))
                let upper = Swift.min(lower + 1, sorted.count - 1)
                return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
            }
            count = sorted.count
            min = sorted.first ?? 0
            p25 = quantile(0.25)
            median = quantile(0.5)
            p75 = quantile(0.75)
            max = sorted.last ?? 0
        }
    }

    /// One named size from the sizes CSV: the bytes and the text they were written as.
    public struct Size: Equatable, Sendable {
        public var name: String
        public var bytes: Int
        public var text: String
    }

    /// The device's name (`--name`), nil when not given.
    public var name: String?
    /// The exports the intervals were read from, as given.
    public var sources: [String]
    /// Per signpost name, in order of first appearance: its intervals' spread.
    public var costs: [(name: String, spread: Spread)]
    /// The sizes, in the CSV's order.
    public var bytes: [Size]
    /// Intervals skipped because their name or duration was empty.
    public var skipped: Int

    /// The profile from the intervals of `exports` (named `sources`) and the sizes `bytes`.
    /// - Throws: a ``ScenarioError`` when no interval was read, or a median is above the
    ///   largest cost a profile accepts (``DeviceProfile/maxCost``).
    public init(
        name: String?, sources: [String], exports: [SignpostExport], bytes: [Size] = []
    ) throws(ScenarioError) {
        var order: [String] = []
        var durations: [String: [Int64]] = [:]
        for export in exports {
            for interval in export.intervals {
                if durations[interval.name] == nil { order.append(interval.name) }
                durations[interval.name, default: []].append(interval.nanoseconds)
            }
        }
        let first = sources.first ?? "-"
        guard !order.isEmpty else {
            throw ScenarioError(
                file: first, line: 0, column: 0, keyPath: "",
                message: "no os_signpost intervals with a name and a duration in \(sources.joined(separator: ", "))")
        }
        self.name = name
        self.sources = sources
        self.costs = order.map { ($0, Spread(durations[$0] ?? [])) }
        self.bytes = bytes
        self.skipped = exports.reduce(0) { $0 + $1.skipped }
        for (name, spread) in costs where spread.median / 1e9 > DeviceProfile.maxCost {
            throw ScenarioError(
                file: first, line: 0, column: 0, keyPath: "",
                message:
                    "signpost '\(name)': its median duration \(Self.milliseconds(spread.median)) is above the \(formatNumber(DeviceProfile.maxCost)) s a device cost may be"
            )
        }
    }

    // MARK: The profile's text

    /// The profile as YAML, ready to write.
    public var yaml: String {
        var lines = [
            "# A device profile made by `workbench device import` from Instruments' os_signpost intervals",
            "# (xctrace export): \(sources.joined(separator: ", ")).",
            "# Each cost is the median duration of the name's intervals; the comment beside it gives how",
            "# many there were and their spread. Each name must match a cell, header/footer or detail type,",
            "# a navigation section or view, or a drawn view of the scenario that names this profile",
            "# (`device: <this file>`): a name that matches nothing is an error when the scenario loads.",
        ]
        if skipped > 0 {
            lines.append("# \(skipped) interval\(skipped == 1 ? "" : "s") without a name or a duration (not ended) skipped.")
        }
        if let name { lines.append("name: \(Self.scalar(name))") }
        lines.append("costs:")
        let keys = costs.map { "  \(Self.scalar($0.name)): \(Self.milliseconds($0.spread.median))" }
        let width = keys.map(\.count).max() ?? 0
        for (key, (_, spread)) in zip(keys, costs) {
            let pad = String(repeating: " ", count: width - key.count)
            let counted = spread.count == 1 ? "1 interval" : "\(spread.count) intervals"
            let ms = Self.milliseconds
            lines.append(
                "\(key)\(pad)  # \(counted): min \(ms(spread.min)), p25 \(ms(spread.p25)), p75 \(ms(spread.p75)), max \(ms(spread.max))"
            )
        }
        if !bytes.isEmpty {
            lines.append("bytes:")
            for size in bytes { lines.append("  \(Self.scalar(size.name)): \(size.text)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `nanoseconds` as milliseconds to the nearest nanosecond: `2.5ms`, `0.000125ms`, `12ms`.
    public static func milliseconds(_ nanoseconds: Double) -> String {
        let whole = Int64(nanoseconds.rounded())
        let integer = whole / 1_000_000
        var fraction = String(whole % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(integer)ms" : "\(integer).\(fraction)ms"
    }

    /// `text` as a YAML scalar: plain when it reads back as the same string, else double-quoted.
    static func scalar(_ text: String) -> String {
        let plain =
            text.first.map { $0.isASCII && $0.isLetter } == true
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-. ".contains($0)) } && text.last != " "
            && !text.contains("  ")
            && !["true", "false", "yes", "no", "on", "off", "null", "y", "n"].contains(text.lowercased())
        if plain { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    // MARK: The sizes CSV

    /// Reads a sizes CSV: a header line `type,bytes`, then one `name,size` line per name, the
    /// size a byte count (`122880`) or a number with a unit (`120KB`, `1.5MB`, `2GB`, `512B`),
    /// from 0 to 16GB. Blank lines and lines starting with `#` are skipped. A bad line (a
    /// missing or extra field, an empty name, a name given twice, a size that is not a byte
    /// count) is an error at its `file:line:column`.
    public static func readBytesCSV(_ text: String, file: String) throws(ScenarioError) -> [Size] {
        var sizes: [Size] = []
        var header = false
        var lineNumber = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            func fail(_ column: Int, _ message: String) -> ScenarioError {
                ScenarioError(file: file, line: lineNumber, column: column, keyPath: "", message: message)
            }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            // Where each field starts, 1-based, counted in characters.
            var columns: [Int] = []
            var next = 1
            for field in fields {
                columns.append(next)
                next += field.count + 1
            }
            let values = fields.map { $0.trimmingCharacters(in: .whitespaces) }
            if !header {
                guard values.map({ $0.lowercased() }) == ["type", "bytes"] else {
                    throw fail(1, "expected the header line 'type,bytes', found '\(Self.shortened(String(line)))'")
                }
                header = true
                continue
            }
            guard values.count == 2 else {
                throw fail(
                    values.count > 2 ? columns[2] : 1,
                    "expected 'type,bytes' (2 fields), found \(values.count) field\(values.count == 1 ? "" : "s")")
            }
            let (name, size) = (values[0], values[1])
            guard !name.isEmpty else {
                throw fail(columns[0], "empty type (expected the name of a cell or detail type, a section, a view)")
            }
            guard !sizes.contains(where: { $0.name == name }) else {
                throw fail(columns[0], "type '\(Self.shortened(name))' is given twice")
            }
            guard let bytes = ByteCount.parse(size), (0...DeviceProfile.maxBytes).contains(bytes) else {
                throw fail(
                    columns[1],
                    "size '\(Self.shortened(size))' of '\(Self.shortened(name))' is not a byte count from 0 to 16GB (expected e.g. 122880, 120KB or 1.5MB)"
                )
            }
            sizes.append(Size(name: name, bytes: bytes, text: Int(size) != nil ? String(bytes) : size))
        }
        guard header else {
            throw ScenarioError(
                file: file, line: 1, column: 1, keyPath: "", message: "empty sizes CSV (expected the header line 'type,bytes')")
        }
        return sizes
    }

    /// At most 60 characters of `text`, as errors quote a value.
    static func shortened(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(60)) + "…" : text
    }

    // MARK: Checking the names against a scenario

    /// Loads `scenario` (every sweep point) with its `device:` set to the profile `yaml`, so that
    /// every name must match something there; an error in the profile names it `shownAs` (the
    /// file it is about to be written to).
    public static func check(_ yaml: String, against scenario: URL, shownAs: String) throws(ScenarioError) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "workbench-device-import-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))",
                isDirectory: true)
        let profile = directory.appendingPathComponent("profile.yaml")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try yaml.write(to: profile, atomically: false, encoding: .utf8)
        } catch {
            throw ScenarioError(
                file: shownAs, line: 0, column: 0, keyPath: "",
                message: "cannot write a temporary copy to check against the scenario: \(error.localizedDescription)")
        }
        let option = "--scenario \(scenario.relativePath)"
        let override = ScenarioOverride(option: option, path: "device", value: scalar(profile.path))
        do {
            _ = try ScenarioLoader.loadPlan(contentsOf: scenario, overrides: [override])
        } catch {
            var shown = error
            if shown.file == profile.path { shown.file = shownAs }
            shown.message = shown.message.replacingOccurrences(of: profile.path, with: shownAs)
            throw shown
        }
    }
}

extension ByteCount {
    /// The bytes `text` states: a whole number (`122880`) or a decimal number with a unit
    /// (`120KB`, `1.5MB`, `2GB`, `512B`; 1KB = 1024 bytes); nil when it is neither, negative,
    /// or above ``maximum``.
    static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = Int(trimmed) { return number >= 0 && number <= maximum ? number : nil }
        let units: [(String, Int)] = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10), ("B", 1)]
        for (suffix, scale) in units where trimmed.hasSuffix(suffix) {
            guard let value = DecimalText.parse(trimmed.dropLast(suffix.count)), value >= 0,
                value * Double(scale) <= Double(maximum)
            else { return nil }
            return Int(saturating: value * Double(scale))
        }
        return nil
    }
}
