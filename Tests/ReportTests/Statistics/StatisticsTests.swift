import Testing

/// The statistics behind repetitions and compare: the Mann-Whitney U test, the confidence
/// interval of a median, and Holm's correction.
@Suite("Statistics")
struct StatisticsTests {}
