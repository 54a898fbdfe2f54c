import Report
import Testing

@Suite("ResultRow")
struct ResultRowTests {
    @Test("columns keep their append order and are found by name")
    func orderAndLookup() {
        var row = ResultRow()
        row.append("policy", .string("lru"))
        row.append("hits", .uint(3))
        row.append("p99_ns", .uint(1_200), kind: .measured)
        #expect(row.names == ["policy", "hits", "p99_ns"])
        #expect(row.values == [.string("lru"), .uint(3), .uint(1_200)])
        #expect(row["hits"] == .uint(3))
        #expect(row["misses"] == nil)
    }

    @Test("columns are counts unless appended as measured")
    func kinds() {
        var row = ResultRow()
        row.append("evictions", .uint(1))
        row.append("allocated_bytes", .uint(4_096), kind: .measured)
        row.append("frames", .uint(60), kind: .count)
        #expect(row.kind(of: "evictions") == .count)
        #expect(row.kind(of: "allocated_bytes") == .measured)
        #expect(row.kind(of: "frames") == .count)
        #expect(row.kind(of: "absent") == nil)
        #expect(row.measuredColumns == ["allocated_bytes"])
    }

    @Test("rows are equal only with the same columns, values and kinds")
    func equality() {
        var first = ResultRow()
        first.append("a", .int(1))
        var second = ResultRow()
        second.append("a", .int(1))
        #expect(first == second)
        var measured = ResultRow()
        measured.append("a", .int(1), kind: .measured)
        #expect(first != measured)
        second.append("b", .empty)
        #expect(first != second)
    }
}
