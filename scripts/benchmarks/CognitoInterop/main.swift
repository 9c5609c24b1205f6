// scripts/interop cognito-moto: the Cognito providers against moto, a local Cognito, then a
// query, a mutation and a subscription signed with identity-pool credentials against an
// in-process LocalServer. Prints one line per check; exits 1 when any fails.
//
// Usage: cognito-interop MOTO_URL USER_POOL_ID CLIENT_ID IDENTITY_POOL_ID USERNAME PASSWORD
import Foundation
import SwitchboardAPI
import SwitchboardServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Counts the Cognito calls by operation, so that shared refreshes can be checked.
final class CountingTransport: HTTPTransport, @unchecked Sendable {
    // Unchecked: `counts` is only touched under `lock`.
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private let inner = APIPlugin.defaultTransport()

    func send(_ request: URLRequest) async throws -> HTTPTransportResponse {
        let operation = request.value(forHTTPHeaderField: "x-amz-target")?.split(separator: ".").last.map(String.init)
        lock.withLock { counts[operation ?? "?", default: 0] += 1 }
        return try await inner.send(request)
    }

    func count(_ operation: String) -> Int { lock.withLock { counts[operation] ?? 0 } }
}

let arguments = CommandLine.arguments
// `cognito-interop srp VECTORS.jsonl`: the password claim of each vector, one per line.
if arguments.count == 3, arguments[1] == "srp" {
    let lines = try String(decoding: Data(contentsOf: URL(fileURLWithPath: arguments[2])), as: UTF8.self)
        .split(separator: "\n")
    for line in lines {
        let vector = try JSONValue(parsing: Data(line.utf8))
        func text(_ key: String) -> String { vector[key]?.stringValue ?? "" }
        guard let smallA = SRPInteger(hex: text("a")) else {
            print("error: a is not hexadecimal")
            continue
        }
        let signature = try CognitoSRP(smallA: smallA).passwordClaimSignature(
            userPoolId: text("pool"), userIdForSRP: text("user"), password: text("password"), serverBHex: text("b"),
            saltHex: text("salt"), secretBlock: text("block"), timestamp: text("timestamp"))
        print(signature)
    }
    exit(0)
}
guard arguments.count == 7, let moto = URL(string: arguments[1]) else {
    FileHandle.standardError.write(
        Data("usage: cognito-interop MOTO_URL USER_POOL_ID CLIENT_ID IDENTITY_POOL_ID USERNAME PASSWORD\n".utf8))
    exit(2)
}
let (userPoolId, clientId, identityPoolId, username, password) =
    (arguments[2], arguments[3], arguments[4], arguments[5], arguments[6])
var failures = 0

@MainActor func check(_ name: String, _ body: () async throws -> String) async {
    do {
        print("ok    \(name): \(try await body())")
    } catch {
        failures += 1
        print("FAIL  \(name): \(error)")
    }
}

struct CheckFailed: Error, CustomStringConvertible { let description: String }

let transport = CountingTransport()
let userPool = CognitoUserPoolsTokenProvider(
    userPoolId: userPoolId, clientId: clientId, region: "us-east-1", endpoint: moto, transport: transport)
let identity = CognitoIdentityCredentialsProvider(
    identityPoolId: identityPoolId, region: "us-east-1", userPool: userPool, endpoint: moto, transport: transport)

