import Models
import Testing

/// A shared log of lifecycle events, "<registered name>.<event>".
final class EventLog {
    var events: [String] = []
}

/// A controller that logs its events, remembers what its last `onResume` read, and can write a
/// value into the intent it is paused with.
final class LoggingController: FactoryViewController {
    var log: EventLog?
    /// The `savedInstanceState` the last `onResume` read.
    var resumedState: [String: String]?
    /// Written into the outgoing intent's `savedInstanceState` by `onPause`.
    var stateToSaveOnPause: [String: String] = [:]

    convenience init(log: EventLog) {
        self.init(nib: NibDescription(viewCount: 3, depth: 2, labelText: "Logging"))
        self.log = log
    }

    override func onCreate() { log?.events.append("\(name).create") }

    override func onResume(_ intent: Intent) {
        log?.events.append("\(name).resume")
        resumedState = intent.savedInstanceState
    }

    override func onPause(_ intent: Intent) {
        log?.events.append("\(name).pause")
        for (key, value) in stateToSaveOnPause { intent.savedInstanceState[key] = value }
    }
}

/// One test per rule of manticore-iosviewfactory.md and its notes.
@Suite("ViewFactory")
struct ViewFactoryTests {
    let runLoop = RunLoop(refreshRate: 60)
    let log = EventLog()

    func makeFactory(_ names: [String] = ["section", "view", "other", "home", "list", "detail"]) -> ViewFactory {
        let factory = ViewFactory()
        for name in names {
            factory.register(name) { [log] in LoggingController(log: log) }
        }
        return factory
    }

    func makeModel(cache: ViewCachePolicy = .forever, stack: HistoryStackSize = .unlimited) -> ViewModel {
        ViewModel(factory: makeFactory(), cachePolicy: cache, stackSize: stack, runLoop: runLoop)
    }

    func bounded(_ capacity: Int, _ policy: PolicyName = .lru, inUse: InUseMode = .repopulate) -> ViewCachePolicy {
        .bounded(capacity: capacity, policy: policy, inUse: inUse, seed: 7)
    }

