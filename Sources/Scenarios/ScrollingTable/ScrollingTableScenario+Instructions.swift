import Report

/// `run --instructions` counts a frame's work: the section `frame_work_*_ns` times (the run loop,
/// the script's gestures, the layout and the cells it dequeued, with their nibs and
/// configuration). The dequeues nest inside the frames and callgrind keeps one count, so they
/// are counted within their frames, not apart.
extension ScrollingTableScenario: InstructionCounting {
    public static var countedOperation: CountedOperation {
        CountedOperation(name: "frame_work", what: "frame's work") { CountedOperation.recorded("frame_work", in: $0) }
    }
}
