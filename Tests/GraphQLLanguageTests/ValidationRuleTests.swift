import Foundation
import TestSupport
import Testing

@testable import GraphQLLanguage

/// One document and every error it must produce, as `message (line:column, …)`.
struct RuleCase: Sendable, CustomTestStringConvertible {
    var rule: String
    var document: String
    var errors: [String]
    var testDescription: String { rule + (errors.isEmpty ? " (valid)" : " (invalid)") }

    init(_ rule: String, _ document: String, _ errors: [String] = []) {
        self.rule = rule
        self.document = document
        self.errors = errors
    }
}

/// A valid and an invalid case for every rule of the specification's section 5, against the
/// library schema of the validation corpus (Tests/Fixtures/graphql/validation/library).
@Suite struct ValidationRuleTests {
    static let schema: Schema? = {
        let url = SharedTestData.fixture("graphql/validation/library/schema.graphqls")
        guard let sdl = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return try? Schema(sdl: sdl)
    }()

    static let cases: [RuleCase] = [
        RuleCase("ExecutableDefinitions", "{ books { id } }"),
        RuleCase(
            "ExecutableDefinitions", "{ books { id } }\nscalar Extra\nextend schema @trace",
            ["The \"Extra\" definition is not executable. (2:1)", "The schema definition is not executable. (3:1)"]),
        RuleCase("UniqueOperationNames", "query A { books { id } }\nquery B { books { id } }"),
        RuleCase(
            "UniqueOperationNames", "query A { books { id } }\nmutation A { removeBook(id: 1) }",
            ["There can be only one operation named \"A\". (1:1, 2:1)"]),
        RuleCase("LoneAnonymousOperation", "{ books { id } }"),
        RuleCase(
            "LoneAnonymousOperation", "{ books { id } }\n{ books { title } }",
            [
                "This anonymous operation must be the only defined operation. (1:1)",
                "This anonymous operation must be the only defined operation. (2:1)",
            ]),
        RuleCase("SingleFieldSubscriptions", "subscription S { bookAdded { id } }"),
        RuleCase(
            "SingleFieldSubscriptions", "subscription S { bookAdded { id } bookRemoved __typename }",
            [
                "Subscription \"S\" must select only one top level field. (1:35, 1:47)",
                "Subscription \"S\" must not select an introspection top level field. (1:47)",
            ]),
        RuleCase(
            "SingleFieldSubscriptions", "subscription { ... on Subscription { bookAdded { id } bookRemoved } }",
            ["Anonymous Subscription must select only one top level field. (1:55)"]),
        RuleCase(
            "FieldsOnCorrectType", "{ featured { title ... on Book { pages } } search(text: \"x\") { __typename } }"),
        RuleCase(
            "FieldsOnCorrectType", "{ book(id: 1) { titel } featured { isbn } }",
            [
                "Cannot query field \"titel\" on type \"Book\". Did you mean \"title\"? (1:17)",
                "Cannot query field \"isbn\" on type \"Publication\". Did you mean to use an inline fragment on \"Book\"? (1:36)",
            ]),
        RuleCase(
            "FieldsOnCorrectType", "{ search(text: \"x\") { title } }",
            [
                "Cannot query field \"title\" on type \"SearchHit\". Did you mean to use an inline fragment on \"Publication\", \"Book\", or \"Magazine\"? (1:23)"
            ]),
        RuleCase("FragmentsOnCompositeTypes", "{ featured { ... on Node { id } } }"),
        RuleCase(
            "FragmentsOnCompositeTypes", "{ featured { ... on Genre { id } ...G } }\nfragment G on Date { id }",
            [
                "Fragment cannot condition on non composite type \"Genre\". (1:14)",
                "Fragment \"G\" cannot condition on non composite type \"Date\". (2:1)",
            ]),
        RuleCase("KnownTypeNames", "query ($f: BookFilter) { books(filter: $f) { id } }"),
        RuleCase(
            "KnownTypeNames", "query ($f: BookFiltr) { books { ... on Boook { id } } }",
            [
                "Unknown type \"BookFiltr\". Did you mean \"BookFilter\"? (1:8)",
                "Unknown type \"Boook\". Did you mean \"Book\" or \"BookKey\"? (1:33)",
                "Variable \"$f\" is never used. (1:8)",
            ]),
        RuleCase("KnownFragmentNames", "{ books { ...B } }\nfragment B on Book { id }"),
        RuleCase("KnownFragmentNames", "{ books { ...Missing } }", ["Unknown fragment \"Missing\". (1:11)"]),
        RuleCase("NoUnusedFragments", "{ books { ...B } }\nfragment B on Book { ...C }\nfragment C on Book { id }"),
        RuleCase(
            "NoUnusedFragments", "{ books { id } }\nfragment B on Book { ...C }\nfragment C on Book { id }",
            ["Fragment \"B\" is never used. (2:1)", "Fragment \"C\" is never used. (3:1)"]),
        RuleCase(
            "PossibleFragmentSpreads",
            "{ featured { ... on Book { id } ... on Node { id } } node(id: 1) { ...P } }\nfragment P on Publication { title }"
        ),
        RuleCase(
            "PossibleFragmentSpreads",
            "{ book(id: 1) { ... on Magazine { issue } ...A } }\nfragment A on Author { name }",
            [
                "Fragment cannot be spread here as objects of type \"Book\" can never be of type \"Magazine\". (1:17)",
                "Fragment \"A\" cannot be spread here as objects of type \"Book\" can never be of type \"Author\". (1:43)",
            ]),
        RuleCase("NoFragmentCycles", "{ books { ...A } }\nfragment A on Book { ...B }\nfragment B on Book { id }"),
        RuleCase(
            "NoFragmentCycles", "{ books { ...A } }\nfragment A on Book { ...B }\nfragment B on Book { ...A }",
            ["Cannot spread fragment \"A\" within itself via \"B\". (2:22, 3:22)"]),
        RuleCase("UniqueVariableNames", "query ($a: Int, $b: Int) { books(limit: $a) { rating(scale: $b) } }"),
        RuleCase(
            "UniqueVariableNames", "query ($a: Int, $a: Int) { books(limit: $a) { id } }",
            ["There can be only one variable named \"$a\". (1:8, 1:17)"]),
        RuleCase(
            "VariablesAreInputTypes",
            "query ($g: [Genre!]!, $f: BookFilter) { search(text: \"\", genres: $g) { __typename } books(filter: $f) { id } }"
        ),
        RuleCase(
            "VariablesAreInputTypes", "query ($b: Book, $u: [SearchHit]) { books { id } }",
            [
                "Variable \"$b\" cannot be non-input type \"Book\". (1:8)",
                "Variable \"$u\" cannot be non-input type \"[SearchHit]\". (1:18)",
                "Variable \"$b\" is never used. (1:8)", "Variable \"$u\" is never used. (1:18)",
            ]),
        RuleCase("NoUndefinedVariables", "query Q($id: ID!) { book(id: $id) { ...R } }\nfragment R on Book { id }"),
        RuleCase(
            "NoUndefinedVariables", "query Q { book(id: $id) { ...R } }\nfragment R on Book { rating(scale: $s) }",
            [
                "Variable \"$id\" is not defined by operation \"Q\". (1:16, 1:1)",
                "Variable \"$s\" is not defined by operation \"Q\". (2:29, 1:1)",
            ]),
        RuleCase("NoUnusedVariables", "query ($s: Int!) { books { ...R } }\nfragment R on Book { rating(scale: $s) }"),
        RuleCase(
            "NoUnusedVariables", "query Q($s: Int!, $t: Int) { books { id } }",
            [
                "Variable \"$s\" is never used in operation \"Q\". (1:9)",
                "Variable \"$t\" is never used in operation \"Q\". (1:19)",
            ]),
        RuleCase(
            "VariablesInAllowedPosition",
            "query ($s: Int, $l: Int = 3) { book(id: 1) { rating(scale: $s) } books(limit: $l) { id } count(filter: {minPages: $l}) }"
        ),
        RuleCase(
            "VariablesInAllowedPosition",
            "query ($id: ID, $g: [Genre]) { book(id: $id) { id } search(text: \"\", genres: $g) { __typename } }",
            [
                "Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\". (1:8, 1:37)",
                "Variable \"$g\" of type \"[Genre]\" used in position expecting type \"[Genre!]\". (1:17, 1:70)",
            ]),
        RuleCase("KnownArgumentNames", "{ books(limit: 1, filter: {genre: POETRY}) { rating(scale: 10) } }"),
        RuleCase(
            "KnownArgumentNames", "{ books(limt: 1) { title @cached(tl: 1) } }",
            [
                "Unknown argument \"limt\" on field \"Query.books\". Did you mean \"limit\"? (1:9)",
                "Unknown argument \"tl\" on directive \"@cached\". Did you mean \"ttl\"? (1:34)",
            ]),
        RuleCase("UniqueArgumentNames", "{ book(id: 1) { id } }"),
        RuleCase(
            "UniqueArgumentNames", "{ book(id: 1, id: 2) { id @tag(name: \"a\", name: \"b\") } }",
            [
                "There can be only one argument named \"id\". (1:8, 1:15)",
                "There can be only one argument named \"name\". (1:32, 1:43)",
            ]),
        RuleCase("ProvidedRequiredArguments", "{ book(id: 1) { rating } }"),
        RuleCase(
            "ProvidedRequiredArguments", "{ node { id @tag } }",
            [
                "Field \"node\" argument \"id\" of type \"ID!\" is required, but it was not provided. (1:3)",
                "Directive \"@tag\" argument \"name\" of type \"String!\" is required, but it was not provided. (1:13)",
            ]),
        RuleCase("ScalarLeafs", "{ books { id genre } }"),
        RuleCase(
            "ScalarLeafs", "{ books { genre { name } } featured }",
            [
                "Field \"genre\" must not have a selection since type \"Genre\" has no subfields. (1:17)",
                "Field \"featured\" of type \"Publication\" must have a selection of subfields. Did you mean \"featured { ... }\"? (1:28)",
            ]),
        RuleCase("OverlappingFieldsCanBeMerged", "{ books { id id x: title ...T } }\nfragment T on Book { x: title }"),
        RuleCase(
            "OverlappingFieldsCanBeMerged", "{ books { x: id ...T } }\nfragment T on Book { x: title }",
            [
                "Fields \"x\" conflict because \"id\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional. (1:11, 2:22)"
            ]),
        RuleCase(
            "OverlappingFieldsCanBeMerged",
            "{ book(id: 1) { authors { n: name } } book(id: 1) { authors { n: born } } }",
            [
                "Fields \"book\" conflict because subfields \"authors\" conflict because subfields \"n\" conflict because \"name\" and \"born\" are different fields. Use different aliases on the fields to fetch both if this was intentional. (1:3, 1:17, 1:27, 1:39, 1:53, 1:63)"
            ]),
        RuleCase(
            "ValuesOfCorrectType",
            "{ books(filter: {genre: FICTION, authors: \"1\", published: {from: 1}}, limit: -3) { rating(scale: 10) } }"
        ),
        RuleCase(
            "ValuesOfCorrectType",
            "{ books(filter: {genre: \"FICTION\", minPages: 1.5, nope: 1}, limit: null) { id } }",
            [
                "Enum \"Genre\" cannot represent non-enum value: \"FICTION\". Did you mean the enum value \"FICTION\"? (1:18)",
                "Int cannot represent non-integer value: 1.5 (1:36)",
                "Field \"nope\" is not defined by type \"BookFilter\". (1:51)",
            ]),
        RuleCase(
            "ValuesOfCorrectType",
            "mutation { addBook(input: {title: null, genre: POETRY}) { id } rateBook(id: 1, stars: 2147483648) { id } }",
            [
                "Field \"NewBook.authorIds\" of required type \"[ID!]!\" was not provided. (1:20)",
                "Expected value of type \"String!\", found null. (1:28)",
                "Int cannot represent non 32-bit signed integer value: 2147483648 (1:80)",
            ]),
        RuleCase("KnownDirectives", "query Q @trace { books @cached { id @tag(name: \"x\") } }"),
        RuleCase(
            "KnownDirectives", "query Q @cached { books @trace @nope { id } }",
            [
                "Directive \"@cached\" may not be used on QUERY. (1:9)",
                "Directive \"@trace\" may not be used on FIELD. (1:25)", "Unknown directive \"@nope\". (1:32)",
            ]),
        RuleCase("UniqueDirectivesPerLocation", "{ books @tag(name: \"a\") @tag(name: \"b\") @cached { id } }"),
        RuleCase(
            "UniqueDirectivesPerLocation", "{ books @cached @cached(ttl: 1) { id } }",
            ["The directive \"@cached\" can only be used once at this location. (1:9, 1:17)"]),
        RuleCase("UniqueInputFieldNames", "{ books(filter: {genre: POETRY, published: {from: 1, to: 2}}) { id } }"),
        RuleCase(
            "UniqueInputFieldNames", "{ books(filter: {genre: POETRY, genre: FICTION}) { id } }",
            ["There can be only one input field named \"genre\". (1:18, 1:33)"]),
        RuleCase(
            "RootOperationTypes", "mutation { removeBook(id: 1) } ",
            []),
        RuleCase(
            "OneOfInputObjects",
            "query ($id: ID!) { bookBy(key: {id: $id}) { id } findBook(key: {isbn: \"1\"}) { id } }"),
        RuleCase(
            "OneOfInputObjects", "{ bookBy(key: {id: 1, isbn: \"2\"}) { id } findBook(key: {id: null}) { id } }",
            [
                "Within OneOf Input Object type \"BookKey\", exactly one field must be specified, and the value for that field must be non-null. (1:10)",
                "Within OneOf Input Object type \"BookKey\", exactly one field must be specified, and the value for that field must be non-null. (1:51)",
            ]),
        // graphql-core 3.3.2 misses this one when the argument itself is non-null (BookKey!);
        // the specification requires a non-null variable either way.
        RuleCase(
            "OneOfInputObjects",
            "query ($id: ID, $isbn: String) { bookBy(key: {id: $id}) { id } findBook(key: {isbn: $isbn}) { id } }",
            [
                "Variable \"$id\" is of type \"ID\" but must be non-nullable to be used for OneOf Input Object \"BookKey\". (1:47)",
                "Variable \"$isbn\" is of type \"String\" but must be non-nullable to be used for OneOf Input Object \"BookKey\". (1:79)",
            ]),
    ]

