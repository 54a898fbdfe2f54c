/// How many intents a ``ViewModel``'s history stack keeps (MCViewModel's `stackSize`).
public enum HistoryStackSize: Equatable, Sendable {
    /// `STACK_SIZE_DISABLED`: no history; back and rewind always fail. The stack then holds only
    /// the current intent.
    case disabled
    /// `STACK_SIZE_UNLIMITED`: every intent is kept.
    case unlimited
    /// N entries: 1 current + N−1 history; when full, the oldest is dropped before pushing.
    /// N below 1 is taken as 1 (only the current intent: back then always pops to empty).
    case bounded(Int)

    /// The original's integer: 0 (or less) → unlimited, 1 → disabled, N → bounded(N).
    public init(rawSize: Int) {
        switch rawSize {
        case ...0: self = .unlimited
        case 1: self = .disabled
        default: self = .bounded(rawSize)
        }
    }
}
