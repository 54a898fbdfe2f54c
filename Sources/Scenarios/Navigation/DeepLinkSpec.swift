import Foundation
import Models

// `user.deep_links:` — intents that arrive from outside the app (a notification, a link in
// another app) while the user walks the script or the Markov model.

/// When a deep-link source fires: at stated times, periodically, or at random at a rate.
public enum DeepLinkTiming: Equatable, Sendable {
    /// At these times from the start of the run (warm-up included), in order.
    case at([Seconds])
    /// Every interval, the first one interval after the start.
    case every(Seconds)
    /// A Poisson process: gaps drawn from the exponential distribution with this mean rate per
    /// second, from the run's seed.
    case rate(Double)
}

/// One `user.deep_links` entry: when it fires (exactly one of `at`, `every`, `rate`), where it
/// goes (`to`: a list of targets drawn uniformly; absent: a random section and one of its views)
/// and with which animation.
///
/// A deep link interrupts whatever the user was doing on the frame it falls due; the user then
/// dwells on the screen it opened and goes on with the script or the Markov model.
public struct DeepLinkSpec: DeclaredMapping, Equatable, Sendable {
    public var timing: DeepLinkTiming
    /// Drawn uniformly per firing; empty means a random section and one of its views.
    public var to: [IntentTarget]
    public var animation: AnimationName

    public init(timing: DeepLinkTiming, to: [IntentTarget] = [], animation: AnimationName = .none) {
        self.timing = timing
        self.to = to
        self.animation = animation
    }

    public static var blank: DeepLinkSpec { DeepLinkSpec(timing: .at([])) }

    /// The highest `rate` accepted: 100 deep links a second.
    public static let maxRate = 100.0

    public static var schema: Schema<DeepLinkSpec> {
        Schema([
            .custom(
                [
                    .key(
                        "at", [Seconds].self, .optional("every or rate gives the times"),
                        "Fires at these times from the start of the run (warm-up included).", example: "[10s, 75s]",
                        rules: ["must list at least one time", "times must be >= 0"]),
                    .key(
                        "every", Seconds.self, .optional("at or rate gives the times"),
                        "Fires every interval, the first one interval after the start.", example: "45s", rules: ["must be > 0"]),
                    .key(
                        "rate", Double.self, .optional("at or every gives the times"),
                        "Fires at random at this mean rate per second (exponential gaps from the run's seed).", example: "0.05",
                        rules: ["must be > 0 and at most \(formatNumber(maxRate))"]),
                ],
                decode: { link, f in link.timing = try decodeTiming(f) },
                encode: { link, container in
                    switch link.timing {
                    case .at(let times): try container.encode(times, for: "at")
                    case .every(let interval): try container.encode(interval, for: "every")
                    case .rate(let rate): try container.encode(rate, for: "rate")
                    }
                }),
            .optional(
                "to", \.to, default: [], shown: "a random section and one of its views",
                "Where it goes: one of these targets, drawn uniformly each time.",
                example: "[{section: profile, view: settings}]", omitWhen: { $0.isEmpty }),
            .optional("animation", \.animation, default: .none, "The transition's animation.", example: "cross_dissolve"),
        ])
    }

    private static func decodeTiming(_ f: Fields) throws -> DeepLinkTiming {
        let present = try ["at", "every", "rate"].filter { try f.isPresent($0) }
        guard let which = present.first else {
            throw SchemaViolation(
                .invalid("give one of 'at', 'every' or 'rate': when the deep link fires"), at: f.codingPath, target: .mapping)
        }
        guard present.count == 1 else {
            throw f.invalid(present[1], "give one of 'at', 'every' or 'rate', not \(present.joined(separator: " and "))")
        }
        switch which {
        case "at":
            let times: [Seconds] = try f.required("at")
            try f.check("at", !times.isEmpty, "must list at least one time")
            try f.check("at", times.allSatisfy { $0.value >= 0 }, "times must be >= 0")
            return .at(times.sorted())
        case "every":
            let interval: Seconds = try f.required("every")
            try f.check("every", interval.value > 0, "must be > 0")
            return .every(interval)
        default:
            let rate = try f.requiredNumber("rate")
            try f.check("rate", rate > 0 && rate <= maxRate, "must be > 0 and at most \(formatNumber(maxRate))")
            return .rate(rate)
        }
    }
}

/// The deep links' firing times, source by source, drawn from the run's seed: the next due one
/// is found by the frame's time.
struct DeepLinkSchedule {
    private let links: [DeepLinkSpec]
    /// Per source: its next firing time (seconds), or infinity when it has no more.
    private var next: [Double]
    /// Per `at` source: how many of its times have fired.
    private var fired: [Int]
    private var generator: SeededGenerator

    init(_ links: [DeepLinkSpec], seed: UInt64) {
        self.links = links
        generator = SeededGenerator(seed: seed).derived(0xDEE9)
        fired = Array(repeating: 0, count: links.count)
        next = []
        for link in links {
            switch link.timing {
            case .at(let times): next.append(times.first?.value ?? .infinity)
            case .every(let interval): next.append(interval.value)
            case .rate(let rate): next.append(Self.gap(rate, &generator))
            }
        }
    }

    /// An exponential gap with mean 1/rate.
    private static func gap(_ rate: Double, _ generator: inout SeededGenerator) -> Double {
        -log1p(-generator.nextUnit()) / rate
    }

    /// The first source due by `time` (the earliest due; ties go to the first listed), moved on
    /// to its next firing; nil when none is due.
    mutating func due(by time: Double) -> DeepLinkSpec? {
        var chosen: Int?
        for index in next.indices where next[index] <= time {
            if chosen.map({ next[index] < next[$0] }) ?? true { chosen = index }
        }
        guard let index = chosen else { return nil }
        let link = links[index]
        switch link.timing {
        case .at(let times):
            fired[index] += 1
            next[index] = fired[index] < times.count ? times[fired[index]].value : .infinity
        case .every(let interval):
            next[index] += interval.value
        case .rate(let rate):
            next[index] += Self.gap(rate, &generator)
        }
        return link
    }

    /// Where a firing of `link` goes: one of its targets, or a random section and view of `app`.
    mutating func target(of link: DeepLinkSpec, in app: AppSpec) -> IntentTarget {
        if !link.to.isEmpty { return link.to[generator.next(below: link.to.count)] }
        let section = app.sections[generator.next(below: app.sections.count)]
        let view = section.views.isEmpty ? nil : section.views[generator.next(below: section.views.count)].name
        return IntentTarget(section: section.name, view: view)
    }
}
