/// One request of a trace: when it happened, which object, and the object's size.
public struct TraceRequest: Equatable, Sendable {
    /// The request's time in the trace's own (virtual) seconds.
    public var time: Double
    /// The object's 64-bit identity.
    public var key: UInt64
    /// The object's size in bytes (1 where a trace gives none).
    public var size: UInt32

    /// Creates a request.
    public init(time: Double, key: UInt64, size: UInt32 = 1) {
        self.time = time
        self.key = key
        self.size = size
    }
}
