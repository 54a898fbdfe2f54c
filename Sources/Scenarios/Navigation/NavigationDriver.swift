import Models
import Report

/// Runs a `navigation` scenario once, for one view-cache policy and in-use mode, frame by frame on
/// a virtual clock.
///
/// Each frame: the run loop advances (running a queued repopulation) and due memory-pressure events
/// are posted; when the current transition and dwell are over, the user acts — an intent, a back,
/// a rewind, a history or cache flush. An intent's transition takes its animation's duration on
/// the virtual clock (0.25 s for view animations, 0.5 s for push/pop). The intent's real time,
/// from firing it to the last `onResume`, is its latency. Controllers' and intents' bytes are
/// measured (jemalloc) when they are made, so the bytes the view cache and the history stack
/// hold are known at every sample. Each frame's model work is timed against 1/refresh_hz, and a
/// creation's stated device cost (nib `cost:` or the `device:` profile) is charged to its frame
/// beside it.
struct NavigationDriver {
    let scenario: NavigationScenario
    let configuration: RunConfiguration
    /// `optimal`'s request stream, recorded by a first pass (see ``OptimalPass``).
    var future: [UInt64]?

    func run(isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        let header = scenario.header
        let app = scenario.app
        let timeline = FrameTimeline(header: header, refreshRate: app.refreshHz)
        let runLoop = RunLoop(refreshRate: app.refreshHz)
        let factory = ViewFactory()
        let deviceCosts = DeviceCostLedger()
        // The makers ask the model (made below) whether a creation re-makes what its cache let go.
        weak var madeFor: ViewModel?
        let recreating = { madeFor?.isRecreating ?? false }
        for section in app.sections {
            register(section.name, nib: section.nib, in: factory, deviceCosts: deviceCosts, recreating: recreating)
        }
        // A shared view (listed in several sections) is registered once: one controller, one
        // cache entry, whichever section it is reached from.
        for name in app.viewNames {
            if let nib = app.nib(ofView: name) {
                register(name, nib: nib, in: factory, deviceCosts: deviceCosts, recreating: recreating)
            }
        }
        let (log, optimal) = OptimalPass.log(for: configuration, future: future)
        let model = ViewModel(
            factory: factory, cachePolicy: cachePolicy, stackSize: HistoryStackSize(app.stackSize), runLoop: runLoop,
            evictionPolicy: optimal)
        model.requestLog = log
        madeFor = model
        var user = UserDriver(app: app, model: scenario.user, seed: configuration.seed)
        var payload = StateMaker(spec: scenario.user.state, seed: configuration.seed)
        var recorder = NavigationRecorder(scenario: header.name, configuration: configuration)
        var ledger = IntentLedger()

        let budget = UInt64(1_000_000_000 / app.refreshHz)
        var nextActionFrame = 0
        var pendingStart = true
        var complete = true
        var requestsAtStart: UInt64 = 0
        let progressEvery = max(1, timeline.totalFrames / 100)

        for frame in 0..<timeline.totalFrames {
            if isCancelled() {
                complete = false
                break
            }
            if frame == timeline.warmupFrames {
                model.resetStatistics()
                recorder.startCounting()
                deviceCosts.recording = true
                requestsAtStart = AllocationProbe.requests()
            }
            let counted = timeline.isCounted(frame)
            // The user's decision and the intent's state are the driver's work, made outside the
            // measured window; the intent's own bytes are measured for the history ledger.
            var action: UserAction?
            if !pendingStart, let link = user.deepLink(dueBy: Double(frame) / Double(app.refreshHz)) {
                // A deep link interrupts the user; they dwell on what it opened, then go on.
                action = link
                if counted { recorder.noteDeepLink() }
            } else if frame >= nextActionFrame {
                action = pendingStart ? user.startAction : user.next(at: Double(frame) / Double(app.refreshHz))
                pendingStart = false
                if user.firedRecordedDeepLink, counted { recorder.noteDeepLink() }
            }
            var intent: Intent?
            if case .intent(let section, let view, let animation, let extra) = action {
                // Measured: the intent and the state it carries (what the history stack holds).
                let (made, bytes) = AllocationProbe.measureBytes {
                    Intent(section: section, view: view, animation: animation, savedInstanceState: payload.state(merging: extra))
                }
                ledger.record(made, bytes: bytes)
                intent = made
            }

            let allocationsBefore = AllocationProbe.snapshot()
            let start = MonotonicClock.now()
            runLoop.advance()
            for level in timeline.pressure[frame] ?? [] {
                runLoop.postMemoryPressure(MemoryPressureLevel(level))
                if counted { recorder.notePressure(level.rawValue) }
            }
            var wait = 0.0
            var elapsed: UInt64?
            if let action {
                wait = perform(action, intent: intent, on: model, recorder: &recorder, counted: counted)
                elapsed = MonotonicClock.now() - start
                user.observe(section: model.currentSection?.name, view: model.currentView?.name)
                if case .dwell = action {} else { wait += user.dwell() }
                nextActionFrame = frame + max(1, FrameTimeline.frames(wait, rate: Double(app.refreshHz)))
            }
            let allocated = AllocationProbe.snapshot().since(allocationsBefore)
            // The stated device costs of what the frame created, beside its measured work.
            let charged = deviceCosts.take()
            if counted {
                recorder.noteFrame(
                    allocated: allocated, elapsed: elapsed ?? MonotonicClock.now() - start, charged: charged, budget: budget)
            }

            if timeline.isSampleEnd(frame) {
                recorder.sample(
                    time: timeline.time(afterFrame: frame), model: model,
                    viewCacheBytes: viewCacheBytes(model), historyBytes: ledger.bytes(of: model.historyStack),
                    deviceBytes: deviceBytesHeld(model))
            }
            if frame % progressEvery == 0 { progress(Double(frame) / Double(timeline.totalFrames)) }
        }
        progress(1)
        recorder.allocationRequests = AllocationProbe.requests() &- requestsAtStart
        recorder.deviceCosts = (deviceCosts.charges, deviceCosts.total, deviceCosts.recreationTotal)
        var output = recorder.output(
            model: model, viewCacheBytes: viewCacheBytes(model), historyBytes: ledger.bytes(of: model.historyStack),
            capacity: configuration.policy.isBounded ? scenario.cache.capacity ?? 0 : 0,
            stackSize: app.stackSize, header: header, complete: complete)
        output.trace = configuration.recordsTrace ? log?.requests : nil
        return output
    }

