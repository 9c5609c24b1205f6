// libFuzzer entry point over the GraphQL lexer, parser and printer, built by scripts/fuzz parse.
// Every input must either fail with a GraphQLSyntaxError or parse, print, and re-parse to an
// equal document; anything else (a crash, a hang, a changed round trip) is a finding. Parsed
// documents also go through schema building, validation, __typename insertion and matching,
// which must never crash either.

/// A schema exercising every kind of type, for validating whatever the fuzzer parses.
let fuzzSchema = try? Schema(
    sdl: """
        directive @tag(name: String!) repeatable on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
        scalar Date
        enum Kind { A B C }
        interface Node { id: ID! }
        interface Named implements Node { id: ID! name: String }
        type Thing implements Named & Node { id: ID! name: String kind: Kind things(first: Int = 1, kinds: [Kind!]): [Thing!] at: Date }
        type Other implements Node { id: ID! size: Int! name: Float }
        union Any = Thing | Other
        input Filter { kind: Kind! name: String nested: Filter list: [[Int!]] }
        type Query { a: Any node(id: ID!): Node things(filter: Filter, ids: [ID!]!): [Thing] x(y: Int, z: String!): Int }
        type Mutation { set(filter: Filter!): Thing }
        type Subscription { changed: Thing }
        """)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let options = ParserOptions(maxDepth: 64, maxTokens: 20_000)
    guard let document = try? Parser.parse(bytes: bytes, options: options) else { return 0 }
    let printed = Printer.print(document)
    let reparsed: Document
    do {
        reparsed = try Parser.parse(printed)
    } catch {
        fatalError("printed text does not parse: \(error)\n\(printed)")
    }
    if reparsed != document {
        fatalError("round trip changed the document:\n\(printed)")
    }
    _ = document.addingTypename()
    if let fuzzSchema {
        _ = fuzzSchema.validate(document)
        _ = document.addingTypename(schema: fuzzSchema)
    }
    _ = try? Schema(document: document, options: .appSync)
    _ = SelectionMatcher.matches(selector: document, incoming: reparsed)
    return 0
}
