/// How a ``DrawingCache`` answered a request.
public enum DrawingOutcome: String, Equatable, Sendable {
    /// From the memory tier.
    case memoryHit
    /// From the disk tier.
    case diskHit
    /// Drawn fresh and stored.
    case drawn
    /// Drawn, then cancelled: nil, nothing stored.
    case cancelled
    /// The routine returned nil: nil, nothing stored.
    case nothingDrawn
}
