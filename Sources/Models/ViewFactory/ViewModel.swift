/// MCViewModel: the current section and view, the view cache and the history stack.
///
/// Firing an intent (``setCurrentSection(_:)``) follows the original's order: update the history
/// stack; get or create the section (created through the factory, `onCreate` once, then cached);
/// the same for the view; if the intent names the current section and the current view, a fresh
/// view instance replaces the cached one (`onCreate` again); `onPause` on the current view, then
/// the current section, with the intent being left; swap (the new section's view into ``window``,
/// the view's view inside the section's view and the view a child of the section; the old ones
/// removed); `onResume` on the new section, then its view, with the intent shown.
///
/// The history stack holds the intents themselves (oldest first, the current one on top). With
/// the stack ``HistoryStackSize/disabled`` it holds only the current intent; after
/// ``clearHistoryStack()`` it is empty until the next forward intent.
public final class ViewModel {
    /// Where controllers come from.
    public let factory: ViewFactory
    /// How the view cache keeps controllers.
    public let cachePolicy: ViewCachePolicy
    /// How many intents the history stack keeps.
    public let stackSize: HistoryStackSize
    /// The run loop memory warnings arrive from and repopulation is queued on.
    public let runLoop: RunLoop
    /// The root controller, made through the factory as ``ViewFactory/builtinMain`` (the built-in
    /// ``MainViewController`` unless that name was registered again): no events, not cached.
    public let mainController: FactoryViewController
    /// The screen, the main controller's view: the current section's view is its subview.
    public let window: View
    /// The error dialog, made through the factory as ``ViewFactory/builtinError`` on the first
    /// ``showError(title:description:)`` and kept.
    @exclusivity(unchecked) public private(set) var errorController: FactoryViewController?

    /// The section on screen.
    @exclusivity(unchecked) public private(set) var currentSection: FactoryViewController?
    /// The view on screen inside the current section; `nil` for a section shown alone.
    @exclusivity(unchecked) public private(set) var currentView: FactoryViewController?
    /// The intent on screen (for a back or rewind, the intent restored from the stack).
    @exclusivity(unchecked) public private(set) var currentIntent: Intent?
    /// The history, oldest first; the top is the current intent.
    @exclusivity(unchecked) public private(set) var historyStack: [Intent] = []
    /// Whether the controller the factory is making now re-makes one the view cache let go (or,
    /// with a cache that keeps nothing, never kept): its name was made before and the look-up
    /// missed. False for a name's first controller and for a refresh's fresh view (the same
    /// section and view again), which the original makes whatever the cache holds. A factory
    /// maker reads it while it runs (the device time lost to re-creation).
    @exclusivity(unchecked) public private(set) var isRecreating = false
    /// The names the factory has made a controller for.
    @exclusivity(unchecked) private var madeNames: Set<String> = []

    private let cache: ViewCache

    /// Logs every look-up of the view cache (the name, 1 controller, the run loop's time) when set.
    public var requestLog: CacheRequestLog? {
        get { cache.requestLog }
        set { cache.requestLog = newValue }
    }
    @exclusivity(unchecked) private var counters = ViewModelStatistics()

    /// Creates a view model over `factory`, registered for memory-pressure notifications on
    /// `runLoop`. `evictionPolicy` replaces the policy object a bounded cache policy names (an
    /// ``OptimalPolicy`` built from a recorded stream).
    public init(
        factory: ViewFactory, cachePolicy: ViewCachePolicy = .forever, stackSize: HistoryStackSize = .unlimited, runLoop: RunLoop,
        evictionPolicy: (any EvictionPolicy)? = nil
    ) {
        self.factory = factory
        self.cachePolicy = cachePolicy
        self.stackSize = stackSize
        self.runLoop = runLoop
        cache = ViewCache(policy: cachePolicy, runLoop: runLoop, evictionPolicy: evictionPolicy)
        let makeMain = factory.maker(for: ViewFactory.builtinMain) ?? { MainViewController() }
        mainController = factory.instantiate(ViewFactory.builtinMain, with: makeMain)
        window = mainController.view
        runLoop.addMemoryPressureObserver { [weak self] level in self?.handleMemoryPressure(level) }
    }

    // MARK: Intents

