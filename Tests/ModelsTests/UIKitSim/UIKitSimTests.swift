import Models
import Testing

@Suite("Simulated UI substrate")
struct UIKitSimTests {
    @Test(
        "a nib builds a real tree with exactly its view count and depth, every leaf labelled",
        arguments: [(1, 1), (10, 3), (24, 3), (7, 7), (50, 4)])
    func nibBuildsTree(views: Int, depth: Int) {
        let nib = NibDescription(viewCount: views, depth: depth, labelText: "Name")
        let root = nib.instantiate()
        #expect(root.treeSize == views)
        #expect(root.treeDepth == depth)
        #expect(root.allText.allSatisfy { $0.hasPrefix("Name ") })
        #expect(!root.allText.isEmpty)
    }

    @Test("a controller's view loads lazily, once")
    func viewLoadsLazily() {
        let controller = ViewController(nib: NibDescription(viewCount: 5, depth: 2, labelText: "L"))
        #expect(!controller.isViewLoaded)
        #expect(controller.viewIfLoaded == nil)
        let view = controller.view
        #expect(controller.view === view)
        #expect(controller.viewLoadCount == 1)
        #expect(view.treeSize == 5)
    }

    @Test("a navigation stack shows its top controller's view and pops to the previous one")
    func navigationStack() {
        let root = ViewController()
        let navigation = NavigationController(root: root)
        let detail = ViewController()
        navigation.push(detail)
        #expect(navigation.viewControllers.count == 2)
        #expect(detail.view.superview === navigation.view)
        #expect(root.view.superview == nil)
        #expect(detail.parent === navigation)
        #expect(navigation.pop() === detail)
        #expect(root.view.superview === navigation.view)
        #expect(navigation.pop() == nil, "the root is never popped")
    }

    final class Source: TableViewDataSource {
        var rows = [3, 2]
        var shown: [TableItem] = []
        var ended: [TableItem] = []
        func numberOfSections(in tableView: TableView) -> Int { rows.count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows[section] }
        func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { 40 }
        func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { 20 }
        func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double { section == 0 ? 10 : 0 }
        func tableView(_ tableView: TableView, viewFor item: TableItem) -> View {
            shown.append(item)
            return View()
        }
        func tableView(_ tableView: TableView, didEndDisplaying view: View, for item: TableItem) {
            ended.append(item)
        }
    }

    @Test("a table lays out the headers, rows and footers in its viewport and removes what scrolls off")
    func tableLayout() {
        let source = Source()
        let table = TableView(viewportHeight: 100)
        table.dataSource = source
        table.reloadData()
        // Layout: h0 0-20, r0 20-60, r1 60-100, r2 100-140, f0 140-150, h1 150-170, r0 170-210, r1 210-250
        #expect(table.contentHeight == 250)
        table.layoutSubviews()
        #expect(
            Array(table.visibleItems) == [.header(section: 0), .row(IndexPath(row: 0, section: 0)), .row(IndexPath(row: 1, section: 0))])
        #expect(table.subviews.count == 3)
        table.contentOffset = 65
        table.layoutSubviews()
        #expect(
            Array(table.visibleItems) == [
                .row(IndexPath(row: 1, section: 0)), .row(IndexPath(row: 2, section: 0)),
                .footer(section: 0), .header(section: 1),
            ])
        #expect(source.ended == [.header(section: 0), .row(IndexPath(row: 0, section: 0))])
        #expect(table.subviews.count == 4)
        #expect(table.visibleItemViews.allSatisfy { $0.superview === table })
        table.contentOffset = 10_000
        table.layoutSubviews()
        #expect(table.contentOffset == 150, "offset is clamped to the content")
        #expect(table.visibleItems.last == .row(IndexPath(row: 1, section: 1)))
        #expect(table.subviews.count == table.visibleItems.count)
    }

    @Test("reloading a table removes every visible view")
    func tableReload() {
        let source = Source()
        let table = TableView(viewportHeight: 100)
        table.dataSource = source
        table.reloadData()
        table.layoutSubviews()
        let views = table.visibleItemViews
        source.rows = [0, 1]
        table.reloadData()
        #expect(views.allSatisfy { $0.superview == nil })
        table.layoutSubviews()
        #expect(
            Array(table.visibleItems) == [
                .header(section: 0), .footer(section: 0), .header(section: 1), .row(IndexPath(row: 0, section: 1)),
            ])
    }
}

@Suite("Non-owning hierarchy links")
struct HierarchyLinkTests {
    @Test("a superview that goes away detaches its subviews")
    func superviewDeinitDetaches() {
        let child = View()
        do {
            let parent = View()
            parent.addSubview(child)
            #expect(child.superview === parent)
            #expect(child.hasSuperview)
        }
        #expect(child.superview == nil)
        #expect(!child.hasSuperview)
    }

    @Test("a parent controller that goes away releases its children, which are then unused")
    func parentDeinitReleasesChildren() {
        let child = ViewController()
        do {
            let parent = ViewController()
            parent.addChild(child)
            #expect(child.isInUse)
        }
        #expect(child.parent == nil)
        #expect(!child.isInUse)
    }

    @Test("a presenter that goes away leaves its presented controller unused")
    func presenterDeinitReleasesPresented() {
        let presented = ViewController()
        do {
            let presenter = ViewController()
            presenter.present(presented)
            #expect(presented.presentingViewController === presenter)
        }
        #expect(presented.presentingViewController == nil)
        #expect(!presented.isInUse)
    }

    @Test("a navigation controller that goes away releases its stack")
    func navigationDeinitReleasesStack() {
        let pushed = ViewController()
        do {
            let navigation = NavigationController(root: ViewController())
            navigation.push(pushed)
            #expect(pushed.navigationController === navigation)
        }
        #expect(pushed.navigationController == nil)
        #expect(pushed.inUseConditions.isEmpty)
    }

    @Test("moving a view to another superview updates its link")
    func reparenting() {
        let first = View()
        let second = View()
        let child = View()
        first.addSubview(child)
        second.addSubview(child)
        #expect(child.superview === second)
        #expect(first.subviews.isEmpty)
        child.removeFromSuperview()
        #expect(!child.hasSuperview)
    }
}

@Suite("Simulated UI substrate: every valid nib builds")
struct NibShapeTests {
    @Test("every nib with 0 < depth <= views builds, depth 1 with more views as two levels")
    func everyValidNibBuilds() {
        for views in 1...12 {
            for depth in 1...views {
                let root = NibDescription(viewCount: views, depth: depth, labelText: "L").instantiate()
                #expect(root.treeSize == views)
                #expect(root.treeDepth == (views > 1 ? max(depth, 2) : 1))
            }
        }
    }
}
