import Testing

@testable import SwitchboardCodegen

/// How generated expressions break across lines: one line when it fits in 120 columns, otherwise
/// after a call's `(` with one argument per line, after an array's `[`, before `??`.
@Suite struct SwiftLayoutTests {
    private func lines(_ expression: SwiftExpression, indent: Int = 0, limit: Int) -> [String] {
        expression.lines(indent: indent, suffix: ",", limit: limit)
    }

    @Test func aCallThatFitsStaysOnOneLine() {
        let call = SwiftExpression.call(".field", [.init(nil, "post.id"), .init("is", ".required")])
        #expect(lines(call, indent: 4, limit: 40) == ["    .field(post.id, is: .required),"])
    }

    @Test func aLongCallBreaksOneArgumentPerLineAndNestedValuesBreakInTurn() {
        let call = SwiftExpression.call(
            ".index",
            [
                .init("fields", .array([.text("\"first\""), .text("\"second\"")])),
                .init("name", "\"byFirstAndSecond\""),
            ])
        #expect(
            lines(call, limit: 40) == [
                ".index(",
                "    fields: [\"first\", \"second\"],",
                "    name: \"byFirstAndSecond\"),",
            ])
        #expect(
            lines(call, limit: 24) == [
                ".index(",
                "    fields: [",
                "        \"first\",",
                "        \"second\",",
                "    ],",
                "    name: \"byFirstAndSecond\"),",
            ])
        // A single element gets no trailing comma, as swift-format wants.
        #expect(
            lines(.array([.text("\"a-long-single-element\"")]), limit: 10) == [
                "[", "    \"a-long-single-element\"", "],",
            ])
    }

    @Test func coalescingBreaksBeforeTheOperator() {
        let value = SwiftExpression.coalescing(
            .call("try values.decodeIfPresent", [.init(nil, "LazyReference<Post>.self"), .init("forKey", ".post")]),
            .text("LazyReference(identifiers: nil)"))
        var writer = SwiftSourceWriter()
        writer.assignment("_post", value)
        #expect(writer.lines == ["_post = " + value.flat])  // 106 columns
        writer = SwiftSourceWriter()
        writer.assignment("_postWithAMuchLongerName", value)
        #expect(writer.lines == ["_postWithAMuchLongerName =", "    " + value.flat])
        #expect(
            value.lines(indent: 4, limit: 80) == [
                "    try values.decodeIfPresent(LazyReference<Post>.self, forKey: .post)",
                "    ?? LazyReference(identifiers: nil)",
            ])
    }

    @Test func writerIndentsBlocksAndCollapsesBlankLines() {
        var writer = SwiftSourceWriter()
        writer.block("struct A") { body in
            body.blankLine()
            body.line("let a = 1")
            body.blankLine()
            body.blankLine()
            body.line("let b = 2")
            body.blankLine()
        }
        #expect(writer.text == "struct A {\n    let a = 1\n\n    let b = 2\n}\n")
    }
}
