import Testing

@testable import SwitchboardServer

/// Every operator of Amplify's filter and condition inputs, with DynamoDB's semantics.
@Suite struct ItemFilterTests {
    static let item: JSONObject = [
        "title": "Hello world", "rating": 4, "score": 2.5, "published": true, "tags": ["swift", "graphql"],
        "status": "DRAFT", "meta": ["a": 1],
    ]

    func matches(_ filter: JSON, _ item: JSONObject? = ItemFilterTests.item) throws(ExecutionError) -> Bool {
        try ItemFilter(kind: .filter).matches(item, filter.objectValue ?? JSONObject())
    }

    @Test func comparisonsAreTypedAndMissingAttributesFailThemExceptNe() throws {
        let cases: [(JSON, Bool)] = [
            (["rating": ["eq": 4]], true), (["rating": ["eq": 4.0]], true), (["rating": ["eq": "4"]], false),
            (["rating": ["ne": 5]], true), (["rating": ["ne": 4]], false), (["rating": ["ne": "4"]], true),
            (["missing": ["ne": 1]], true), (["missing": ["eq": 1]], false), (["missing": ["lt": 1]], false),
            (["rating": ["lt": 5]], true), (["rating": ["lt": 4]], false), (["rating": ["le": 4]], true),
            (["rating": ["gt": 3]], true), (["rating": ["ge": 5]], false), (["score": ["gt": 2]], true),
            (["title": ["gt": "Hello"]], true), (["title": ["lt": "hello"]], true), (["title": ["gt": 1]], false),
            (["published": ["eq": true]], true), (["published": ["ne": true]], false),
            (["status": ["eq": "DRAFT"]], true),
            (["rating": ["between": [4, 9]]], true), (["rating": ["between": [1, 4]]], true),
            (["rating": ["between": [5, 9]]], false), (["title": ["between": ["A", "I"]]], true),
        ]
        for (filter, expected) in cases { #expect(try matches(filter) == expected, "\(filter.text)") }
    }

    @Test func containsBeginsWithExistenceTypeAndSize() throws {
        let cases: [(JSON, Bool)] = [
            (["title": ["contains": "lo wo"]], true), (["title": ["contains": "xyz"]], false),
            (["tags": ["contains": "swift"]], true), (["tags": ["contains": "sw"]], false),
            (["tags": ["notContains": "rust"]], true), (["title": ["notContains": "world"]], false),
            (["missing": ["notContains": "x"]], true), (["missing": ["contains": "x"]], false),
            (["title": ["beginsWith": "Hell"]], true), (["title": ["beginsWith": "ello"]], false),
            (["rating": ["beginsWith": "4"]], false),
            (["title": ["attributeExists": true]], true), (["missing": ["attributeExists": false]], true),
            (["missing": ["attributeExists": true]], false),
            (["title": ["attributeType": "string"]], true), (["rating": ["attributeType": "number"]], true),
            (["published": ["attributeType": "bool"]], true), (["tags": ["attributeType": "list"]], true),
            (["meta": ["attributeType": "map"]], true), (["rating": ["attributeType": "string"]], false),
            (["missing": ["attributeType": "_null"]], false),
            (["title": ["size": ["eq": 11]]], true), (["tags": ["size": ["gt": 1, "lt": 3]]], true),
            (["tags": ["size": ["between": [3, 5]]]], false), (["rating": ["size": ["ge": 0]]], false),
        ]
        for (filter, expected) in cases { #expect(try matches(filter) == expected, "\(filter.text)") }
    }

    @Test func andOrNotAndSeveralOperatorsCombine() throws {
        let cases: [(JSON, Bool)] = [
            (["rating": ["gt": 1, "lt": 4]], false), (["rating": ["gt": 1, "lt": 5]], true),
            (["rating": ["eq": 4], "status": ["eq": "PUBLISHED"]], false),
            (["or": [["rating": ["eq": 1]], ["status": ["eq": "DRAFT"]]]], true),
            (["or": [["rating": ["eq": 1]], ["status": ["eq": "PUBLISHED"]]]], false),
            (["and": [["rating": ["eq": 4]], ["status": ["eq": "DRAFT"]]]], true),
            (["not": ["rating": ["eq": 4]]], false), (["not": ["or": [["rating": ["eq": 1]]]]], true),
            ([:], true), (["or": []], true),
        ]
        for (filter, expected) in cases { #expect(try matches(filter) == expected, "\(filter.text)") }
    }

    @Test func malformedBetweenIsADynamoDBValidationError() throws {
        for filter: JSON in [["rating": ["between": [1]]], ["rating": ["between": [9, 1]]]] {
            do throws(ExecutionError) {
                _ = try matches(filter)
                Issue.record("\(filter.text) was accepted")
            } catch {
                #expect(error.errorType == "DynamoDB:DynamoDbException")
                #expect(error.message.contains("BETWEEN"))
            }
        }
    }

    @Test func conditionsOnAMissingItemSeeEveryAttributeMissing() throws {
        #expect(try matches(["title": ["attributeExists": false]], nil))
        #expect(try !matches(["title": ["eq": "x"]], nil))
        #expect(try matches(["title": ["ne": "x"]], nil))
    }

    /// A page evaluates one compiled filter against items of differing shapes: the position an
    /// attribute was last found at must not answer for an item that keeps it elsewhere or lacks it.
    @Test func aCompiledFilterReadsEachItemWhereverItKeepsAnAttribute() throws {
        let expression: JSON = [
            "rating": ["ge": 2], "or": [["status": ["eq": "DRAFT"]], ["title": ["beginsWith": "A"]]],
            "not": ["rating": ["eq": 7]],
        ]
        let items: [JSONObject?] = [
            ["rating": 3, "status": "DRAFT", "title": "x"], ["title": "Ab", "status": "DONE", "rating": 5],
            ["status": "DRAFT", "rating": 1], ["title": "Az", "rating": 7], ["status": "DRAFT"], nil,
            ["rating": 2, "status": "DRAFT"], ["status": "DONE", "title": "B", "rating": 9],
        ]
        var compiled = try ItemFilter(kind: .filter).compile(expression.objectValue ?? JSONObject())
        #expect(compiled.attributes == ["rating", "status", "title"])
        let results = items.map { compiled.matches($0) }
        #expect(results == [true, true, false, false, false, false, true, false])
        // The same answers from a fresh filter per item, where no position carries over.
        #expect(results == (try items.map { try matches(expression, $0) }))
    }

    /// DynamoDB refuses an invalid expression before reading any item, so an empty table or a
    /// short-circuited branch does not hide it.
    @Test func anInvalidOperatorIsRefusedBeforeAnyItemIsRead() throws {
        let unreached: JSON = ["rating": ["eq": 99], "or": [["rating": ["between": [9, 1]]]]]
        #expect(throws: ExecutionError.self) { try ItemFilter(kind: .filter).compile(unreached.objectValue!) }
        let unknown: JSON = ["rating": ["near": 1]]
        do throws(ExecutionError) {
            _ = try ItemFilter(kind: .condition).compile(unknown.objectValue!)
            Issue.record("an unknown operator was accepted")
        } catch {
            #expect(error.message.hasPrefix("Invalid ConditionExpression: unsupported operator near"))
        }
    }

    /// DynamoDB compares strings by their UTF-8 bytes; Swift's `==` and `contains` would call a
    /// precomposed "é" equal to "e" and a combining accent.
    @Test func stringsCompareByTheirUTF8Bytes() throws {
        let item: JSONObject = ["title": "caf\u{E9} au lait", "word": "aaab"]
        let cases: [(JSON, Bool)] = [
            (["title": ["eq": "caf\u{E9} au lait"]], true), (["title": ["eq": "cafe\u{301} au lait"]], false),
            (["title": ["ne": "cafe\u{301} au lait"]], true), (["title": ["contains": "\u{E9} au"]], true),
            (["title": ["contains": "e\u{301}"]], false), (["title": ["contains": ""]], true),
            (["title": ["contains": "caf\u{E9} au lait!"]], false), (["title": ["contains": "lait"]], true),
            (["word": ["contains": "ab"]], true), (["word": ["contains": "aab"]], true),
            (["word": ["contains": "abc"]], false), (["word": ["contains": "b"]], true),
            (["word": ["contains": "ba"]], false),
        ]
        for (filter, expected) in cases { #expect(try matches(filter, item) == expected, "\(filter.text)") }
    }

    /// DynamoDB refuses an expression of more than 300 operators and functions, counted in the
    /// expression Amplify's resolvers write: n `contains` tests in an `or` are n functions and
    /// n - 1 `OR`s; `notContains` is `NOT contains(…)`.
    @Test func expressionsOfMoreThanThreeHundredOperatorsAreRefused() throws {
        func anyOf(_ count: Int, _ test: String = "contains") -> JSON {
            ["or": .array((0..<count).map { ["title": [test: .string("t\($0)")]] })]
        }
        #expect(try !matches(anyOf(150)))  // 299 operators
        // DynamoDB stops counting at the first operator too many: its message always says 301.
        let refused: [(JSON, ItemFilter.Kind)] = [
            (anyOf(151), .filter), (anyOf(101, "notContains"), .condition),
            (["and": [anyOf(150), ["rating": ["gt": 1, "lt": 9]]]], .filter),
        ]
        for (expression, kind) in refused {
            do throws(ExecutionError) {
                _ = try ItemFilter(kind: kind).compile(expression.objectValue ?? JSONObject())
                Issue.record("\(expression.text.prefix(80)) was accepted")
            } catch {
                #expect(error.errorType == "DynamoDB:DynamoDbException")
                #expect(
                    error.message.hasPrefix(
                        "Invalid \(kind.rawValue): The expression contains too many operators; operator count: 301 "),
                    "\(error.message)")
            }
        }
    }
}
