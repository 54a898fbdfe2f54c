/// The look-ahead of the policies that know the future (`optimal`, `belady-size`): each request's
/// next use in a recorded request stream, and where the run is in that stream.
///
/// Each insertion and each access is taken as the next request of the stream (``advance()``),
/// unless the look-ahead follows a ``CacheRequestLog``: the store may then make extra calls for a
/// request (a re-cost after a hit, a copy from another tier) or insert outside requests (a
/// repopulation, announced by ``CacheRequestLog/touch(_:)``) without losing its place.
final class RequestLookAhead {
    /// For each request, the index of the next request of the same identity (`Int.max`: none).
    private let nextUse: [Int]
    /// The request stream, kept only when following a log (for touches).
    private let future: [UInt64]
    /// The next use the request being served has, when a log drives the look-ahead (nil: the cursor).
    @exclusivity(unchecked) private var expected: Int?
    @exclusivity(unchecked) private var cursor = 0
    /// The index of the request being served (-1 before the first).
    @exclusivity(unchecked) private(set) var current = -1

    /// The look-ahead of `future` (identities in request order), following `log` if given (the
    /// log must number the keys as the recording did).
    /// - Complexity: O(*n*) for *n* requests.
    init(future: [UInt64], following log: CacheRequestLog? = nil) {
        var next = Array(repeating: Int.max, count: future.count)
        var seen: [UInt64: Int] = [:]
        for index in future.indices.reversed() {
            next[index] = seen.updateValue(index, forKey: future[index]) ?? Int.max
        }
        nextUse = next
        guard let log else {
            self.future = []
            return
        }
        self.future = future
        log.onRequest = { [weak self] index in
            guard let self else { return }
            current = index
            expected = index < nextUse.count ? nextUse[index] : Int.max
        }
        log.onTouch = { [weak self] key, last in
            guard let self else { return }
            current = last
            expected = nextRequest(of: key, after: last)
        }
    }

    /// The next use of the request being served (`Int.max`: never), moving on to the next request
    /// unless a log sets the position.
    /// - Complexity: O(1)
    @inline(__always)
    func advance() -> Int {
        if let expected { return expected }
        defer { cursor += 1 }
        current = cursor
        return cursor < nextUse.count ? nextUse[cursor] : Int.max
    }

    /// The index of the first request of `key` after `index` (`Int.max`: none).
    /// - Complexity: O(*n*) at worst (a touch is rare: a repopulation).
    private func nextRequest(of key: UInt64, after index: Int) -> Int {
        var position = max(0, index + 1)
        while position < future.count {
            if future[position] == key { return position }
            position += 1
        }
        return Int.max
    }
}
