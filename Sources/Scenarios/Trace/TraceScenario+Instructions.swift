import Report

/// `run --instructions` counts the replay: the policy's work on every counted request (after the
/// warm-up; reading the trace is not counted), so `replay_instructions` is the mean per request.
extension TraceScenario: InstructionCounting {
    public static var countedOperation: CountedOperation {
        CountedOperation(name: "replay", what: "request replayed") { output in
            output.summary["requests"]?.number.map { UInt64(max(0, $0)) } ?? 0
        }
    }
}
