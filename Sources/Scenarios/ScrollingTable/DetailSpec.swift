// The `details:` list of a scrolling-table scenario and the `push` / `present` steps that open
// them.

/// `details[i]`: a detail screen a tapped row opens (a message, a profile...): one controller type
/// in the cache, picked by `weight` at each tap.
public struct DetailSpec: DeclaredMapping, Equatable, Sendable {
    /// The controller type's name; unique across `details` and `table.cells`, non-empty, not `all`.
    public var type: String
    /// > 0
    public var weight: Double
    public var nib: NibSpec

    public init(type: String, weight: Double = ScenarioDefaults.detailWeight, nib: NibSpec) {
        self.type = type
        self.weight = weight
        self.nib = nib
    }

    public static var blank: DetailSpec { DetailSpec(type: "", nib: .blank) }

    public static var schema: Schema<DetailSpec> {
        Schema([
            .controllerType(\.type, "The detail screen's controller type; unique across details and table.cells."),
            .optional(
                "weight", \.weight, default: ScenarioDefaults.detailWeight, "Its share of the taps, relative to the others.",
                .must("must be > 0") { $0 > 0 }),
            .required("nib", \.nib, "How its nib is built."),
        ])
    }
}

/// `push: {count: 4, dwell: 3s}` / `present: {...}` — `count` row taps, each asking the cache for a
/// detail controller (a type from `details`, by weight), pushing it on the navigation controller
/// (or presenting it modally), staying `dwell` on it, then popping (dismissing) it.
public struct OpenDetails: DeclaredMapping, Equatable, Sendable {
    /// > 0
    public var count: Int
    /// > 0
    public var dwell: Seconds

    public init(count: Int, dwell: Seconds) {
        self.count = count
        self.dwell = dwell
    }

    public static var blank: OpenDetails { OpenDetails(count: 0, dwell: .zero) }

    public static var schema: Schema<OpenDetails> {
        Schema([
            .required("count", \.count, "How many rows are tapped.", example: "4", .within(ScenarioLimits.stepCount)),
            .required("dwell", \.dwell, "How long each detail screen stays open.", example: "3s", .must("must be > 0") { $0.value > 0 }),
        ])
    }
}