await check("guest credentials, one GetCredentialsForIdentity for 20 concurrent callers") {
    let all = try await withThrowingTaskGroup(of: String.self) { group in
        for _ in 0..<20 { group.addTask { try await identity.credentials().accessKeyId } }
        var keys = Set<String>()
        for try await key in group { keys.insert(key) }
        return keys
    }
    guard all.count == 1, transport.count("GetCredentialsForIdentity") == 1 else {
        throw CheckFailed(description: "\(all.count) keys, \(transport.count("GetCredentialsForIdentity")) calls")
    }
    return "identity \(try await identity.identityId())"
}
await check("a wrong password is NotAuthorizedException, without the password") {
    let passwordPool = CognitoUserPoolsTokenProvider(
        userPoolId: userPoolId, clientId: clientId, region: "us-east-1", authenticationFlow: .userPassword,
        endpoint: moto)
    do {
        try await passwordPool.signIn(username: username, password: "wrong-\(password)")
    } catch let error as CognitoError where error.serviceErrorType == "NotAuthorizedException" {
        guard !"\(error)".contains(password) else { throw CheckFailed(description: "the password is in \(error)") }
        return "\(error)"
    }
    throw CheckFailed(description: "signed in with a wrong password")
}
await check("an unknown user pool client is an error naming Cognito's type") {
    let other = CognitoUserPoolsTokenProvider(
        userPoolId: userPoolId, clientId: "no-such-client", region: "us-east-1", authenticationFlow: .userPassword,
        endpoint: moto)
    do {
        try await other.signIn(username: username, password: password)
    } catch let error as CognitoError where error.serviceErrorType != nil {
        return "\(error)"
    }
    throw CheckFailed(description: "signed in through an unknown client")
}
await check("an unknown identity pool is an error naming Cognito's type") {
    let unknown = CognitoIdentityCredentialsProvider(
        identityPoolId: "us-east-1:00000000-0000-0000-0000-000000000000", region: "us-east-1", endpoint: moto)
    do {
        _ = try await unknown.credentials()
    } catch let error as CognitoError where error.serviceErrorType != nil {
        return "\(error)"
    }
    throw CheckFailed(description: "credentials from an unknown identity pool")
}
await check("sign-in with USER_PASSWORD_AUTH") {
    let passwordPool = CognitoUserPoolsTokenProvider(
        userPoolId: userPoolId, clientId: clientId, region: "us-east-1", authenticationFlow: .userPassword,
        endpoint: moto)
    let tokens = try await passwordPool.signIn(username: username, password: password)
    guard tokens.refreshToken != nil else { throw CheckFailed(description: "no refresh token") }
    return "\(tokens)"
}
await check("sign-in with USER_SRP_AUTH (moto accepts any claim: the message shapes are what is checked)") {
    let tokens = try await userPool.signIn(username: username, password: password)
    guard tokens.refreshToken != nil else { throw CheckFailed(description: "no refresh token") }
    return "\(tokens)"
}
await check("REFRESH_TOKEN_AUTH gives a new access token") {
    let before = try await userPool.latestToken()
    let after = try await userPool.refreshedToken()
    guard before != after else { throw CheckFailed(description: "the same token came back") }
    return "\(transport.count("InitiateAuth")) InitiateAuth calls"
}
await check("signed-in credentials come from the user pool login") {
    let guest = transport.count("GetId")
    let credentials = try await identity.credentials()
    guard transport.count("GetId") == guest + 1 else { throw CheckFailed(description: "no GetId with logins") }
    return "\(credentials)"
}

// A query, a mutation and a subscription signed with the identity pool's credentials.
await check("AWS_IAM with identity-pool credentials against the local server") {
    let credentials = try await identity.credentials()
    let server = try await LocalServer.start(
        schema: """
            type Note @model @auth(rules: [{allow: private, provider: iam}]) { id: ID! text: String! }
            """,
        configuration: .init(iamPrincipals: [.init(credentials: credentials, role: .authenticated)]))
    defer { Task { await server.stop() } }
    let plugin = try APIPlugin(iamSigner: SigV4RequestSigner(credentialsProvider: identity))
    try plugin.configure(
        using: SwitchboardConfiguration(data: Data(server.amplifyConfiguration(authorizationType: .awsIAM).utf8)))
    var events = plugin.subscribe(
        request: GraphQLRequest(
            document: "subscription OnCreateNote { onCreateNote { id text } }", responseType: JSONValue.self,
            decodePath: "onCreateNote")
    ).makeAsyncIterator()
    while let event = try await events.next() {
        if case .connection(.connected) = event { break }
    }
    _ = try await plugin.mutate(
        request: GraphQLRequest(
            document: #"mutation { createNote(input: {id: "n1", text: "signed"}) { id text } }"#,
            responseType: JSONValue.self
        )
    ).get()
    var received: JSONValue?
    while let event = try await events.next() {
        if case .data(let result) = event {
            received = try result.get()
            break
        }
    }
    let listed = try await plugin.query(
        request: GraphQLRequest(
            document: "query { listNotes { items { id } } }", responseType: JSONValue.self,
            decodePath: "listNotes.items")
    ).get()
    guard received?["id"] == "n1", listed == [["id": "n1"]] else {
        throw CheckFailed(description: "event \(received.map { "\($0)" } ?? "none"), list \(listed)")
    }
    return "subscription event and list signed by \(credentials.accessKeyId)"
}

print(failures == 0 ? "cognito-moto: all checks passed" : "cognito-moto: \(failures) checks failed")
exit(failures == 0 ? 0 : 1)
