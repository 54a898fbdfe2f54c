import Models
import Testing

/// The factory's built-in main and error views (manticore-iosviewfactory.md, "Basic Usage").
@Suite("ViewFactory built-in views")
struct BuiltinViewControllersTests {
    let runLoop = RunLoop(refreshRate: 60)

    final class CustomMain: FactoryViewController {}
    final class CustomError: ErrorViewController {}

    @Test("built-in views show when none are registered: a new factory makes the main and error views")
    func builtinsWithoutRegistration() throws {
        let factory = ViewFactory()
        #expect(factory.isRegistered(ViewFactory.builtinMain))
        #expect(factory.isRegistered(ViewFactory.builtinError))
        #expect(ViewFactory.builtinMain == "MCMainViewController")
        #expect(ViewFactory.builtinError == "MCErrorViewController")
        let main = try factory.create(ViewFactory.builtinMain)
        #expect(main is MainViewController)
        #expect(main.name == ViewFactory.builtinMain)
        #expect(main.view.frame == MainViewController.screen)
        #expect(try factory.create(ViewFactory.builtinError) is ErrorViewController)
        #expect(main.onCreateCount == 0, "create(_:) sends no events, built-in or not")
    }

    @Test("registering a built-in name replaces the built-in view with your own")
    func registeringReplacesBuiltins() throws {
        let factory = ViewFactory()
        factory.register(ViewFactory.builtinMain) { CustomMain() }
        factory.register(ViewFactory.builtinError) { CustomError(nib: NibDescription(viewCount: 9, depth: 3, labelText: "Oops")) }
        #expect(try factory.create(ViewFactory.builtinMain) is CustomMain)
        #expect(try factory.create(ViewFactory.builtinError) is CustomError)
        let model = ViewModel(factory: factory, runLoop: runLoop)
        #expect(model.mainController is CustomMain, "the view model's root is the registered main view")
        model.showError(title: "t", description: "d")
        #expect(model.errorController is CustomError)
        #expect(model.errorController?.view.treeSize == 9)
    }

    @Test("the view model's window is the main view, made through the factory without events or caching")
    func windowIsMainView() throws {
        let factory = ViewFactory()
        factory.register("home") { FactoryViewController() }
        let model = ViewModel(factory: factory, runLoop: runLoop)
        #expect(model.mainController is MainViewController)
        #expect(model.window === model.mainController.view)
        try model.setCurrentSection(Intent(section: "home"))
        #expect(model.currentSection?.view.superview === model.mainController.view)
        #expect(model.mainController.onCreateCount == 0)
        #expect(model.statistics.creations == 1, "only the section was created through the view model")
        #expect(model.cachedController(named: ViewFactory.builtinMain) == nil)
    }

    @Test("an error shows the built-in dialog over the main view, once made; history and screen stay")
    func errorShowsOverMainView() throws {
        let factory = ViewFactory()
        factory.register("home") { FactoryViewController() }
        let model = ViewModel(factory: factory, runLoop: runLoop)
        try model.setCurrentSection(Intent(section: "home"))
        let before = model.statistics
        model.showError(title: "Offline", description: "No connection")
        let dialog = try #require(model.errorController as? ErrorViewController)
        #expect(dialog.errorTitle == "Offline" && dialog.errorDescription == "No connection")
        #expect(model.window.subviews.last === dialog.view, "on top of the section")
        #expect(model.historyStack.count == 1)
        #expect(model.currentSection?.name == "home")
        var counted = before
        counted.errorsShown = 1
        #expect(model.statistics == counted, "no intent, creation or event: only the error is counted")
        model.showError(title: "Again", description: "Still offline")
        #expect(model.errorController === dialog, "the dialog is made once")
        #expect(dialog.errorsShown == 2 && dialog.errorTitle == "Again")
        #expect(model.window.subviews.filter { $0 === dialog.view }.count == 1)
        dialog.dismissError()
        #expect(dialog.view.superview == nil)
        #expect(model.currentSection?.view.superview === model.window)
    }
}
