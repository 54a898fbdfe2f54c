/// The factory's built-in views: registered by every ``ViewFactory`` when it is made, under the
/// names the original uses, and replaced by registering the same name again (the original's
/// `registerView:VIEW_BUILTIN_MAIN` with your own nib and subclass).
extension ViewFactory {
    /// `VIEW_BUILTIN_MAIN`: the root controller whose view hosts the current section.
    public static let builtinMain = "MCMainViewController"
    /// `VIEW_BUILTIN_ERROR`: the error dialog shown over the main view.
    public static let builtinError = "MCErrorViewController"
}

/// The built-in `MCMainViewController`: the window's root controller, a screen-sized view that
/// the view model puts the current section's view into.
open class MainViewController: FactoryViewController {
    /// The screen the built-in main view fills.
    public static let screen = Rect(x: 0, y: 0, width: 375, height: 667)

    public required init() {
        super.init(nib: nil)
    }

    /// A screen-sized, empty view (the built-in main view has no nib of its own).
    open override func loadView() -> View {
        View(frame: Self.screen)
    }
}

/// The built-in `MCErrorViewController`: a grey window with a title, a message body and a
/// Dismiss button, shown over the main view by ``ViewModel/showError(title:description:)``.
open class ErrorViewController: FactoryViewController {
    /// The title of the error on show (empty before the first).
    @exclusivity(unchecked) public private(set) var errorTitle = ""
    /// The message body of the error on show (empty before the first).
    @exclusivity(unchecked) public private(set) var errorDescription = ""
    /// Times an error was loaded into this dialog.
    @exclusivity(unchecked) public private(set) var errorsShown = 0

    /// The built-in dialog's nib: a panel, a title label, a message label and a button.
    public static let defaultNib = NibDescription(viewCount: 4, depth: 2, labelText: "Error")

    public required init() {
        super.init(nib: Self.defaultNib)
    }

    /// A dialog whose view is loaded from `nib` (a replacement's own look).
    public override init(nib: NibDescription?) {
        super.init(nib: nib)
    }

    /// `loadLatestErrorMessage`: takes the error to show.
    /// - Complexity: O(1)
    open func loadError(title: String, description: String) {
        errorTitle = title
        errorDescription = description
        errorsShown += 1
    }

    /// `dismissError:`, the Dismiss button: takes the dialog off the screen.
    /// - Complexity: O(*s*) for *s* sibling views.
    open func dismissError() {
        viewIfLoaded?.removeFromSuperview()
        removeFromParent()
    }
}
