import Foundation
import SwitchboardSigV4

/// Opaque, tamper-proof `nextToken`s: the cursor of the last item read and what it was read
/// from (table, index, partition), signed with HMAC-SHA256 under the store's secret. A token
/// that was changed, truncated, or issued for another read is refused with AppSync's
/// `InvalidPaginationTokenException`; tokens keep working after a restart because the secret is
/// kept in the store.
struct PaginationToken: Sendable {
    let secret: [UInt8]

    /// What a token is bound to besides its cursor.
    struct Scope: Sendable, Hashable {
        var table: String
        var index: String?
        var partition: JSON?
    }

    /// The token for resuming after `cursor` in `scope`.
    func encode(_ cursor: [JSON], scope: Scope) -> String {
        let payload: JSON = [
            "v": 1, "t": .string(scope.table), "i": scope.index.map(JSON.string) ?? .null,
            "p": scope.partition ?? .null, "k": .array(cursor),
        ]
        let bytes = Array(payload.text.utf8)
        let mac = HMACSHA256.authenticationCode(for: bytes, key: secret).bytes
        return Data(bytes + mac).base64EncodedString()
    }

    /// The cursor of `token`, if it is intact and was issued for `scope`.
    func decode(_ token: String, scope: Scope) throws(ExecutionError) -> [JSON] {
        guard let data = Data(base64Encoded: token), data.count > 32 else {
            throw AppSyncErrors.invalidPaginationToken()
        }
        let bytes = Array(data)
        let payload = Array(bytes[..<(bytes.count - 32)])
        let mac = Array(bytes[(bytes.count - 32)...])
        let expected = HMACSHA256.authenticationCode(for: payload, key: secret).bytes
        guard Self.constantTimeEquals(mac, expected), let json = try? JSONReader.read(payload),
            json["v"] == 1, json["t"] == .string(scope.table), json["i"] == (scope.index.map(JSON.string) ?? .null),
            json["p"] == (scope.partition ?? .null), case .array(let cursor)? = json["k"]
        else { throw AppSyncErrors.invalidPaginationToken() }
        return cursor
    }

    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
