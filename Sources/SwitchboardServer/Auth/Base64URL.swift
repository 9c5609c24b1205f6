import Foundation

/// Base64url without padding (RFC 7515 section 2): the encoding of every part of a JWS and of
/// the numbers of a JWK.
enum Base64URL {
    /// The bytes `text` encodes; `nil` when it holds anything outside the base64url alphabet
    /// (padding, `+` and `/` included) or a length no byte count encodes to.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var base64 = [UInt8]()
        base64.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                base64.append(byte)
            case UInt8(ascii: "-"): base64.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): base64.append(UInt8(ascii: "/"))
            default: return nil
            }
        }
        guard base64.count % 4 != 1 else { return nil }
        while base64.count % 4 != 0 { base64.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(base64)).map(Array.init)
    }
}
