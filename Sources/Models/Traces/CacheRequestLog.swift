/// The requests a bounded cache saw, in order: each request's key, size and virtual time, for
/// replaying the stream later (``CacheReplay``, ``LRUStackDistances``, ``OptimalPolicy``).
///
/// Keys are numbered 1, 2, 3… in order of first request, so the numbers depend only on the stream
/// (never on a process's hash seed or an object's address) and the same run logs the same trace.
/// The models that own a bounded cache (``ControllerCache``, the view factory's view cache, the
/// drawing store's memory tier) call ``record(_:size:time:)`` once per request when given a log.
public final class CacheRequestLog {
    /// One request.
    public struct Request: Equatable, Sendable {
        /// Virtual seconds since the run started.
        public var time: Double
        /// The key's number, from 1 in order of first request.
        public var key: UInt64
        /// Bytes, or 1 where the cache counts objects.
        public var size: Int

        public init(time: Double, key: UInt64, size: Int) {
            self.time = time
            self.key = key
            self.size = size
        }
    }

    /// The requests, in order.
    @exclusivity(unchecked) public private(set) var requests: [Request] = []
    @exclusivity(unchecked) private var numbers: [AnyHashable: UInt64] = [:]

    /// Creates an empty log.
    public init() {}

    /// The number of distinct keys logged.
    public var distinctKeys: Int { numbers.count }

    /// The keys requested, in order.
    public var keys: [UInt64] { requests.map(\.key) }

    /// Called with each request's index in ``requests`` as it is logged, before the cache serves it
    /// (how ``OptimalPolicy/init(future:following:)`` knows where the stream is).
    @exclusivity(unchecked) public var onRequest: ((Int) -> Void)?
    /// Called by ``touch(_:)`` with the key's number and the index of the last request logged.
    @exclusivity(unchecked) public var onTouch: ((UInt64, Int) -> Void)?

    /// Logs a request of `key`, to be served next, and returns its index in ``requests``.
    /// - Complexity: O(1) amortised: one hash lookup.
    @discardableResult
    public func record<Key: Hashable>(_ key: Key, size: Int, time: Double) -> Int {
        requests.append(Request(time: time, key: number(of: key), size: size))
        onRequest?(requests.count - 1)
        return requests.count - 1
    }

    /// Sets the size of a logged request (a drawing's bytes are known once it is drawn).
    public func setSize(_ size: Int, ofRequest index: Int) {
        guard requests.indices.contains(index) else { return }
        requests[index].size = size
    }

    /// Notes that the cache is about to insert or re-cost `key` outside any request (a
    /// repopulation, a manual removal of one controller): not logged as a request, only passed to
    /// ``onTouch``.
    public func touch<Key: Hashable>(_ key: Key) {
        guard let onTouch, let known = numbers[AnyHashable(key)] else { return }
        onTouch(known, requests.count - 1)
    }

    private func number<Key: Hashable>(of key: Key) -> UInt64 {
        let wrapped = AnyHashable(key)
        if let known = numbers[wrapped] { return known }
        let number = UInt64(numbers.count + 1)
        numbers[wrapped] = number
        return number
    }

    /// The header line of ``csv()``.
    public static let csvHeader = "time,key,size"

    /// The log as CSV: the header `time,key,size`, then one line per request (time in seconds).
    /// - Complexity: O(*n*) for *n* requests.
    public func csv() -> String { Self.csv(requests) }

    /// `requests` as CSV, as ``csv()`` writes them.
    /// - Complexity: O(*n*) for *n* requests.
    public static func csv(_ requests: [Request]) -> String {
        var text = csvHeader + "\n"
        text.reserveCapacity(requests.count * 16)
        for request in requests {
            text += "\(request.time),\(request.key),\(request.size)\n"
        }
        return text
    }
}
