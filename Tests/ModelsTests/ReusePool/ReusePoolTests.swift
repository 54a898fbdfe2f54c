import Models
import TestSupport
import Testing

/// One test per rule of the reuse-identifier flyweight (reusable-header-view-controllers.md).
@Suite("ReusePool")
struct ReusePoolTests {
    let screen = View()

    @Test("register appends the controller to its identifier's list, creating the list")
    func registerAppends() {
        let pool = ReusePool()
        let a = ViewController()
        let b = ViewController()
        pool.register(a, reuseIdentifier: "header")
        pool.register(b, reuseIdentifier: "header")
        pool.register(ViewController(), reuseIdentifier: "footer")
        #expect(pool.controllers(reuseIdentifier: "header").map(ObjectIdentifier.init) == [ObjectIdentifier(a), ObjectIdentifier(b)])
        #expect(pool.count == 3)
        #expect(pool.statistics.registrations == 3)
    }

    @Test("dequeue returns nil for an unknown identifier")
    func dequeueUnknownIdentifier() {
        let pool = ReusePool()
        pool.register(ViewController(), reuseIdentifier: "header")
        #expect(pool.dequeue(reuseIdentifier: "footer") == nil)
        #expect(pool.statistics.dequeues == 1)
        #expect(pool.statistics.hits == 0)
    }

    @Test("dequeue returns the first registered controller whose view has no superview")
    func dequeueFirstWithoutSuperview() {
        let pool = ReusePool()
        let a = ViewController()
        let b = ViewController()
        let c = ViewController()
        for controller in [a, b, c] { pool.register(controller, reuseIdentifier: "header") }
        screen.addSubview(a.view)
        #expect(pool.dequeue(reuseIdentifier: "header") === b)
        screen.addSubview(b.view)
        #expect(pool.dequeue(reuseIdentifier: "header") === c)
        a.view.removeFromSuperview()
        #expect(pool.dequeue(reuseIdentifier: "header") === a)
        #expect(pool.statistics.hits == 3)
    }

    @Test("dequeue loads the view to ask whether it has a superview")
    func dequeueLoadsView() {
        let pool = ReusePool()
        let controller = ViewController(nib: NibDescription(viewCount: 3, depth: 2, labelText: "H"))
        pool.register(controller, reuseIdentifier: "header")
        #expect(!controller.isViewLoaded)
        #expect(pool.dequeue(reuseIdentifier: "header") === controller)
        #expect(controller.isViewLoaded)
    }

    @Test("dequeue returns nil when every registered controller is on screen; the caller registers a new one")
    func dequeueNilWhenAllOnScreen() {
        let pool = ReusePool()
        let a = ViewController()
        pool.register(a, reuseIdentifier: "header")
        screen.addSubview(a.view)
        #expect(pool.dequeue(reuseIdentifier: "header") == nil)
        let fresh = ViewController()
        pool.register(fresh, reuseIdentifier: "header")
        #expect(pool.dequeue(reuseIdentifier: "header") === fresh)
    }

    @Test("a memory warning purges the pool; moderate pressure does not")
    func memoryWarningPurges() {
        let runLoop = RunLoop(refreshRate: 60)
        let pool = ReusePool(runLoop: runLoop)
        let a = ViewController()
        pool.register(a, reuseIdentifier: "header")
        runLoop.postMemoryPressure(.moderate)
        #expect(pool.count == 1)
        runLoop.postMemoryPressure(.warning)
        #expect(pool.count == 0)
        #expect(pool.dequeue(reuseIdentifier: "header") == nil)
        #expect(pool.statistics.purges == 1)
        #expect(pool.statistics.purgedControllers == 1)
    }
}