    /// The view cache the run's policy names.
    private var cachePolicy: ViewCachePolicy {
        // `none` and every eviction policy (optimal too, following the stream its first pass
        // recorded) are bounded; `forever` is the seed's cache (other names are refused at load).
        guard configuration.policy == .none || configuration.policy.isBounded else { return .forever }
        return .bounded(
            capacity: scenario.cache.capacity ?? 0, policy: configuration.policy,
            inUse: InUseMode(configuration.inUseMode ?? .repopulate), seed: configuration.seed,
            parameters: scenario.cache.parameters)
    }

    /// Registers `name`: each instance loads its nib for real, and remembers what that allocated.
    /// `recreating` says whether the instance being made re-makes what the cache let go (a
    /// refresh's fresh view does not: the app makes it whatever the cache holds).
    private func register(
        _ name: String, nib spec: NibSpec, in factory: ViewFactory, deviceCosts: DeviceCostLedger,
        recreating: @escaping () -> Bool
    ) {
        let nib = NibDescription(viewCount: spec.views, depth: spec.depth, labelText: spec.label)
        let cost = DeviceProfile.resolve(spec.cost, named: name, in: scenario.device)?.nanoseconds
        let size = DeviceProfile.resolveBytes(nil, named: name, in: scenario.device).map { UInt64($0) } ?? 0
        factory.register(name, recreationCost: cost.map { Double($0) }) {
            let page = PageController.measuredCreation(cost: cost, charging: deviceCosts, recreation: recreating()) {
                PageController(nib: nib)
            }
            page.deviceBytes = size
            return page
        }
    }

