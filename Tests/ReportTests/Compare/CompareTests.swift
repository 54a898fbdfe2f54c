import Testing

/// Every test of `workbench compare`'s Report side, grouped so `swift test --filter Compare`
/// selects them all.
@Suite("compare")
struct CompareTests {}
