import Models
import Testing

@Suite("Run loop")
struct RunLoopTests {
    @Test("work queued during a tick runs at the start of the next, in order; work it queues waits a tick")
    func nextTickOrdering() {
        let loop = RunLoop(refreshRate: 120)
        var log: [String] = []
        loop.perform {
            log.append("a"); loop.perform { log.append("c") }
        }
        loop.perform { log.append("b") }
        #expect(log.isEmpty)
        loop.advance()
        #expect(log == ["a", "b"])
        loop.advance()
        #expect(log == ["a", "b", "c"])
        #expect(loop.tick == 2)
        #expect(abs(loop.now - 2.0 / 120) < 1e-12)
    }

    @Test("cancelled work does not run")
    func cancel() {
        let loop = RunLoop(refreshRate: 60)
        var ran = false
        let token = loop.perform { ran = true }
        #expect(loop.cancel(token))
        loop.advance()
        #expect(!ran)
    }
}

extension RunLoopTests {
    @Test("an idle tick does no work: after queued work has run, advancing keeps nothing pending")
    func idleTick() {
        let loop = RunLoop(refreshRate: 60)
        var runs = 0
        loop.perform { runs += 1 }
        loop.advance()
        loop.advance()
        loop.advance()
        #expect(runs == 1)
        #expect(loop.pendingCount == 0)
    }
}
