import Foundation
import Testing

@testable import Scenarios

@Suite("Study plan")
struct StudyPlanTests {
    static let table = """
        version: 1
        kind: scrolling-table
        duration: 4s
        warmup: 1s
        sample_interval: 500ms
        table: {sections: 1, rows_per_section: 3, cells: [{type: c, height: 44, nib: {views: 1, depth: 1}}]}
        scroll: [pause: 1s]
        cache: {capacity: 4, policies: [none, lru, fifo]}

        """

    static let readers = """
        version: 1
        name: store
        kind: parallel-readers
        duration: 2s
        warmup: 0s
        store: {designs: [rwlock, mutex]}
        keys: 100
        readers: {threads: 3, mix: {get: 100}}
        writers: {threads: 2, mix: {set: 100}}

        """

    static func plans() throws -> [ScenarioPlan] {
        [
            try ScenarioLoader.loadPlan(yaml: "name: a\n" + table, file: "a.yaml"),
            try ScenarioLoader.loadPlan(yaml: readers, file: "r.yaml"),
            try ScenarioLoader.loadPlan(yaml: "name: b\nsweep: {key: cache.capacity, values: [2, 3]}\n" + table, file: "b.yaml"),
        ]
    }

    @Test("every run of the study is in exactly one shard, for every shard count")
    func everyRunInExactlyOneShard() throws {
        let plans = try Self.plans()
        for count in 1...9 {
            let plan = StudyPlan(plans, shards: count)
            #expect(plan.shards.count == count)
            let assigned = plan.shards.flatMap { $0.runs.map(\.global) }
            #expect(assigned.sorted() == Array(0..<plan.runs.count), "\(count) shards")
            #expect(Set(assigned).count == assigned.count)
        }
    }

    @Test("a shard's runs are the runs `run --shard K/N` selects")
    func shardsMatchRunShard() throws {
        let plans = try Self.plans()
        let counts = plans.map { ScenarioRunner.runs(for: $0).count }
        for count in 1...5 {
            let plan = StudyPlan(plans, shards: count)
            for shardPlan in plan.shards {
                let selections = Shard(index: shardPlan.shard.index, count: count).selections(runCounts: counts)
                for (file, selected) in selections.enumerated() {
                    #expect(Set(shardPlan.runs.filter { $0.file == file }.map(\.index)) == selected)
                }
            }
        }
    }

    @Test("work is warm-up plus duration per run; a parallel-readers run needs readers + writers CPUs and counts in real time")
    func workAndCPUs() throws {
        let plan = StudyPlan(try Self.plans(), shards: 1)
        // a: 3 runs, store: 2 designs, b: 2 points × 3 policies.
        #expect(plan.runs.count == 11)
        #expect(plan.runCounts == [3, 2, 6])
        let shard = try #require(plan.shards.first)
        let seconds: Double = 3 * 5 + 2 * 2 + 6 * 5
        #expect(shard.seconds == seconds)
        #expect(shard.cpus == 5)
        let simulated: Double = 9 * 5
        #expect(abs(shard.wallSeconds - (4 + simulated / StudyPlan.simulationSpeedup)) < 1e-9)
        // The scrolling-table scenarios hold 8 rows per run until written; b holds 6 runs.
        let rows: Double = 6 * 8
        #expect(shard.memoryBytes == StudyPlan.baseMemoryBytes + rows * StudyPlan.bytesPerSample)
        let split = StudyPlan(try Self.plans(), shards: 11)
        #expect(split.shards.map(\.cpus) == [1, 1, 1, 5, 5, 1, 1, 1, 1, 1, 1])
    }
}
