import Testing

@testable import SwitchboardCodegen

/// Long declarations and calls are broken the way swift-format breaks them, so generated files
/// pass `swift format lint --strict`.
@Suite struct SwiftWriterTests {
    @Test func longConformanceListsFillContinuationLines() {
        var writer = SwiftWriter(depth: 4)
        let keys = (0..<4).map { "AnExtremelyLongFragmentNameNumber\($0)_Key" }
        writer.typeDeclaration("struct Node", conformances: ["Decodable", "Sendable", "Equatable"] + keys) { writer in
            writer.line("let id: String")
        }
        let indent = String(repeating: " ", count: 16)
        #expect(
            writer.text == """
                \(indent)struct Node: Decodable, Sendable, Equatable, AnExtremelyLongFragmentNameNumber0_Key,
                \(indent)    AnExtremelyLongFragmentNameNumber1_Key, AnExtremelyLongFragmentNameNumber2_Key,
                \(indent)    AnExtremelyLongFragmentNameNumber3_Key
                \(indent){
                \(indent)    let id: String
                \(indent)}

                """)
    }

    @Test func longCallsBreakAfterTheParenthesisThenPerArgument() {
        var writer = SwiftWriter(depth: 4)
        writer.call(
            "isPasswordAuthenticationVerifiable = try container.decode",
            ["Bool.self", "forKey: .isPasswordAuthenticationVerifiable"])
        writer.call(
            "fragments = try Fragments",
            (0..<3).map { "aLongFragmentPropertyName\($0): ALongFragmentTypeName\($0)(from: decoder)" })
        let indent = String(repeating: " ", count: 16)
        #expect(
            writer.text == """
                \(indent)isPasswordAuthenticationVerifiable = try container.decode(
                \(indent)    Bool.self, forKey: .isPasswordAuthenticationVerifiable)
                \(indent)fragments = try Fragments(
                \(indent)    aLongFragmentPropertyName0: ALongFragmentTypeName0(from: decoder),
                \(indent)    aLongFragmentPropertyName1: ALongFragmentTypeName1(from: decoder),
                \(indent)    aLongFragmentPropertyName2: ALongFragmentTypeName2(from: decoder))

                """)
    }

    @Test func blankLinesNeverFollowAnOpeningBraceOrAnotherBlankLine() {
        var writer = SwiftWriter()
        writer.blankLine()
        writer.block("struct A") { writer in
            writer.blankLine()
            writer.line("let a: Int")
            writer.blankLine()
            writer.blankLine()
            writer.line("let b: Int")
        }
        #expect(writer.text == "struct A {\n    let a: Int\n\n    let b: Int\n}\n")
    }
}