    /// Fires `intent` (`setCurrentSection:`), in the order described on ``ViewModel``.
    ///
    /// A back (`.last`) pops the top of the history stack and shows the new top, which is not
    /// pushed again; a rewind pops two. The intent shown is then the one restored from the stack,
    /// so its `savedInstanceState` is what was stored or modified in it.
    /// - Returns: the transition's virtual duration in seconds (`intent.animation.duration`; for
    ///   a back or rewind, the animation of the back intent fired).
    /// - Throws: ``ViewFactoryError/unknownSection(_:)`` or ``ViewFactoryError/unknownView(_:)``
    ///   for an unregistered name (or a view named like its own section);
    ///   ``ViewFactoryError/historyDisabled`` for a back or rewind with the stack disabled;
    ///   ``ViewFactoryError/historyEmpty`` for one that would pop the stack to empty (both counted
    ///   in `failedBacks`). Nothing changes and no event is sent when it throws.
    /// - Complexity: O(1) plus the controllers' work (creation, view loading, events), the
    ///   evictions caused, and O(*h*) to drop the oldest of *h* bounded history entries.
    @discardableResult
    public func setCurrentSection(_ intent: Intent) throws(ViewFactoryError) -> Double {
        // Resolve and validate first: a refused intent changes nothing.
        let destination: Intent
        let pops: Int
        switch intent.target {
        case .section:
            destination = intent
            pops = 0
        case .last, .rewind:
            pops = intent.target == .last ? 1 : 2
            guard stackSize != .disabled else {
                counters.failedBacks += 1
                throw .historyDisabled
            }
            guard historyStack.count > pops else {
                counters.failedBacks += 1
                throw .historyEmpty
            }
            destination = historyStack[historyStack.count - 1 - pops]
        }
        // Only section intents are pushed, so a restored intent always names a section.
        guard case .section(let sectionName, let viewName) = destination.target else { throw .historyEmpty }
        guard let makeSection = factory.maker(for: sectionName) else { throw .unknownSection(sectionName) }
        var makeView: (() -> FactoryViewController)?
        if let viewName {
            guard viewName != sectionName, let maker = factory.maker(for: viewName) else { throw .unknownView(viewName) }
            makeView = maker
        }

        // 1. The history stack.
        if pops == 0 {
            push(intent)
        } else {
            historyStack.removeLast(pops)
            if pops == 1 { counters.backs += 1 } else { counters.rewinds += 1 }
        }

        // 2. The section, then 3. the view, from the cache or newly created.
        let section = obtain(sectionName, make: makeSection)
        var page: FactoryViewController?
        if let viewName, let makeView {
            if sectionName == currentSection?.name, viewName == currentView?.name {
                // The same section and view again: a fresh view instance replaces the cached one.
                counters.viewRefreshes += 1
                requestLog?.record(viewName, size: 1, time: runLoop.now)
                page = create(viewName, make: makeView)
            } else {
                page = obtain(viewName, make: makeView)
            }
        }

        // 4. Pause what is on screen, view first.
        if let outgoing = currentIntent {
            if let currentView { pause(currentView, outgoing) }
            if let currentSection { pause(currentSection, outgoing) }
        }

        // 5. Swap.
        swap(to: section, page: page)
        currentSection = section
        currentView = page
        currentIntent = destination

        // 6. Resume the new screen, section first.
        resume(section, destination)
        if let page { resume(page, destination) }

        counters.intents += 1
        return intent.animation.duration
    }

    /// Pushes a forward intent, dropping the oldest entries first when the stack is full.
    private func push(_ intent: Intent) {
        switch stackSize {
        case .disabled:
            historyStack = [intent]
        case .unlimited:
            historyStack.append(intent)
        case .bounded(let size):
            let capacity = max(1, size)
            if historyStack.count >= capacity { historyStack.removeFirst(historyStack.count - capacity + 1) }
            historyStack.append(intent)
        }
    }

    /// The cached controller for `name`, or a new one (created, `onCreate`, then cached).
    private func obtain(_ name: String, make: () -> FactoryViewController) -> FactoryViewController {
        if let cached = cache.lookUp(name) { return cached }
        isRecreating = madeNames.contains(name)
        defer { isRecreating = false }
        return create(name, make: make)
    }

    /// A new controller for `name` through the factory: `onCreate`, then cached (replacing any
    /// instance cached under the name).
    private func create(_ name: String, make: () -> FactoryViewController) -> FactoryViewController {
        let controller = factory.instantiate(name, with: make)
        madeNames.insert(name)
        counters.creations += 1
        counters.onCreateCalls += 1
        controller.performCreate()
        cache.insert(controller, as: name, recreationCost: factory.recreationCost(of: name))
        return controller
    }

    private func pause(_ controller: FactoryViewController, _ intent: Intent) {
        counters.onPauseCalls += 1
        controller.performPause(intent)
    }

