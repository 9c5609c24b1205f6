// libFuzzer over the real-time protocol messages (AppSync's, graphql-transport-ws and the legacy
// graphql-ws), built by scripts/fuzz realtime-messages. Any text must decode or fail with a
// RealtimeProtocolError; a decoded message, encoded again, must decode to an equal message (for
// graphql-ws, whose encoding keeps one error of several, once encoded it must stay the same).

import SwitchboardRealtimeProtocol

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRealtimeMessages(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let message = try? AppSyncRealtimeMessage(parsing: text) {
        let encoded = message.jsonText
        guard let again = try? AppSyncRealtimeMessage(parsing: encoded) else {
            fatalError("an AppSync message's encoding does not decode: \(encoded.prefix(300))")
        }
        if again != message { fatalError("AppSync round trip changed the message: \(encoded.prefix(300))") }
    }
    if let message = try? GraphQLTransportWSMessage(parsing: text) {
        let encoded = message.jsonText
        guard let again = try? GraphQLTransportWSMessage(parsing: encoded) else {
            fatalError("a graphql-transport-ws message's encoding does not decode: \(encoded.prefix(300))")
        }
        if again != message {
            fatalError("graphql-transport-ws round trip changed the message: \(encoded.prefix(300))")
        }
    }
    if let message = try? GraphQLWSMessage(parsing: text) {
        guard let normalized = try? GraphQLWSMessage(parsing: message.jsonText) else {
            fatalError("a graphql-ws message's encoding does not decode: \(message.jsonText.prefix(300))")
        }
        let encoded = normalized.jsonText
        guard let again = try? GraphQLWSMessage(parsing: encoded) else {
            fatalError("a graphql-ws message's encoding does not decode: \(encoded.prefix(300))")
        }
        if again != normalized { fatalError("graphql-ws round trip changed the message: \(encoded.prefix(300))") }
    }
    return 0
}
