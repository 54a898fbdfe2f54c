/// The transition an intent asks for: Manticore's `ANIMATION_*` constants and the UIView
/// transition options.
public enum AnimationStyle: String, CaseIterable, Sendable {
    /// `ANIMATION_NOTHING`: the new section appears at once.
    case none
    /// `ANIMATION_PUSH`.
    case push
    /// `ANIMATION_POP`, the usual animation of a back.
    case pop
    /// `UIViewAnimationOptionTransitionFlipFromLeft`.
    case flipFromLeft
    /// `UIViewAnimationOptionTransitionFlipFromRight`.
    case flipFromRight
    /// `UIViewAnimationOptionTransitionCurlUp`.
    case curlUp
    /// `UIViewAnimationOptionTransitionCurlDown`.
    case curlDown
    /// `UIViewAnimationOptionTransitionCrossDissolve`.
    case crossDissolve

    /// The transition's length in virtual seconds. Seed: UIViewAnimation transitions run 0.25 s,
    /// `ANIMATION_PUSH` and `ANIMATION_POP` 0.5 s, `ANIMATION_NOTHING` 0.
    /// - Complexity: O(1)
    public var duration: Double {
        switch self {
        case .none: return 0
        case .push, .pop: return 0.5
        case .flipFromLeft, .flipFromRight, .curlUp, .curlDown, .crossDissolve: return 0.25
        }
    }
}
