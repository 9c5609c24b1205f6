import Testing

@testable import SwitchboardServer

@Suite struct JSONReaderTests {
    @Test func integersStayIntegersAndObjectsKeepTheirOrder() throws {
        let value = try JSONReader.read(#"{"b": 1, "a": [1.5, -2, "x\u00e9\ud83d\ude00"], "c": null, "d": true}"#)
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["b", "a", "c", "d"])
        #expect(object["b"] == .int(1))
        #expect(object["a"] == .array([.double(1.5), .int(-2), .string("xé😀")]))
        #expect(value.text == #"{"b":1,"a":[1.5,-2,"xé😀"],"c":null,"d":true}"#)
    }

    @Test func malformedTextIsAnErrorWithItsOffset() {
        for (text, offset) in [("{\"a\":}", 5), ("[1,]", 2), ("01", 1), ("{\"a\" 1}", 5)] {
            #expect(throws: JSONReadError.self, "\(text)") { try JSONReader.read(text) }
            do {
                _ = try JSONReader.read(text)
            } catch {
                #expect(error.offset == offset, "\(text): \(error)")
            }
        }
    }

    @Test func nestingBeyondTheLimitIsRefused() {
        let deep =
            String(repeating: "[", count: JSONReader.maximumDepth + 1)
            + String(repeating: "]", count: JSONReader.maximumDepth + 1)
        #expect(throws: JSONReadError.self) { try JSONReader.read(deep) }
        let allowed =
            String(repeating: "[", count: JSONReader.maximumDepth)
            + String(repeating: "]", count: JSONReader.maximumDepth)
        #expect((try? JSONReader.read(allowed)) != nil)
    }

    @Test func anUnpairedSurrogateReadsAsTheReplacementCharacter() throws {
        #expect(try JSONReader.read("\"a\\ud800\"") == .string("a\u{FFFD}"))
    }

    @Test func invalidUTF8InAStringIsRefused() {
        #expect(throws: JSONReadError.self) { try JSONReader.read([0x22, 0xFF, 0x22]) }
    }
}
