import Models

/// What the user does next.
enum UserAction: Equatable {
    /// Fire an intent to a section (and view), with an animation and extra state.
    case intent(section: String, view: String?, animation: AnimationStyle, state: [String: String])
    case back
    case rewind
    case clearHistory
    case clearViewCache
    /// Show the factory's error screen with this title and description.
    case showError(title: String, description: String)
    /// Stay on the current screen this long (seconds).
    case dwell(Double)
}

/// Plays the scenario's user: the script's steps in a loop, or the Markov model's seeded draws.
///
/// Deterministic: its only randomness is its own seeded generator, and it decides from the
/// scenario's structure and the app's current section/view names alone — never from what the
/// cache did — so every policy sees the same sequence of actions.
struct UserDriver {
    let app: AppSpec
    let model: UserModel
    private var generator: SeededGenerator
    private var index = 0
    private var deepLinks: DeepLinkSchedule
    /// Whether the last action was a recorded session's deep link (the driver counts it).
    private(set) var firedRecordedDeepLink = false
    /// The section and view the user believes are on screen (tracked from its own actions).
    private(set) var section: String
    private(set) var view: String?

    init(app: AppSpec, model: UserModel, seed: UInt64) {
        self.app = app
        self.model = model
        generator = SeededGenerator(seed: seed).derived(0x05E7)
        deepLinks = DeepLinkSchedule(model.deepLinks, seed: seed)
        let start = app.start ?? IntentTarget(section: app.sections[0].name, view: app.sections[0].views.first?.name)
        section = start.section
        view = start.view
    }

    /// How long the user stays after a recorded session's last event: past any run's end.
    static let staysFor = 1e7

    /// The first intent of the session.
    var startAction: UserAction {
        .intent(section: section, view: view, animation: .none, state: [:])
    }

    /// The next action at `time` (seconds from the start of the run).
    mutating func next(at time: Double) -> UserAction {
        firedRecordedDeepLink = false
        switch model.mode {
        case .recorded(let session):
            // The next event when its time has come; else wait for it; after the last, stay.
            guard index < session.events.count else { return .dwell(Self.staysFor) }
            let event = session.events[index]
            guard event.time <= time + 1e-9 else { return .dwell(event.time - time) }
            index += 1
            switch event.kind {
            case .back: return .back
            case .rewind: return .rewind
            case .intent: return .intent(section: event.section, view: event.view, animation: event.view == nil ? .none : .push, state: [:])
            case .tab: return .intent(section: event.section, view: event.view, animation: .none, state: [:])
            case .deepLink:
                firedRecordedDeepLink = true
                return .intent(section: event.section, view: event.view, animation: .crossDissolve, state: [:])
            }
        case .script(let steps):
            let step = steps[index]
            index = (index + 1) % steps.count
            switch step {
            case .intent(let intent):
                let animation = AnimationStyle(intent.animation ?? (intent.view == nil ? .none : .push))
                return .intent(section: intent.section, view: intent.view, animation: animation, state: intent.state)
            case .dwell(let duration): return .dwell(duration.value)
            case .back: return .back
            case .rewind: return .rewind
            case .clearHistory: return .clearHistory
            case .clearViewCache: return .clearViewCache
            case .showError(let error): return .showError(title: error.title, description: error.description)
            }
        case .markov(let markov):
            return draw(markov)
        }
    }

    /// The deep link due by `time` (seconds from the start of the run), as an intent; nil when
    /// none is due. Its draws are the schedule's own, so the user's walk draws as without it.
    mutating func deepLink(dueBy time: Double) -> UserAction? {
        guard let link = deepLinks.due(by: time) else { return nil }
        let target = deepLinks.target(of: link, in: app)
        return .intent(section: target.section, view: target.view, animation: AnimationStyle(link.animation), state: [:])
    }

    /// The user's think time on a screen, for the Markov model (0 for a script, which dwells
    /// explicitly).
    mutating func dwell() -> Double {
        guard case .markov(let markov) = model.mode else { return 0 }
        let range = markov.dwell
        return range.lowerBound + generator.nextUnit() * (range.upperBound - range.lowerBound)
    }

    private mutating func draw(_ markov: MarkovModel) -> UserAction {
        var roll = generator.nextUnit()
        var choice = markov.probabilities.count - 1
        for (index, probability) in markov.probabilities.enumerated() {
            if roll < probability {
                choice = index
                break
            }
            roll -= probability
        }
        let current = app.sections.first { $0.name == section } ?? app.sections[0]
        switch choice {
        case 0:
            let others = app.sections.filter { $0.name != section }
            let target = others.isEmpty ? current : others[generator.next(below: others.count)]
            return .intent(section: target.name, view: target.views.first?.name, animation: .none, state: [:])
        case 1:
            let pages = current.views.filter { $0.name != view }
            guard !pages.isEmpty else {
                return .intent(section: current.name, view: current.views.first?.name, animation: .crossDissolve, state: [:])
            }
            return .intent(section: current.name, view: pages[generator.next(below: pages.count)].name, animation: .push, state: [:])
        case 2: return .back
        case 3: return .rewind
        default: return .intent(section: section, view: view, animation: .crossDissolve, state: [:])
        }
    }

    /// Tells the driver where the app is now, after an action (the user sees the screen).
    mutating func observe(section: String?, view: String?) {
        if let section {
            self.section = section
            self.view = view
        }
    }
}

extension AnimationStyle {
    init(_ name: AnimationName) {
        switch name {
        case .none: self = .none
        case .push: self = .push
        case .pop: self = .pop
        case .flipFromLeft: self = .flipFromLeft
        case .flipFromRight: self = .flipFromRight
        case .curlUp: self = .curlUp
        case .curlDown: self = .curlDown
        case .crossDissolve: self = .crossDissolve
        }
    }
}
