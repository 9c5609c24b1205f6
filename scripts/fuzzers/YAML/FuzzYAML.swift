// libFuzzer over the mock's YAML parser and configuration reader, built by scripts/fuzz yaml.
// Any input must parse or fail with a YAMLError (never crash, however deep); a parsed document's
// JSON form, written as JSON (which is YAML), must parse back to the same value; configuration
// reading must fail with a MockConfigurationError or produce endpoints. Inputs naming paths are
// not read as configuration (includes and file bodies would read the fuzzing machine's files).

import Foundation
import Switchboard

@testable import SwitchboardMock

func isFinite(_ value: JSONValue) -> Bool {
    switch value {
    case .number(let number): number.isFinite
    case .array(let items): items.allSatisfy(isFinite)
    case .object(let members): members.values.allSatisfy(isFinite)
    default: true
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let node = try? YAMLParser.parse(text, file: "fuzz.yaml") else { return 0 }
    guard node == node else { fatalError("a node is not equal to itself") }
    let value = node.jsonValue
    if isFinite(value) {
        let json = value.jsonText
        guard let again = try? YAMLParser.parse(json) else { fatalError("its JSON form does not parse: \(json.prefix(300))") }
        if again.jsonValue != value { fatalError("its JSON form parses to another value: \(json.prefix(300))") }
    }
    if !text.contains("/") && !text.contains("file") {
        _ = try? MockConfiguration.parse(text, file: "fuzz.yaml", baseDirectory: URL(fileURLWithPath: "/nonexistent"))
    }
    return 0
}
