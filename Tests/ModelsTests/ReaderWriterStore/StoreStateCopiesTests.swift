import Foundation
import Testing

@testable import Models

/// A store's copies of its state sit on cache lines of their own: a write to one copy (a
/// `replicated` replica replaying a `set`, `left-right`'s writer on the copy readers left) must
/// not touch a line another core reads the other copy through.
@Suite("ReaderWriterStore state copies")
struct StoreStateCopiesTests {
    @Test("each copy of the state starts its own 128-byte block, so writing one copy never touches another's cache lines",
          arguments: [StoreDesignName.leftRight, .replicated])
    func copiesDoNotShareCacheLines(design: StoreDesignName) {
        let store = Store(design: design)
        let copies = design.makeDesign().copies
        #expect(copies >= 2)
        let addresses = (0..<copies).map { copy in
            withUnsafePointer(to: &store.states[copy]) { Int(bitPattern: $0) }
        }
        for (copy, address) in addresses.enumerated() {
            #expect(address % 128 == 0, "copy \(copy) is not 128-byte aligned")
            if copy > 0 {
                #expect(address - addresses[copy - 1] >= 128, "copies \(copy - 1) and \(copy) share a block")
            }
        }
        // Writing through one copy leaves the others' addresses and contents alone.
        store["a"] = 1
        #expect(store["a"] == 1)
        #expect(store.invariantViolation() == nil)
    }

    @Test("the copies' stride is StoreState's own rounded up to 128 bytes")
    func strideIsWholeBlocks() {
        let stride = StoreStateCopies<String, Int>.stride
        #expect(stride % 128 == 0)
        #expect(stride >= MemoryLayout<StoreState<String, Int>>.stride)
    }
}
