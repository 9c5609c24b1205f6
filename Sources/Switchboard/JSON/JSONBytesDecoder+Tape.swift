import Foundation
import SwitchboardCore

extension JSONBytesDecoder {
    /// Reads `data` into a tape (strict JSON, within ``maximumDepth``), for finding values with
    /// ``JSONTapeView/member(_:ofObjectAt:)`` before decoding one of them with
    /// ``decode(_:at:of:codingPath:)``: a GraphQL response's envelope is walked without generic
    /// `Decodable` machinery, and only the value at the decode path goes through it.
    package func tape(of data: Data) throws(JSONScanner.Failure) -> JSONTape {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(JSONScanner.Failure) in try JSONTape(raw, maximumDepth: maximumDepth) }
        }
        return try result.get()
    }

    /// Decodes a `T` from the value at token `index` of `tape`; errors carry `codingPath` (the
    /// keys that lead to the value) before the value's own keys.
    package func decode<T: Decodable>(
        _ type: T.Type, at index: Int, of tape: JSONTape, codingPath: [any CodingKey]
    ) throws -> T {
        var info = [CodingUserInfoKey: Any](minimumCapacity: userInfo.count)
        for (key, value) in userInfo { info[key] = value }
        return try JSONTapeDecoder(tape: tape, value: index, codingPath: codingPath, userInfo: info, tree: .jsonValue)
            .decodeValue(
                T.self)
    }
}