    @Test(arguments: cases) func rule(_ testCase: RuleCase) throws {
        guard let schema = Self.schema else {
            Issue.record("the library schema did not build")
            return
        }
        let errors = schema.validate(try Parser.parse(testCase.document)).map(\.description)
        #expect(errors.sorted() == testCase.errors.sorted())
    }

    @Test func unsupportedOperationTypeIsReported() throws {
        let schema = try Schema(sdl: "type Query { a: Int }")
        #expect(
            schema.validate(try Parser.parse("mutation { a }")).map(\.description)
                == ["The mutation operation is not supported by the schema. (1:1)"])
    }

    @Test func errorCountIsCapped() throws {
        let schema = try Schema(sdl: "type Query { a: Int }")
        let document = try Parser.parse("{ " + (0..<150).map { "f\($0)" }.joined(separator: " ") + " }")
        let errors = schema.validate(document)
        #expect(errors.count == Validator.maxErrors + 1)
        #expect(errors.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
    }

    @Test func selfSpreadingFragmentsInsideFieldsTerminate() throws {
        guard let schema = Self.schema else { return }
        let text = """
            { book(id: 1) { ...A } }
            fragment A on Book { authors { books { ...A } } authors { books { ...A title } } }
            """
        let messages = schema.validate(try Parser.parse(text)).map(\.message)
        // Each of the two spreads closes a cycle; the overlapping `authors` fields merge.
        #expect(
            messages == ["Cannot spread fragment \"A\" within itself.", "Cannot spread fragment \"A\" within itself."])
    }

    @Test func thousandsOfSameNamedFieldsHitTheComparisonBudget() async throws {
        guard let schema = Self.schema else { return }
        let fields = (0..<1_000).map { "books(limit: 1) { a\($0): id }" }.joined(separator: " ")
        let errors = try await onOwnThread { schema.validate(try Parser.parse("{ \(fields) }")) }
        #expect(
            errors.map(\.message) == [
                "Validation aborted: checking that fields can be merged needs more than 200000 field comparisons."
            ])
        // A hundred of them (4,950 pairs) are fine and valid.
        let fewer = (0..<100).map { "books(limit: 1) { a\($0): id }" }.joined(separator: " ")
        #expect(schema.validate(try Parser.parse("{ \(fewer) }")).isEmpty)
    }

    @Test func fragmentFanOutStaysFast() throws {
        // Each fragment spreads the next one twice: 2^20 paths, which memoization keeps linear.
        var text = "{ books { ...F0 } }\n"
        for index in 0..<20 { text += "fragment F\(index) on Book { id ...F\(index + 1) ...F\(index + 1) }\n" }
        text += "fragment F20 on Book { title }"
        guard let schema = Self.schema else { return }
        #expect(schema.validate(try Parser.parse(text)).isEmpty)
    }
}
