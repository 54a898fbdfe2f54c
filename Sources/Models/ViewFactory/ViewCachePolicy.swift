/// How a ``ViewModel``'s view cache keeps controllers.
public enum ViewCachePolicy: Equatable, Sendable {
    /// The seed: every controller is cached for the app's lifetime, flushed only by
    /// `clearViewCache()` or a memory warning (everything goes, on-screen controllers included).
    case forever
    /// A ``BoundedStore`` of `capacity` controllers (0: no limit) shedding in `policy` order, with
    /// `inUse` deciding what an eviction does to the on-screen section and view, as in
    /// ``ControllerCache``. Policy `.none` is no cache at all: every visit creates. `parameters`
    /// tune the policies that have them (S3-FIFO's small queue, W-TinyLFU's window).
    case bounded(
        capacity: Int, policy: PolicyName, inUse: InUseMode, seed: UInt64,
        parameters: PolicyParameters = PolicyParameters())
}
