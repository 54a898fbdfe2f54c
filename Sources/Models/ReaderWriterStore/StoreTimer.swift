import Dispatch
import Foundation

/// A repeating timer on a dispatch queue, cancelled when cancelled or released.
final class StoreTimer: @unchecked Sendable {
    private let source: DispatchSourceTimer

    /// Starts a timer that runs `handler` on `queue` every `interval` seconds, first one interval
    /// from now.
    /// - Complexity: O(1)
    init(interval: TimeInterval, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeTimerSource(queue: queue)
        let nanoseconds = Int(saturating: min(interval * 1e9, Double(Int.max / 2)).rounded())
        source.schedule(
            deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
            leeway: .milliseconds(5))
        source.setEventHandler(handler: handler)
        source.resume()
    }

    /// Stops the timer; a handler already running finishes.
    /// - Complexity: O(1)
    func cancel() {
        source.cancel()
    }

    deinit {
        source.cancel()
    }
}
