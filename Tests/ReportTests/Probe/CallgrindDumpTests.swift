import Report
import Testing

@Suite("callgrind dumps")
struct CallgrindDumpTests {
    static let dump = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        pid: 4242
        cmd:  ./workbench run t.yaml
        part: 2
        desc: I1 cache:
        desc: Timerange: Basic block 0 - 57378768
        desc: Trigger: Client Request: run-3-seed-7

        positions: line
        events: Ir
        summary: 8951136
        fn=(1) main
        0 12
        totals: 8951136
        """

    @Test("the instruction count of a dump is its totals line's Ir, when its trigger is the client request of the label")
    func readsTotals() {
        #expect(CallgrindDump.instructions(in: Self.dump) == 8_951_136)
        #expect(CallgrindDump.instructions(in: Self.dump, label: "run-3-seed-7") == 8_951_136)
        #expect(CallgrindDump.instructions(in: Self.dump, label: "run-4-seed-7") == nil)
        #expect(CallgrindDump.instructions(in: "version: 1\nevents: Ir\n") == nil)
        #expect(CallgrindDump.instructions(in: "events: Ir Dr\nsummary: 12 3\n") == 12)
    }

    @Test("outside callgrind, instruction counting is off and its calls do nothing")
    func inactiveNatively() {
        #expect(!InstructionCounter.isActive)
        InstructionCounter.start()
        #expect(InstructionCounter.excluding { 41 + 1 } == 42)
        InstructionCounter.stop()
        #expect(InstructionCounter.take(label: "run-0-seed-1") == nil)
    }
}
