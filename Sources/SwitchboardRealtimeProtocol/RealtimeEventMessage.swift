import Switchboard

/// The message that carries one subscription result, in the shape all three protocols share:
/// `{"type":…,"id":…,"payload":…}` (AppSync's and `graphql-ws`'s `data`, `graphql-transport-ws`'s
/// `next`).
package enum RealtimeEventMessage {
    /// The message's UTF-8 bytes, built in one buffer of the exact size: a fan-out builds one per
    /// subscriber, around a payload written once for all of them.
    package static func bytes(type: String, id: String, payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        // The fixed parts take 30 bytes; an id needs escapes rarely, and then the buffer grows.
        bytes.reserveCapacity(30 + type.utf8.count + id.utf8.count + payload.count)
        bytes.append(contentsOf: #"{"type":"#.utf8)
        JSONValue.appendQuoted(type, to: &bytes)
        bytes.append(contentsOf: #","id":"#.utf8)
        JSONValue.appendQuoted(id, to: &bytes)
        bytes.append(contentsOf: #","payload":"#.utf8)
        bytes.append(contentsOf: payload)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// ``bytes(type:id:payload:)`` as text.
    package static func text(type: String, id: String, payload: [UInt8]) -> String {
        String(decoding: bytes(type: type, id: id, payload: payload), as: UTF8.self)
    }
}
