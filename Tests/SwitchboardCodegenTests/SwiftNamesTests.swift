import Testing

@testable import SwitchboardCodegen

/// Names: enum cases, nested struct names, output file names and document literals.
@Suite struct SwiftNamesTests {
    @Test func enumValuesBecomeLowerCamelCase() {
        #expect(SwiftNames.enumCase("NEWHOPE") == "newhope")
        #expect(SwiftNames.enumCase("WONT_DO") == "wontDo")
        #expect(SwiftNames.enumCase("inProgress") == "inProgress")
        #expect(SwiftNames.enumCase("Done") == "done")
        #expect(SwiftNames.enumCase("_INTERNAL_VALUE") == "_internalValue")
    }

    @Test func listFieldsNameTheirElement() {
        #expect(SwiftNames.singular("friends") == "friend")
        #expect(SwiftNames.singular("stories") == "story")
        #expect(SwiftNames.singular("matches") == "match")
        #expect(SwiftNames.singular("address") == "address")
        #expect(SwiftNames.singular("status") == "status")
        #expect(SwiftNames.singular("data") == "data")
    }

    @Test func nestedNamesAvoidReservedAndUsedNames() {
        var used: Set<String> = ["Friend"]
        #expect(SwiftNames.unique("Friend", in: &used) == "Friend2")
        #expect(SwiftNames.unique("String", in: &used) == "StringValue")
        #expect(SwiftNames.unique("Type", in: &used) == "TypeValue")
        #expect(SwiftNames.identifier("default") == "`default`")
    }

    @Test func generatedFileNamesAreUniquePerInputPath() {
        #expect(GeneratedFileName.forInput("HeroName.graphql") == "HeroName.graphql.swift")
        #expect(GeneratedFileName.forInput("Queries/HeroName.graphql") == "Queries_HeroName.graphql.swift")
        #expect(GeneratedFileName.forInput("./Views/TodoView.swift") == "Views_TodoView+GraphQL.swift")
        #expect(GeneratedFileName.forInput("schema.json") == "schema.json.swift")
    }

    @Test func documentLiteralsUseAsManyHashesAsNeeded() {
        #expect(DocumentLiteral(text: "query Q { a }").hashes == 0)
        #expect(DocumentLiteral(text: #"query Q { a(s: "\\") }"#).hashes == 1)
        #expect(DocumentLiteral(text: "query Q { a(s: \"\"\"x\"\"\") }").hashes == 1)
        #expect(DocumentLiteral(text: ##"query Q { a(s: "\#") }"##).hashes == 2)
    }
}
