// libFuzzer over JSON: Switchboard's byte-level JSONScanner (syntax errors, values at key paths)
// and JSONValue parsing and serialization, built by scripts/fuzz json. Invariants: a document the
// strict scanner accepts also parses as a JSONValue (unless a number is beyond a Double), an
// invalid one fails at the same byte; a parsed value serializes to text that parses
// back to an equal value; a value range the scanner hands out is itself valid JSON;
// JSONBytesDecoder accepts exactly what the scanner accepts (failing at the same byte), decodes
// the same JSONValue, and decodes structs or throws a DecodingError, never crashing.

import Foundation
import SwitchboardCore

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
    let parsed: JSONValue?
    do {
        parsed = try JSONValue(parsing: Data(bytes))
    } catch let error as JSONParsingError {
        parsed = nil
        // Syntax is the scanner's business; a number beyond a Double is only the value's.
        let isRangeError = error.reason.contains("beyond the range of a Double")
        if scannerError == nil && !isRangeError {
            fatalError("the scanner accepts a document that JSONValue cannot parse: \(error)")
        }
        if let scannerError, !isRangeError, scannerError.offset != error.byteOffset {
            fatalError("the scanner and the parser disagree on the error: \(scannerError) vs \(error)")
        }
    } catch {
        fatalError("JSONValue(parsing:) threw \(error), not a JSONParsingError")
    }
    checkBytesDecoder(Data(bytes), scannerError: scannerError, parsed: parsed)
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

/// Shapes a response could be decoded into, to reach the keyed, unkeyed and scalar paths.
struct Probe: Decodable {
    let data: [String: JSONValue]?
    let errors: [Item]?
    struct Item: Decodable {
        let message: String?
        let a: [Int?]?
        let b: Double?
        let c: Bool?
        let d: [String]?
        let e: UInt8?
    }
}

func checkBytesDecoder(_ data: Data, scannerError: JSONScanner.Failure?, parsed: JSONValue?) {
    do {
        let value = try JSONBytesDecoder().decode(JSONValue.self, from: data)
        if scannerError != nil { fatalError("JSONBytesDecoder accepts a document the scanner rejects") }
        if let parsed, parsed != value { fatalError("JSONBytesDecoder and JSONValue(parsing:) disagree") }
    } catch DecodingError.dataCorrupted(let context) {
        if let error = context.underlyingError as? JSONParsingError {
            guard let scannerError, scannerError.offset == error.byteOffset else {
                fatalError("JSONBytesDecoder rejects at \(error), the scanner at \(String(describing: scannerError))")
            }
        } else if parsed != nil {
            fatalError("JSONBytesDecoder failed on a value JSONValue parses: \(context.debugDescription)")
        }
    } catch {
        fatalError("JSONBytesDecoder threw \(error) decoding a JSONValue")
    }
    do {
        _ = try JSONBytesDecoder().decode(Probe.self, from: data)
    } catch is DecodingError {
    } catch {
        fatalError("JSONBytesDecoder threw \(error), not a DecodingError")
    }
}
