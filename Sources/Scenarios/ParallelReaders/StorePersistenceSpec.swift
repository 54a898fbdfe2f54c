/// `store.persistence:` — YMCache's persistence controller in a parallel-readers run: the store
/// saves a snapshot of all its items through its serializer (``QuoteSerializer``) to a file in
/// the run's private temporary directory, once when the measured window starts and then every
/// `every` of real time until it ends (the model's `startPeriodicSave(to:interval:)`: the first
/// save at once, a failed save stops the timer). `atomic` is its `fileWritingOptions`: true (the
/// seed's default) writes a temporary file and renames it over the old one, false overwrites the
/// file in place.
///
/// ```yaml
/// store:
///   designs: [gcd-barrier, big-reader]
///   persistence: {every: 250ms, atomic: true}
/// ```
public struct StorePersistenceSpec: DeclaredMapping, Equatable, Sendable {
    /// Real time between periodic saves; 0 saves once, at the start of the measured window.
    public var every: Seconds
    /// Whether each save writes atomically (a temporary file renamed over the old one).
    public var atomic: Bool

    /// The shortest interval between periodic saves (0 aside): 1 ms.
    public static let minimumInterval = 0.001

    public init(every: Seconds, atomic: Bool = true) {
        self.every = every
        self.atomic = atomic
    }

    public static var blank: StorePersistenceSpec { StorePersistenceSpec(every: .zero) }

    public static var schema: Schema<StorePersistenceSpec> {
        Schema([
            .required(
                "every", \.every,
                "Real time between the store's saves (the first at the start of the measured window); 0 saves once.",
                example: "250ms",
                .must("must be 0 (save once) or at least 1ms") { $0.value == 0 || $0.value >= minimumInterval }),
            .optional(
                "atomic", \.atomic, default: true,
                "Whether a save writes a temporary file and renames it over the old one (true, the seed's default) or overwrites the file in place (false)."),
        ])
    }
}
