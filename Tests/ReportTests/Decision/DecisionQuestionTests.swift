import Testing

@testable import Report

@Suite("Decision: the question")
struct DecisionQuestionTests {
    @Test("--goal conditions: METRIC OP NUMBER, spaces optional, the longest operator wins; anything else is refused")
    func parsing() {
        #expect(DecisionQuestion.Condition(parsing: "hit_rate>=0.9") == .init("hit_rate", .atLeast, 0.9))
        #expect(DecisionQuestion.Condition(parsing: " instantiations < 200 ") == .init("instantiations", .less, 200))
        #expect(DecisionQuestion.Condition(parsing: "in_use_dropped==0") == .init("in_use_dropped", .equal, 0))
        #expect(DecisionQuestion.Condition(parsing: "a!=1")?.op == .notEqual)
        for bad in ["hit_rate", ">= 0.9", "hit_rate >= high", "hit rate >= 0.9", "hit_rate => 0.9", "hit_rate >= inf"] {
            #expect(DecisionQuestion.Condition(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("the goal as decision.csv writes it reads back; the decision metric is the goal's first column")
    func goalText() {
        let question = DecisionQuestion(goal: [.init("hit_rate", .atLeast, 0.9), .init("instantiations", .atMost, 200)])
        #expect(question.goalText == "hit_rate >= 0.9 and instantiations <= 200")
        #expect(DecisionQuestion.goal(parsing: question.goalText) == question.goal)
        #expect(question.metric == "hit_rate" && question.share == 0.95 && question.minimize == "sweep")
    }
}
