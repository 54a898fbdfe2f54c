extension FixedWidthInteger {
    /// `value` rounded toward zero, as `init(_:)` does, but clamped to the type's range instead
    /// of trapping: below `min` gives `min`, above `max` (or +infinity) gives `max`, NaN gives 0.
    ///
    /// For every conversion of a computed `Double` (a duration in nanoseconds, a share of a
    /// count) whose inputs a scenario file chooses: validation bounds them, and this keeps a value
    /// that slips past it a wrong number instead of a crash.
    @inlinable
    package init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value <= Double(Self.min) {
            self = .min
        } else if value >= Double(Self.max) {
            // Double(max) rounds up to a power of two, which no value of the type reaches.
            self = .max
        } else {
            self.init(value)
        }
    }
}
