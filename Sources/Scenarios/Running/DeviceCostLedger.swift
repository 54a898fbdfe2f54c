import Models

/// Device time a scenario states (a nib's or a drawn view's `cost:`, or its `device:` profile's
/// cost of the name; measured on a phone with Instruments), charged to the frame on the virtual
/// clock when the work it prices happens: an instantiation, a creation, a fresh draw.
///
/// The stand-in work still runs and is still measured (`frames_over_budget`, the latencies): the
/// ledger only adds the stated time beside it, for the `device_*` columns.
final class DeviceCostLedger {
    /// Charged since the last ``take()``: the current frame's stated time, ns.
    private var pending: UInt64 = 0
    /// Charged while recording (past the warm-up), ns.
    private(set) var total: UInt64 = 0
    /// Work priced by a stated cost while recording.
    private(set) var charges = 0
    /// Charged while recording for work that re-made what a cache had let go (a controller it
    /// evicted, a drawing it lost), ns: the device time lost to re-creation.
    private(set) var recreationTotal: UInt64 = 0
    /// Whether charges are counted in ``total`` (past the warm-up).
    var recording = false
    /// Whether the work being charged re-makes what a cache let go (the driver asks its cache).
    var isRecreation: () -> Bool = { false }

    /// Charges `nanoseconds` of stated device time to the current frame; `recreation` says
    /// whether the work re-makes what a cache let go (nil: ``isRecreation``).
    func charge(_ nanoseconds: UInt64, recreation: Bool? = nil) {
        pending &+= nanoseconds
        if recording {
            total &+= nanoseconds
            charges += 1
            if recreation ?? isRecreation() { recreationTotal &+= nanoseconds }
        }
    }

    /// The current frame's charged time, reset for the next frame.
    func take() -> UInt64 {
        defer { pending = 0 }
        return pending
    }
}

extension Seconds {
    /// The duration in whole nanoseconds (a stated cost is at most 10 s: no overflow).
    var nanoseconds: UInt64 { UInt64(saturating: (value * 1e9).rounded()) }
}
