import Models

/// A run's schedule on the virtual clock, in frames (ticks): warm-up, counted period, sampling
/// points and memory-pressure events.
///
/// Times in a scenario are measured from the start of the run, warm-up included; only frames at or
/// after the end of the warm-up are counted.
public struct FrameTimeline: Equatable, Sendable {
    public let refreshRate: Int
    /// Frames driven but not counted.
    public let warmupFrames: Int
    /// All frames, warm-up included.
    public let totalFrames: Int
    /// Frames per timeseries sample.
    public let sampleFrames: Int
    /// Memory-pressure events by frame, in schedule order within a frame.
    public let pressure: [Int: [PressureLevelName]]

    public init(header: ScenarioHeader, refreshRate: Int) {
        self.refreshRate = refreshRate
        let rate = Double(refreshRate)
        warmupFrames = Self.frames(header.warmup.value, rate: rate)
        totalFrames = warmupFrames + max(1, Self.frames(header.duration.value, rate: rate))
        sampleFrames = max(1, Self.frames(header.sampleInterval.value, rate: rate))
        var events: [Int: [PressureLevelName]] = [:]
        let total = totalFrames
        for event in header.memoryPressure {
            for time in event.times(while: { Self.frames($0, rate: rate) < total }) {
                events[Self.frames(time, rate: rate), default: []].append(event.level)
            }
        }
        pressure = events
    }

    /// Whether frame `frame` is counted (past the warm-up).
    public func isCounted(_ frame: Int) -> Bool { frame >= warmupFrames }

    /// Whether a timeseries sample is taken at the end of frame `frame`.
    public func isSampleEnd(_ frame: Int) -> Bool {
        frame >= warmupFrames && ((frame + 1 - warmupFrames) % sampleFrames == 0 || frame == totalFrames - 1)
    }

    /// The virtual time at the end of frame `frame`, in seconds from the start of the run.
    public func time(afterFrame frame: Int) -> Double { Double(frame + 1) / Double(refreshRate) }

    /// Whole frames in `seconds`, rounded to the nearest frame.
    public static func frames(_ seconds: Double, rate: Double) -> Int {
        Int(saturating: (seconds * rate).rounded())
    }
}