    private func resume(_ controller: FactoryViewController, _ intent: Intent) {
        counters.onResumeCalls += 1
        controller.performResume(intent)
    }

    /// Takes the old view and section off screen (unless they stay) and puts the new ones on:
    /// the section's view into the window, the view's view inside it and the view a child of the
    /// section. Views not loaded yet are not loaded to be removed.
    private func swap(to section: FactoryViewController, page: FactoryViewController?) {
        if let oldPage = currentView, oldPage !== page {
            oldPage.viewIfLoaded?.removeFromSuperview()
            oldPage.removeFromParent()
        }
        if let oldSection = currentSection, oldSection !== section {
            oldSection.viewIfLoaded?.removeFromSuperview()
        }
        let sectionView = section.view
        window.addSubview(sectionView)
        if let page {
            sectionView.addSubview(page.view)
            section.addChild(page)
        }
    }

    // MARK: Errors

    /// `setErrorTitle:andDescription:`: shows the error dialog over the main view, on top of what
    /// is on screen. The dialog is made once (through the factory, no events, not cached) and
    /// moved to the top again for each error; the history stack, the cache and the current
    /// section are untouched. A replacement registered as ``ViewFactory/builtinError`` that is
    /// not an ``ErrorViewController`` is shown without the text.
    /// - Complexity: O(1) plus loading the dialog's view the first time.
    public func showError(title: String, description: String) {
        let dialog: FactoryViewController
        if let errorController {
            dialog = errorController
        } else {
            let makeError = factory.maker(for: ViewFactory.builtinError) ?? { ErrorViewController() }
            dialog = factory.instantiate(ViewFactory.builtinError, with: makeError)
            errorController = dialog
        }
        dialog.viewIfLoaded?.removeFromSuperview()
        dialog.removeFromParent()
        (dialog as? ErrorViewController)?.loadError(title: title, description: description)
        window.addSubview(dialog.view)
        counters.errorsShown += 1
    }

    // MARK: History and cache

    /// Empties the history stack (the screen stays as it is).
    /// - Complexity: O(*h*) for *h* entries.
    public func clearHistoryStack() {
        historyStack.removeAll()
    }

    /// Flushes the view cache without any destroy event: the next visit creates the controller
    /// again and calls `onCreate` again. What is on screen stays on screen.
    /// - Complexity: O(*n*) for *n* cached controllers.
    public func clearViewCache() {
        cache.removeAll()
    }

    /// Sheds under memory pressure (also called for every notification posted on ``runLoop``).
    /// `warning` flushes the cache: `forever` drops everything; `bounded` evicts everything
    /// through the in-use mode (`repopulate` re-adds the on-screen section and view on the next
    /// tick, `pin` keeps them, `drop` loses them). `moderate`: `bounded` trims to half its
    /// capacity in policy order (`pin`: oldest-first, as the controller cache); `forever` ignores it.
    /// - Complexity: O(*n*) for *n* cached controllers.
    public func handleMemoryPressure(_ level: MemoryPressureLevel) {
        counters.memoryPressureEvents += 1
        cache.handleMemoryPressure(level)
    }

    // MARK: Inspection

    /// The controllers resident in the view cache, by name (pending repopulations excluded).
    /// - Complexity: O(*n* log *n*) for *n* cached controllers.
    public var cachedControllers: [FactoryViewController] { cache.cachedControllers }

    /// The controller cached under `name`, without counting a look-up or touching the policy.
    /// - Complexity: O(1)
    public func cachedController(named name: String) -> FactoryViewController? { cache.peek(name) }

    /// Evicted on-screen controllers waiting to be re-added on the next tick (`repopulate`).
    public var pendingRepopulationCount: Int { cache.pendingRepopulationCount }

    /// What the view model and its cache have done since they were made or last reset.
    /// - Complexity: O(1)
    public var statistics: ViewModelStatistics {
        var merged = counters
        let fromCache = cache.counters
        merged.cacheHits = fromCache.cacheHits
        merged.cacheMisses = fromCache.cacheMisses
        merged.evictions = fromCache.evictions
        merged.repopulations = fromCache.repopulations
        merged.inUseDropped = fromCache.inUseDropped
        merged.pinnedRefusals = fromCache.pinnedRefusals
        merged.cacheFlushes = fromCache.cacheFlushes
        return merged
    }

    /// Zeroes the statistics (the end of a warm-up); the screen, cache and history stay.
    public func resetStatistics() {
        counters = ViewModelStatistics()
        cache.resetCounters()
    }
}
