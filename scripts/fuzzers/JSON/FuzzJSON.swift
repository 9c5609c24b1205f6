// libFuzzer over JSON: Switchboard's byte-level JSONScanner (syntax errors, values at key paths)
// and JSONValue parsing and serialization, built by scripts/fuzz json. Invariants: a document the
// strict scanner accepts also parses as a JSONValue; a parsed value serializes to text that parses
// back to an equal value; a value range the scanner hands out is itself valid JSON.

import Foundation

@testable import Switchboard

let paths: [[String]] = [[], ["data"], ["data", "a"], ["errors"], ["a", "b", "c"], [""]]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let scannerError = JSONScanner.firstError(in: bytes)
    if let scannerError {
        _ = scannerError.lineAndColumn(in: bytes)
    }
    for path in paths {
        guard let range = try? JSONScanner.range(at: path, in: bytes), scannerError == nil else { continue }
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        if let error = JSONScanner.firstError(in: slice) {
            fatalError("the value at \(path) of a valid document is not valid JSON: \(error)")
        }
    }
    _ = JSONScanner.syntaxErrorDescription(in: Data(bytes))
    let parsed = try? JSONValue(parsing: Data(bytes))
    if scannerError == nil && parsed == nil {
        fatalError("the scanner accepts a document that JSONValue cannot parse")
    }
    if let parsed {
        let text = parsed.jsonText
        guard let again = try? JSONValue(parsing: Data(text.utf8)) else {
            fatalError("serialized text does not parse: \(text.prefix(200))")
        }
        if again != parsed { fatalError("round trip changed the value: \(text.prefix(200))") }
        _ = parsed.value(at: "data.a.0")
    }
    return 0
}