    /// Fires `action`; returns the virtual seconds it takes (a transition, or a dwell).
    private func perform(
        _ action: UserAction, intent: Intent?, on model: ViewModel, recorder: inout NavigationRecorder, counted: Bool
    ) -> Double {
        do {
            switch action {
            case .intent:
                guard let intent else { return 0 }
                let start = MonotonicClock.now()
                if counted { InstructionCounter.start() }
                let duration = try model.setCurrentSection(intent)
                InstructionCounter.stop()
                if counted { recorder.noteTransition(nanoseconds: MonotonicClock.now() - start) }
                return duration
            case .back:
                let start = MonotonicClock.now()
                if counted { InstructionCounter.start() }
                let duration = try model.setCurrentSection(Intent.back())
                InstructionCounter.stop()
                if counted { recorder.noteTransition(nanoseconds: MonotonicClock.now() - start) }
                return duration
            case .rewind:
                let start = MonotonicClock.now()
                if counted { InstructionCounter.start() }
                let duration = try model.setCurrentSection(Intent.rewind())
                InstructionCounter.stop()
                if counted { recorder.noteTransition(nanoseconds: MonotonicClock.now() - start) }
                return duration
            case .clearHistory:
                model.clearHistoryStack()
                return 0
            case .clearViewCache:
                model.clearViewCache()
                return 0
            case .showError(let title, let description):
                model.showError(title: title, description: description)
                return 0
            case .dwell(let seconds):
                return seconds
            }
        } catch {
            InstructionCounter.stop()
            // A failed back (empty or disabled history) is reported in the counts, not a crash;
            // the view model counts it. The user stays where it is.
            return 0
        }
    }

    private func viewCacheBytes(_ model: ViewModel) -> UInt64 {
        model.cachedControllers.reduce(0) { $0 + (($1 as? PageController)?.creationBytes ?? 0) }
    }

    /// What the view cache's controllers hold on the device: each its name's stated size.
    private func deviceBytesHeld(_ model: ViewModel) -> UInt64 {
        model.cachedControllers.reduce(0) { $0 &+ (($1 as? PageController)?.deviceBytes ?? 0) }
    }
}

/// A section's or view's controller in a navigation scenario: a real view tree, and the bytes it
/// took to make.
final class PageController: FactoryViewController, HoldsCreationBytes {
    var creationBytes: UInt64 = 0
    /// What one controller of its name holds on the device (the profile's `bytes:`; 0 without).
    var deviceBytes: UInt64 = 0
    private(set) var lastState: [String: String] = [:]

    required init() {
        super.init(nib: nil)
    }

    override init(nib: NibDescription?) {
        super.init(nib: nib)
    }

    override func onResume(_ intent: Intent) {
        // Read the state as a real controller would, to restore itself.
        lastState = intent.savedInstanceState
    }
}

/// Bytes allocated to make each intent, to add up what the history stack holds.
struct IntentLedger {
    private var bytesByIntent: [ObjectIdentifier: UInt64] = [:]

    mutating func record(_ intent: Intent, bytes: UInt64) {
        bytesByIntent[ObjectIdentifier(intent)] = bytes
    }

    /// Bytes of the intents in `stack` (intents made before the ledger count as 0).
    func bytes(of stack: [Intent]) -> UInt64 {
        stack.reduce(0) { $0 + (bytesByIntent[ObjectIdentifier($1)] ?? 0) }
    }
}

/// The `savedInstanceState` each intent carries: `entries` values of `bytes` characters, varied
/// by a seeded generator so that no two intents share storage.
struct StateMaker {
    let spec: StatePayload
    private var generator: SeededGenerator
    private var counter = 0

    init(spec: StatePayload, seed: UInt64) {
        self.spec = spec
        generator = SeededGenerator(seed: seed).derived(0x57A7E)
    }

    mutating func state(merging extra: [String: String]) -> [String: String] {
        var state = extra
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        for entry in 0..<spec.entries {
            counter += 1
            var value = String(counter)
            while value.count < spec.bytes { value.append(alphabet[generator.next(below: alphabet.count)]) }
            state["state\(entry)"] = value
        }
        return state
    }
}

extension HistoryStackSize {
    init(_ spec: StackSizeSpec) {
        switch spec {
        case .unlimited: self = .unlimited
        case .disabled: self = .disabled
        case .bounded(let count): self = .bounded(count)
        }
    }
}
