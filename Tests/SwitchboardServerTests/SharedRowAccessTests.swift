import Foundation
import Testing

@testable import SwitchboardServer

/// Executions of one cached document share the rows decided for their caller's authorization
/// mode (see ``ScalarRow``): over real sockets, an API-key caller and a signed-in caller asking the
/// same list, one after the other and all at once, each get what their own mode may read.
@Suite struct SharedRowAccessTests {
    static let schema = """
        type Note @model @auth(rules: [{allow: public}, {allow: private}]) {
          id: ID!
          detail: Detail
        }
        type Detail @aws_api_key @aws_cognito_user_pools {
          title: String
          memo: String @aws_cognito_user_pools
        }
        """

    static let apiKey = ["x-api-key": "da2-test"]
    static let alice = ["Authorization": ClientAuthorizationTests.token(sub: "sub-alice", username: "alice")]
    static let list = "query L { listNotes(limit: 10) { items { id detail { title memo } } } }"

    /// The `(id, memo)` pairs of a list answer, and its error messages.
    static func read(_ body: JSON) -> (items: [String], errors: [String]) {
        let items = (body["data"]?["listNotes"]?["items"]?.arrayValue ?? []).map {
            "\($0["id"]?.stringValue ?? "?")=\($0["detail"]?["memo"]?.stringValue ?? "null")"
        }
        return (items.sorted(), (body["errors"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue })
    }

    @Test func callersOfEachModeGetTheirOwnAnswerFromOneCachedDocument() async throws {
        let harness = try await ServerHarness.start(Self.schema)
        defer { Task { await harness.stop() } }
        for index in 1...3 {
            let (_, body) = try await harness.post(
                #"mutation { createNote(input: {id: "n\#(index)", detail: {title: "T", memo: "m\#(index)"}}) { id } }"#,
                headers: Self.alice)
            #expect(body["errors"] == nil, "\(body.text)")
        }
        let signedIn = (items: ["n1=m1", "n2=m2", "n3=m3"], errors: [String]())
        let byKey = (
            items: ["n1=null", "n2=null", "n3=null"],
            errors: Array(repeating: "Not Authorized to access memo on type Detail", count: 3)
        )
        // Whichever mode runs the document first, the other still gets its own decisions.
        for headers in [Self.alice, Self.apiKey, Self.alice, Self.apiKey] {
            let answer = Self.read(try await harness.post(Self.list, headers: headers).body)
            let expected = headers == Self.alice ? signedIn : byKey
            #expect(answer.items == expected.items && answer.errors == expected.errors, "\(answer)")
        }
        let wrong = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<32 {
                group.addTask {
                    let isAlice = index % 2 == 0
                    let answer = Self.read(
                        try await harness.post(Self.list, headers: isAlice ? Self.alice : Self.apiKey).body)
                    let expected = isAlice ? signedIn : byKey
                    return answer.items != expected.items || answer.errors != expected.errors
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(wrong == 0)
    }
}
