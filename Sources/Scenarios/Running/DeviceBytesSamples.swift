import Report

/// The device bytes a cache held at each timeseries sample (its objects × their stated sizes,
/// ``SharedColumns/deviceBytesHeld(_:)``): the largest and the mean, 0 without samples or sizes.
struct DeviceBytesSamples {
    private var largest: UInt64 = 0
    private var sum: Double = 0
    private var samples = 0

    mutating func add(_ bytes: UInt64) {
        largest = max(largest, bytes)
        sum += Double(bytes)
        samples += 1
    }

    /// Appends `device_bytes_held_max` and `device_bytes_held_mean` to `row`.
    func append(to row: inout ResultRow) {
        row.append("device_bytes_held_max", .uint(largest))
        row.append("device_bytes_held_mean", .double(samples == 0 ? 0 : (sum / Double(samples)).rounded()))
    }
}
