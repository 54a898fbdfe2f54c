import Report
import Testing

@Suite("ResultRow")
struct ResultRowTests {
    @Test("columns keep their append order and are found by name")
    func orderAndLookup() {
        var row = ResultRow()
        row.append("policy", .string("lru"))
        row.append("hits", .uint(3))
        row.append("p99_ns", .uint(1_200))
        #expect(row.names == ["policy", "hits", "p99_ns"])
        #expect(row.values == [.string("lru"), .uint(3), .uint(1_200)])
        #expect(row["hits"] == .uint(3))
        #expect(row["misses"] == nil)
    }

    @Test("a column's role is the declared one unless the row overrides it")
    func roles() {
        let declared: [Column] = [
            .identity("policy", .text, "the policy"),
            .count("evictions", .lowerIsBetter, "evictions"),
            .measured("allocated_bytes", .bytes, .lowerIsBetter, "bytes allocated"),
            .count("ops", .neutral, "operations"),
        ]
        var row = ResultRow()
        row.append("policy", .string("lru"))
        row.append("evictions", .uint(1))
        row.append("allocated_bytes", .uint(4_096))
        row.append("ops", .uint(60), overridingRole: .measured)
        row.append("undeclared", .uint(2))
        #expect(row.role(of: "policy", declaredBy: declared) == .identity)
        #expect(row.role(of: "evictions", declaredBy: declared) == .count)
        #expect(row.role(of: "allocated_bytes", declaredBy: declared) == .measured)
        #expect(row.role(of: "ops", declaredBy: declared) == .measured, "the row's override")
        #expect(row.role(of: "undeclared", declaredBy: declared) == nil)
        #expect(row.role(of: "absent", declaredBy: declared) == nil)
        #expect(row.roleOverrides == ["ops": .measured])
    }

    @Test("rows are equal only with the same columns, values and role overrides")
    func equality() {
        var first = ResultRow()
        first.append("a", .int(1))
        var second = ResultRow()
        second.append("a", .int(1))
        #expect(first == second)
        var measured = ResultRow()
        measured.append("a", .int(1), overridingRole: .measured)
        #expect(first != measured)
        second.append("b", .empty)
        #expect(first != second)
    }
}
