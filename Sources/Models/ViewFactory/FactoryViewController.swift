/// A controller with Manticore's lifecycle (MCViewController and MCSectionViewController alike):
/// `onCreate` once when an intent first shows it, then `onPause` / `onResume` each time an intent
/// leaves or reaches it.
///
/// The view model counts the calls around them, so overrides need not call `super`.
/// ``ViewFactory/create(_:)`` makes instances without calling any of them.
open class FactoryViewController: ViewController {
    /// The registered name the controller was made for (set by the factory).
    @exclusivity(unchecked) public internal(set) var name: String = ""
    /// Times `onCreate()` was called by the view model.
    @exclusivity(unchecked) public private(set) var onCreateCount = 0
    /// Times `onResume(_:)` was called by the view model.
    @exclusivity(unchecked) public private(set) var onResumeCount = 0
    /// Times `onPause(_:)` was called by the view model.
    @exclusivity(unchecked) public private(set) var onPauseCount = 0

    /// A controller for a programmatic interface (no nib).
    public required init() {
        super.init(nib: nil)
    }

    /// A controller whose view is loaded from `nib`.
    public override init(nib: NibDescription?) {
        super.init(nib: nib)
    }

    /// Called once, the first time an intent shows this instance, for non-GUI set-up.
    open func onCreate() {}

    /// Called when an intent shows this controller; `intent.savedInstanceState` carries the
    /// sender's values (or, after a back, what was stored or modified in `onPause`).
    open func onResume(_ intent: Intent) {}

    /// Called when an intent leaves this controller, with the intent being left: state written
    /// into its `savedInstanceState` is found again on back.
    open func onPause(_ intent: Intent) {}

    /// Counts and calls `onCreate()`.
    /// - Complexity: O(1) plus the override's work.
    func performCreate() {
        onCreateCount += 1
        onCreate()
    }

    /// Counts and calls `onResume(_:)`.
    /// - Complexity: O(1) plus the override's work.
    func performResume(_ intent: Intent) {
        onResumeCount += 1
        onResume(intent)
    }

    /// Counts and calls `onPause(_:)`.
    /// - Complexity: O(1) plus the override's work.
    func performPause(_ intent: Intent) {
        onPauseCount += 1
        onPause(intent)
    }
}
