import Foundation

/// Records what an app does, at its own code points, in the files workbench replays: link it into
/// a debug build, call it where the app scrolls, dequeues a cell, navigates and asks its cache,
/// and write the files when the session ends.
///
/// ```swift
/// let recorder = SessionRecorder()
/// // UIScrollViewDelegate.scrollViewDidScroll, or once per frame from a CADisplayLink:
/// recorder.scrollOffset(scrollView.contentOffset.y)
/// // tableView(_:cellForRowAt:):
/// recorder.cellRequested(type: "product", row: indexPath.row, height: 120)
/// // where the app shows a screen:
/// recorder.intent(section: "home", view: "product")
/// // where the app's cache is asked:
/// recorder.cacheGet(key: url.absoluteString, size: data.count)
/// // at the end (e.g. sceneDidEnterBackground):
/// try recorder.write(to: FileManager.default.temporaryDirectory.appendingPathComponent("session"))
/// ```
///
/// What it writes (only the files it has events for):
///
/// | file | replayed by | header |
/// | --- | --- | --- |
/// | `scroll.csv` | a scrolling table's `scroll: [{recorded: scroll.csv}]` | `t_s,offset` |
/// | `layout.csv` | a scrolling table's `table.layout: layout.csv` | `type,height` |
/// | `navigation.csv` | a navigation's `user: {recorded: navigation.csv}` | `t_s,event,section,view` |
/// | `trace.csv` | a trace's `trace: {path: trace.csv, header: true, columns: {time: 1, key: 2, size: 3}}` | `time,key,size` |
/// | `cache-events.csv` | nothing: what the app's own cache stored and evicted, to read beside the replay | `t_s,event,key,size` |
///
/// Times are seconds from the stream's first event (the trace's from the first lookup). Every call
/// is cheap (an append under a lock) and safe from any thread; nothing is written until
/// ``write(to:)``, which writes each file whole (a temporary name, then renamed). Foundation only:
/// it builds for iOS, macOS and Linux alike.
public final class SessionRecorder: @unchecked Sendable {
    /// What a navigation event was.
    public enum NavigationEvent: String, Sendable {
        case intent, tab, back, rewind
        case deepLink = "deep_link"
    }

    private let lock = NSLock()
    private let clock: @Sendable () -> TimeInterval
    private var scroll: [(time: TimeInterval, offset: Double)] = []
    private var rows: [Int: (type: String, height: Double?)] = [:]
    private var navigation: [(time: TimeInterval, event: NavigationEvent, section: String, view: String)] = []
    private var lookups: [(time: TimeInterval, key: String, size: Int)] = []
    private var cacheEvents: [(time: TimeInterval, event: String, key: String, size: Int)] = []

    /// A recorder whose clock is `clock` (seconds, any origin); by default the system's uptime.
    public init(clock: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }) {
        self.clock = clock
    }

    /// `body` under the lock (`NSLock.withLock` is newer than the iOS versions an app supports).
    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Scrolling

    /// The table's content offset now (points from the top), once per frame while it moves.
    public func scrollOffset(_ offset: Double) {
        let now = clock()
        locked { scroll.append((now, max(0, offset))) }
    }

    /// The table asked for the cell of `row` (rows numbered down the table, from 0): its type (the
    /// reuse identifier) and, if it differs from the type's, its height in points.
    public func cellRequested(type: String, row: Int, height: Double? = nil) {
        guard row >= 0 else { return }
        locked { rows[row] = (type, height) }
    }

    // MARK: Navigation

    /// A screen shown: a section (tab) and a view of it (nil: the section alone).
    public func intent(section: String, view: String? = nil) { navigate(.intent, section, view) }
    /// The user chose a tab.
    public func tab(section: String, view: String? = nil) { navigate(.tab, section, view) }
    /// An intent from outside the app (a notification, a link).
    public func deepLink(section: String, view: String? = nil) { navigate(.deepLink, section, view) }
    /// Back to the previous screen.
    public func back() { navigate(.back, "", nil) }
    /// Back two screens.
    public func rewind() { navigate(.rewind, "", nil) }

    private func navigate(_ event: NavigationEvent, _ section: String, _ view: String?) {
        let now = clock()
        locked { navigation.append((now, event, Self.field(section), Self.field(view ?? ""))) }
    }

    // MARK: The app's cache

    /// The app asked its cache for `key`, an object of `size` bytes (hit or miss alike): one
    /// request of the trace.
    public func cacheGet(key: String, size: Int) {
        let now = clock()
        locked { lookups.append((now, Self.field(key), max(0, size))) }
    }

    /// The app's cache stored `key` (`size` bytes).
    public func cacheSet(key: String, size: Int) { cacheEvent("set", key, size) }

    /// The app's cache evicted `key`.
    public func cacheEvict(key: String, size: Int = 0) { cacheEvent("evict", key, size) }

    private func cacheEvent(_ event: String, _ key: String, _ size: Int) {
        let now = clock()
        locked { cacheEvents.append((now, event, Self.field(key), max(0, size))) }
    }

    // MARK: Writing

    /// Writes the files it has events for into `directory` (created if needed) and returns their
    /// URLs. Rows of the layout never requested take the type of the row above them (the table's
    /// first requested row's type for those before it).
    @discardableResult
    public func write(to directory: URL) throws -> [URL] {
        let files: [(String, String)] = locked {
            var files: [(String, String)] = []
            if let start = scroll.first?.time {
                files.append(
                    ("scroll.csv", "t_s,offset\n" + scroll.map { "\(Self.number($0.time - start)),\(Self.number($0.offset))\n" }.joined()))
            }
            if let last = rows.keys.max(), let first = rows.keys.min(), let firstRow = rows[first] {
                var text = "type,height\n"
                var current = firstRow
                for row in 0...last {
                    if let known = rows[row] { current = known }
                    text += "\(Self.field(current.type)),\(current.height.map(Self.number) ?? "")\n"
                }
                files.append(("layout.csv", text))
            }
            if let start = navigation.first?.time {
                files.append(
                    (
                        "navigation.csv",
                        "t_s,event,section,view\n"
                            + navigation.map { "\(Self.number($0.time - start)),\($0.event.rawValue),\($0.section),\($0.view)\n" }.joined()
                    ))
            }
            if let start = lookups.first?.time {
                files.append(
                    ("trace.csv", "time,key,size\n" + lookups.map { "\(Self.number($0.time - start)),\($0.key),\($0.size)\n" }.joined()))
            }
            if let start = cacheEvents.first?.time {
                files.append(
                    (
                        "cache-events.csv",
                        "t_s,event,key,size\n"
                            + cacheEvents.map { "\(Self.number($0.time - start)),\($0.event),\($0.key),\($0.size)\n" }.joined()
                    ))
            }
            return files
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try files.map { name, text in
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url, options: .atomic)
            return url
        }
    }

    /// A name as a CSV field: commas and line breaks, which the files cannot hold, become `_`.
    static func field(_ text: String) -> String {
        String(text.map { $0 == "," || $0.isNewline ? "_" : $0 })
    }

    /// A number as the files write it: at most microsecond (and 1/1000 point) precision, no
    /// trailing zeros (`0.016`, `120`, `17321.5`).
    static func number(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(format: "%.6f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
