// libFuzzer entry point over the GraphQL lexer, parser and printer, built by scripts/fuzz parse.
// Every input must either fail with a GraphQLSyntaxError or parse, print, and re-parse to an
// equal document; anything else (a crash, a hang, a changed round trip) is a finding.

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
    _ = SelectionMatcher.matches(selector: document, incoming: reparsed)
    return 0
}