    /// Fires forward intents that cannot fail.
    func show(_ model: ViewModel, _ section: String, _ view: String? = nil, state: [String: String] = [:]) {
        #expect(throws: Never.self) {
            try model.setCurrentSection(Intent(section: section, view: view, savedInstanceState: state))
        }
    }

    func logging(_ controller: FactoryViewController?) -> LoggingController? {
        controller as? LoggingController
    }

    // MARK: Factory

    @Test("create makes a new, named instance each time, with no onCreate, onResume or onPause")
    func createMakesNewInstances() throws {
        let factory = makeFactory()
        let first = try factory.create("home")
        let second = try factory.create("home")
        #expect(first !== second)
        #expect(first.name == "home")
        #expect(first is LoggingController, "made by the registered closure")
        #expect([first.onCreateCount, first.onResumeCount, first.onPauseCount] == [0, 0, 0])
        #expect(log.events.isEmpty)
        #expect(factory.isRegistered("home"))
        #expect(!factory.isRegistered("nowhere"))
    }

    @Test("create with an unknown name is an error naming it")
    func createUnknownName() {
        let factory = makeFactory()
        #expect(throws: ViewFactoryError.unknownName("nowhere")) { try factory.create("nowhere") }
        #expect(ViewFactoryError.unknownName("nowhere").description.contains("nowhere"))
    }

    // MARK: Lifecycle

    @Test("onCreate fires once, the first time an intent shows a controller, not on a revisit")
    func onCreateOnceOnFirstShow() {
        let model = makeModel()
        show(model, "home")
        let home = model.currentSection
        show(model, "list")
        show(model, "home")
        #expect(model.currentSection === home)
        #expect(home?.onCreateCount == 1)
        #expect(log.events.filter { $0 == "home.create" }.count == 1)
        #expect(model.statistics.onCreateCalls == 2)
    }

    @Test("onPause goes to the current view then its section; onResume to the new section then its view")
    func pauseResumeOrder() {
        let model = makeModel()
        show(model, "home", "list")
        log.events.removeAll()
        show(model, "section", "view")
        log.events.removeAll()
        show(model, "home", "list")
        #expect(log.events == ["view.pause", "section.pause", "home.resume", "list.resume"])
    }

    @Test("when only the view changes within a section, both section and view receive onPause and onResume")
    func sameSectionNewView() {
        let model = makeModel()
        show(model, "section", "other")
        show(model, "section", "view")
        show(model, "section", "other")
        log.events.removeAll()
        show(model, "section", "view")
        #expect(log.events == ["other.pause", "section.pause", "section.resume", "view.resume"])
        #expect(model.currentSection?.onResumeCount == 4)
        #expect(model.currentSection?.onPauseCount == 3)
    }

    @Test("the first intent resumes the section and view without pausing anything")
    func firstIntentPausesNothing() {
        let model = makeModel()
        show(model, "section", "view")
        #expect(log.events == ["section.create", "view.create", "section.resume", "view.resume"])
        #expect(model.statistics.onPauseCalls == 0)
    }

    @Test("savedInstanceState set on an intent is what the receiving onResume reads")
    func savedInstanceStateReachesOnResume() {
        let model = makeModel()
        show(model, "home", "list", state: ["yourKey": "someValue", "anotherKey": "anotherValue"])
        let expected = ["yourKey": "someValue", "anotherKey": "anotherValue"]
        #expect(logging(model.currentSection)?.resumedState == expected)
        #expect(logging(model.currentView)?.resumedState == expected)
    }

    @Test("a value written in onPause into the current intent is read again by onResume after back")
    func onPauseStateRestoredOnBack() throws {
        let model = makeModel()
        show(model, "home", "list", state: ["query": "cats"])
        logging(model.currentView)?.stateToSaveOnPause = ["scroll": "120"]
        let list = logging(model.currentView)
        show(model, "home", "detail")
        try model.setCurrentSection(.back())
        #expect(model.currentView === list)
        #expect(list?.resumedState == ["query": "cats", "scroll": "120"])
    }

    @Test("an intent naming the current section and view makes a fresh view, with onCreate, replacing the cached one")
    func sameSectionSameViewIsFresh() {
        let model = makeModel()
        show(model, "home", "list")
        let old = model.currentView
        let section = model.currentSection
        log.events.removeAll()
        show(model, "home", "list")
        let fresh = model.currentView
        #expect(fresh !== old)
        #expect(model.currentSection === section, "the section is reused")
        #expect(fresh?.onCreateCount == 1)
        #expect(log.events == ["list.create", "list.pause", "home.pause", "home.resume", "list.resume"])
        #expect(model.cachedController(named: "list") === fresh)
        #expect(old?.isInUse == false, "the old instance left the screen")
        #expect(model.statistics.viewRefreshes == 1)
    }

    @Test("a section shown alone is a single level: the old view is paused and removed, currentView is nil")
    func sectionAloneIsSingleLevel() {
        let model = makeModel()
        show(model, "home", "list")
        let list = model.currentView
        log.events.removeAll()
        show(model, "home")
        #expect(model.currentView == nil)
        #expect(log.events == ["list.pause", "home.pause", "home.resume"])
        #expect(list?.isInUse == false)
        #expect(model.currentSection?.children.isEmpty == true)
        #expect(model.currentIntent?.viewName == nil)
    }

    @Test("the swap puts the section's view in the window and the view inside it, a child of the section; old ones leave")
    func swapBuildsTheScreen() {
        let model = makeModel()
        show(model, "home", "list")
        let home = model.currentSection
        let list = model.currentView
        #expect(home?.view.superview === model.window)
        #expect(list?.view.superview === home?.view)
        #expect(list?.parent === home)
        #expect(home?.isInUse == true && list?.isInUse == true)
        show(model, "section", "view")
        #expect(model.window.subviews.count == 1)
        #expect(model.window.subviews.first === model.currentSection?.view)
        #expect(home?.isInUse == false)
        #expect(list?.isInUse == false)
        #expect(home?.children.isEmpty == true)
    }

    @Test("a view named like its own section is refused")
    func viewCannotBeItsOwnSection() {
        let model = makeModel()
        #expect(throws: ViewFactoryError.unknownView("home")) {
            try model.setCurrentSection(Intent(section: "home", view: "home"))
        }
        #expect(model.currentSection == nil)
    }

    // MARK: View cache

    @Test("the view cache returns the same instance on a revisit")
    func viewCacheReused() {
        let model = makeModel()
        show(model, "home", "list")
        let home = model.currentSection
        let list = model.currentView
        show(model, "section", "view")
        show(model, "home", "list")
        #expect(model.currentSection === home)
        #expect(model.currentView === list)
        #expect(model.statistics.cacheHits == 2)
        #expect(model.statistics.cacheMisses == 4)
        #expect(model.cachedControllers.map(\.name) == ["home", "list", "section", "view"])
    }

    @Test("clearViewCache flushes without a destroy event: the next visit creates again and calls onCreate again")
    func clearViewCacheRecreates() {
        let model = makeModel()
        show(model, "home", "list")
        let home = model.currentSection
        show(model, "section")
        log.events.removeAll()
        model.clearViewCache()
        #expect(model.cachedControllers.isEmpty)
        #expect(log.events.isEmpty, "no destroy event")
        #expect(model.currentSection?.name == "section", "the screen stays")
        show(model, "home", "list")
        #expect(model.currentSection !== home)
        #expect(model.currentSection?.onCreateCount == 1)
        #expect(log.events.contains("home.create") && log.events.contains("list.create"))
        #expect(model.statistics.cacheFlushes == 1)
    }

    @Test("a memory warning flushes a forever cache without a destroy event; the next visit creates again")
    func memoryWarningFlushesForever() {
        let model = makeModel()
        show(model, "home", "list")
        let home = model.currentSection
        log.events.removeAll()
        runLoop.postMemoryPressure(.warning)
        #expect(model.cachedControllers.isEmpty, "forever drops everything, on-screen controllers included")
        runLoop.advance()
        #expect(model.cachedControllers.isEmpty)
        #expect(log.events.isEmpty)
        show(model, "section")
        show(model, "home")
        #expect(model.currentSection !== home)
        #expect(log.events.contains("home.create"))
        #expect(model.statistics.memoryPressureEvents == 1)
        #expect(model.statistics.inUseDropped == 2)
    }

    @Test("moderate pressure leaves a forever cache alone")
    func moderateIgnoredByForever() {
        let model = makeModel()
        show(model, "home", "list")
        show(model, "section")
        runLoop.postMemoryPressure(.moderate)
        #expect(model.cachedControllers.count == 3)
        #expect(model.statistics.memoryPressureEvents == 1)
        #expect(model.statistics.evictions == 0)
    }

    @Test("a bounded cache evicts through its policy (lru) at capacity")
    func boundedEvictsLRU() {
        let model = makeModel(cache: bounded(2, .lru))
        show(model, "home")
        let home = model.currentSection
        show(model, "list")
        let list = model.currentSection
        show(model, "home")  // touch: list is now least recent
        show(model, "detail")
        #expect(model.cachedControllers.map(\.name) == ["detail", "home"])
        #expect(model.cachedController(named: "home") === home)
        #expect(model.statistics.evictions == 1)
        show(model, "list")
        #expect(model.currentSection !== list, "the evicted one is created again")
        #expect(model.currentSection?.onCreateCount == 1)
    }

    @Test("moderate pressure trims a bounded cache to half its capacity in policy order")
    func moderateTrimsBounded() {
        let model = makeModel(cache: bounded(4, .lru))
        for name in ["home", "list", "detail", "other", "home"] { show(model, name) }
        runLoop.postMemoryPressure(.moderate)
        #expect(model.cachedControllers.map(\.name) == ["home", "other"])
        #expect(model.statistics.evictions == 2)
    }

    @Test("repopulate: a memory warning evicts everything, and the on-screen section and view come back on the next tick")
    func repopulateKeepsOnScreen() {
        let model = makeModel(cache: bounded(8, inUse: .repopulate))
        show(model, "detail")
        show(model, "home", "list")
        let home = model.currentSection
        let list = model.currentView
        runLoop.postMemoryPressure(.warning)
        #expect(model.cachedControllers.isEmpty, "evicted now")
        #expect(model.pendingRepopulationCount == 2)
        runLoop.advance()
        #expect(model.cachedControllers.map(\.name) == ["home", "list"], "the unused detail is gone")
        #expect(model.statistics.repopulations == 2)
        show(model, "detail")
        show(model, "home", "list")
        #expect(model.currentSection === home && model.currentView === list)
        #expect(home?.onCreateCount == 1)
    }

    @Test("pin: a memory warning keeps the on-screen section and view, and evicts the rest")
    func pinKeepsOnScreen() {
        let model = makeModel(cache: bounded(8, inUse: .pin))
        show(model, "detail")
        show(model, "home", "list")
        runLoop.postMemoryPressure(.warning)
        #expect(model.cachedControllers.map(\.name) == ["home", "list"])
        #expect(model.statistics.pinnedRefusals == 2)
        #expect(runLoop.pendingCount == 0, "pin queues nothing")
    }

    @Test("drop: a memory warning loses the on-screen section and view; the next visit creates again")
    func dropLosesOnScreen() {
        let model = makeModel(cache: bounded(8, inUse: .drop))
        show(model, "home", "list")
        let home = model.currentSection
        runLoop.postMemoryPressure(.warning)
        runLoop.advance()
        #expect(model.cachedControllers.isEmpty)
        #expect(model.statistics.inUseDropped == 2)
        show(model, "detail")
        show(model, "home", "list")
        #expect(model.currentSection !== home)
        #expect(model.currentSection?.onCreateCount == 1)
    }

    @Test(
        "isRecreating: true while the factory re-makes a name the cache let go (made before, then missed), false for a name's first controller and for a refresh's fresh view")
    func recreationIsWhatTheCacheLetGo() {
        // Each maker notes, while it runs, what the model says of the instance it makes.
        var seen: [String] = []
        weak var madeFor: ViewModel?
        let factory = ViewFactory()
        for name in ["home", "list", "detail"] {
            factory.register(name) { [log] in
                seen.append("\(name) \(madeFor?.isRecreating == true ? "again" : "new")")
                return LoggingController(log: log)
            }
        }
        let model = ViewModel(factory: factory, cachePolicy: bounded(2, .lru), runLoop: runLoop)
        madeFor = model
        show(model, "home", "list")  // two first creations
        show(model, "home", "list")  // a refresh: a fresh list while the cache holds one
        show(model, "detail")  // evicts home (list was touched last)
        show(model, "home")  // made again: the cache let it go
        #expect(seen == ["home new", "list new", "list new", "detail new", "home again"])
        #expect(model.isRecreating == false, "only while a maker runs")

        // A cache that keeps nothing: every creation after a name's first is a re-creation, a
        // refresh's fresh view still is not.
        seen.removeAll()
        let none = ViewModel(factory: factory, cachePolicy: bounded(0, .none), runLoop: runLoop)
        madeFor = none
        show(none, "home", "list")
        show(none, "home", "list")
        show(none, "detail")
        show(none, "home", "list")
        #expect(seen == ["home new", "list new", "home again", "list new", "detail new", "home again", "list again"])
    }

    @Test("policy none creates on every visit")
    func policyNoneCreatesEveryVisit() {
        let model = makeModel(cache: bounded(0, .none))
        show(model, "home")
        let first = model.currentSection
        show(model, "list")
        show(model, "home")
        #expect(model.currentSection !== first)
        #expect(model.statistics.creations == 3)
        #expect(model.statistics.cacheHits == 0)
        #expect(model.cachedControllers.isEmpty)
    }

    // MARK: History stack

    @Test("an unlimited history stack grows with every intent, the current one on top")
    func unlimitedHistoryGrows() {
        let model = makeModel(stack: .unlimited)
        for index in 0..<30 { show(model, index % 2 == 0 ? "home" : "list") }
        #expect(model.historyStack.count == 30)
        #expect(model.historyStack.last === model.currentIntent)
    }

    @Test("a bounded stack of 5 after 20 intents holds the 5 newest (the oldest dropped)")
    func boundedHistoryDropsOldest() {
        let model = makeModel(stack: .bounded(5))
        var fired: [Intent] = []
        for index in 0..<20 {
            let intent = Intent(section: index % 2 == 0 ? "home" : "list")
            fired.append(intent)
            #expect(throws: Never.self) { try model.setCurrentSection(intent) }
        }
        #expect(model.historyStack.count == 5)
        #expect(model.historyStack.map(ObjectIdentifier.init) == fired.suffix(5).map(ObjectIdentifier.init))
    }

    @Test("stack sizes as the original's integer: 0 is unlimited, 1 is disabled, N is bounded")
    func rawStackSizes() {
        #expect(HistoryStackSize(rawSize: 0) == .unlimited)
        #expect(HistoryStackSize(rawSize: 1) == .disabled)
        #expect(HistoryStackSize(rawSize: 5) == .bounded(5))
    }

    @Test("back pops one: the new top becomes current and is not pushed again")
    func backPopsOne() throws {
        let model = makeModel()
        show(model, "home")
        show(model, "list")
        let listIntent = model.currentIntent
        let list = model.currentSection
        show(model, "detail")
        try model.setCurrentSection(.back())
        #expect(model.historyStack.count == 2)
        #expect(model.historyStack.last === listIntent)
        #expect(model.currentIntent === listIntent)
        #expect(model.currentSection === list)
        #expect(model.statistics.backs == 1)
    }

    @Test("rewind pops two")
    func rewindPopsTwo() throws {
        let model = makeModel()
        show(model, "home")
        let homeIntent = model.currentIntent
        show(model, "list")
        show(model, "detail")
        try model.setCurrentSection(.rewind())
        #expect(model.historyStack.count == 1)
        #expect(model.currentIntent === homeIntent)
        #expect(model.currentSection?.name == "home")
        #expect(model.statistics.rewinds == 1)
    }

    @Test("back on a disabled stack is reported: an error, failedBacks + 1, nothing changes")
    func backOnDisabledStack() {
        let model = makeModel(stack: .disabled)
        show(model, "home")
        show(model, "list")
        #expect(model.historyStack.count == 1, "a disabled stack holds only the current intent")
        let before = (model.currentSection, model.currentIntent, model.statistics.intents)
        log.events.removeAll()
        #expect(throws: ViewFactoryError.historyDisabled) { try model.setCurrentSection(.back()) }
        #expect(throws: ViewFactoryError.historyDisabled) { try model.setCurrentSection(.rewind()) }
        #expect(model.statistics.failedBacks == 2)
        #expect(model.currentSection === before.0 && model.currentIntent === before.1)
        #expect(model.statistics.intents == before.2)
        #expect(log.events.isEmpty)
    }

    @Test("back or rewind that would pop the stack to empty is an error and changes nothing")
    func backToEmptyIsError() {
        let model = makeModel()
        #expect(throws: ViewFactoryError.historyEmpty) { try model.setCurrentSection(.back()) }
        show(model, "home")
        #expect(throws: ViewFactoryError.historyEmpty) { try model.setCurrentSection(.back()) }
        show(model, "list")
        #expect(throws: ViewFactoryError.historyEmpty) { try model.setCurrentSection(.rewind()) }
        #expect(model.historyStack.count == 2)
        #expect(model.currentSection?.name == "list")
        #expect(model.statistics.failedBacks == 3)
    }

    @Test("clearHistoryStack empties the stack; back then fails")
    func clearHistoryStack() {
        let model = makeModel()
        show(model, "home")
        show(model, "list")
        model.clearHistoryStack()
        #expect(model.historyStack.isEmpty)
        #expect(model.currentSection?.name == "list", "the screen stays")
        show(model, "detail")
        #expect(model.historyStack.count == 1)
        #expect(throws: ViewFactoryError.historyEmpty) { try model.setCurrentSection(.back()) }
    }

    // MARK: Errors and durations

    @Test("an unknown section is an error naming it, and nothing changes")
    func unknownSection() {
        let model = makeModel()
        show(model, "home")
        log.events.removeAll()
        #expect(throws: ViewFactoryError.unknownSection("nowhere")) {
            try model.setCurrentSection(Intent(section: "nowhere", view: "list"))
        }
        #expect(model.historyStack.count == 1)
        #expect(model.currentSection?.name == "home")
        #expect(log.events.isEmpty)
    }

    @Test("an unknown view is an error naming it, and nothing changes")
    func unknownView() {
        let model = makeModel()
        show(model, "home", "list")
        log.events.removeAll()
        #expect(throws: ViewFactoryError.unknownView("nowhere")) {
            try model.setCurrentSection(Intent(section: "section", view: "nowhere"))
        }
        #expect(model.historyStack.count == 1)
        #expect(model.currentView?.name == "list")
        #expect(model.cachedController(named: "section") == nil, "the section was not created")
        #expect(log.events.isEmpty)
    }

    @Test("transitions last 0.25 s for view animations, 0.5 s for push and pop, 0 for none")
    func transitionDurations() throws {
        #expect(AnimationStyle.none.duration == 0)
        #expect(AnimationStyle.push.duration == 0.5)
        #expect(AnimationStyle.pop.duration == 0.5)
        for style in [AnimationStyle.flipFromLeft, .flipFromRight, .curlUp, .curlDown, .crossDissolve] {
            #expect(style.duration == 0.25)
        }
        let model = makeModel()
        #expect(try model.setCurrentSection(Intent(section: "home", animation: .flipFromLeft)) == 0.25)
        #expect(try model.setCurrentSection(Intent(section: "list", animation: .push)) == 0.5)
        #expect(try model.setCurrentSection(Intent(section: "detail")) == 0)
        #expect(try model.setCurrentSection(.back()) == 0.5)
    }

    // MARK: Statistics

    @Test("statistics count intents, creations and events; resetStatistics zeroes them and keeps the cache")
    func statisticsAndReset() throws {
        let model = makeModel()
        show(model, "home", "list")
        show(model, "home", "detail")
        try model.setCurrentSection(.back())
        let stats = model.statistics
        #expect(stats.intents == 3)
        #expect(stats.backs == 1)
        #expect(stats.creations == 3)
        #expect(stats.onCreateCalls == 3)
        #expect(stats.onResumeCalls == 6)
        #expect(stats.onPauseCalls == 4)
        #expect(stats.cacheHits == 3 && stats.cacheMisses == 3)
        #expect(stats.hitRate == 0.5)
        model.resetStatistics()
        #expect(model.statistics == ViewModelStatistics())
        #expect(model.cachedControllers.count == 3)
    }
}
