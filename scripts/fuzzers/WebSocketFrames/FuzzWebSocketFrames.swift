// libFuzzer over WebSocketFrameReader (both roles), built by scripts/fuzz websocket-frames. The
// first input byte chooses the role and how the rest is split into reads; reading it whole and in
// those pieces must give the same events and the same error (with the same byte offset).

@testable import SwitchboardNet

struct Outcome: Equatable {
    var events: [WebSocketFrameReader.Event] = []
    var error: WebSocketError?
}

func read(_ bytes: ArraySlice<UInt8>, server: Bool, pieceSize: Int) -> Outcome {
    var reader = WebSocketFrameReader(expectsMaskedFrames: server, maximumMessageSize: 4096, maximumFrameSize: 2048)
    var outcome = Outcome()
    var offset = bytes.startIndex
    do {
        while offset < bytes.endIndex {
            let end = min(offset + pieceSize, bytes.endIndex)
            reader.append(Array(bytes[offset..<end]))
            offset = end
            while let event = try reader.nextEvent() { outcome.events.append(event) }
            if reader.messageCapacity > 2 * 4096 + 65_536 {
                fatalError("\(reader.messageCapacity) bytes held for a message limited to 4096")
            }
        }
    } catch {
        outcome.error = error
    }
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocketFrames(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let server = input[0] & 0x80 != 0
    let pieceSize = Int(input[0] & 0x3F) + 1
    let bytes = input[1...]
    let whole = read(bytes, server: server, pieceSize: max(bytes.count, 1))
    let split = read(bytes, server: server, pieceSize: pieceSize)
    if whole != split {
        fatalError("reading in \(pieceSize)-byte pieces changed the outcome:\n\(whole)\nvs\n\(split)")
    }
    return 0
}
