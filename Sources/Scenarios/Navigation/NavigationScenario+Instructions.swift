import Report

/// `run --instructions` counts a navigation's work: each transition `transition_*_ns` times (an
/// intent, a back or a rewind through the view model, its view cache and history).
extension NavigationScenario: InstructionCounting {
    public static var countedOperation: CountedOperation {
        CountedOperation(name: "transition", what: "transition") { CountedOperation.recorded("transition", in: $0) }
    }
}
