import Report

/// `run --instructions` counts a draw: each request `fresh_draw_*_ns` or `cached_draw_*_ns`
/// times (the cache's lookup, the drawing when it misses, the image drawn into the view).
extension DrawingScenario: InstructionCounting {
    public static var countedOperation: CountedOperation {
        CountedOperation(name: "draw", what: "draw") { CountedOperation.recorded("fresh_draw", "cached_draw", in: $0) }
    }
}
