import Foundation
import SwitchboardCore

/// Turns a 2xx response body into a ``GraphQLResponse`` following the response table of
/// ``GraphQLResponseError``, decoding once from the bytes straight into `R`.
struct GraphQLResponseDecoder: Sendable {
    /// Decodes `body` for `request`. Throws `APIError` when the body is not a GraphQL response.
    /// With `capture`, a plain success also gives where its `data` object is on the tape the body
    /// was read into, for the record store.
    func decode<R>(
        _ body: Data,
        status: Int,
        request: GraphQLRequest<R>,
        userInfo: [CodingUserInfoKey: any Sendable] = [:],
        capture: DataCapture? = nil
    ) throws(APIError) -> GraphQLResponse<R> {
        let path = request.decodePath.map { $0.split(separator: ".").map(String.init) } ?? []
        let wantsRawText = R.self == String.self || R.self == String?.self
        var decoder = JSONBytesDecoder()
        // Built once at its final size: assigning the stages' dictionary and then adding to it
        // would convert it and grow it again on every request.
        var decoderInfo = [CodingUserInfoKey: any Sendable](minimumCapacity: userInfo.count + 1)
        for (key, value) in userInfo { decoderInfo[key] = value }
        let decodesThroughSchema = ModelResponseDecoding.decodesThroughSchema(R.self)
        decoderInfo[EnvelopeOptions.userInfoKey] = EnvelopeOptions(
            path: path, decodesValue: !wantsRawText, decodesThroughSchema: decodesThroughSchema)
        decoder.userInfo = decoderInfo

        let envelope: ResponseEnvelope<R>
        do {
            envelope = try Self.decodeEnvelope(
                R.self, from: body, path: path, decoder: decoder, userInfo: userInfo,
                decodesThroughSchema: decodesThroughSchema, wantsRawText: wantsRawText, capture: capture)
        } catch {
            throw Self.invalidBody(body, status: status, decodingError: error)
        }
        let errors = envelope.errors

        if !envelope.hasData && errors.isEmpty {
            let problem = InvalidResponseError(
                reason: "the response has neither \"data\" nor \"errors\"", byteOffset: nil, status: status, body: body)
            throw .unknown(
                "The server's response is JSON but not a GraphQL response: \(problem)",
                "Check that the endpoint is a GraphQL endpoint.",
                problem
            )
        }
        if envelope.dataIsNull && errors.isEmpty {
            return .failure(
                .unknown(
                    "The response's data is null and it has no errors, which the GraphQL specification does not allow.",
                    "Check the server's resolver for this operation."
                ))
        }

        let value: R
        switch envelope.value {
        case .decoded(let decoded):
            if !errors.isEmpty && (envelope.valueIsNull || (path.isEmpty && envelope.everyRootFieldIsNull)) {
                return .failure(.error(errors))
            }
            value = decoded
        case .skipped:
            if !errors.isEmpty && (envelope.valueIsNull || (path.isEmpty && envelope.everyRootFieldIsNull)) {
                return .failure(.error(errors))
            }
            guard let text = Self.rawText(in: body, path: path, nullAsNil: R.self == String?.self) as? R else {
                return .failure(.error(errors))
            }
            value = text
        case .absent(let missingKey):
            if !errors.isEmpty { return .failure(.error(errors)) }
            let raw = Self.rawText(in: body, path: [], nullAsNil: false) ?? ""
            return .failure(
                .transformationError(
                    raw,
                    .operationError(
                        "The response has no \"\(missingKey)\" on the way to the decode path \"\(request.decodePath ?? "")\".",
                        "Check the request's decodePath against the fields the document selects."
                    )
                ))
        case .failed(let error):
            // With errors present, the nulls they explain are why decoding failed: report them.
            if !errors.isEmpty { return .failure(.error(errors)) }
            let raw = Self.rawText(in: body, path: path, nullAsNil: false) ?? ""
            return .failure(
                .transformationError(
                    raw,
                    .operationError(
                        "The value at \"data\(path.isEmpty ? "" : "." + path.joined(separator: "."))\" does not decode into \(R.self): \(DecodingErrorDescription(error))",
                        "Make \(R.self) match the selection set (optional fields for nullable ones).",
                        error
                    )
                ))
        }
        guard errors.isEmpty else { return .failure(.partial(value, errors)) }
        if let capture, capture.data == nil, let tape = try? decoder.tape(of: body),
            let data = tape.view.member("data", ofObjectAt: 0)
        {
            capture.data = ResponseData(tape: tape, index: data)
        }
        return .success(value)
    }

    /// Decodes the envelope; models and lists of models decode in a ``ModelDecodingSession``, from
    /// the body with its lists marked when ``NotLoadedListMarking`` can mark it.
    private static func decodeEnvelope<R>(
        _ type: R.Type, from body: Data, path: [String], decoder: JSONBytesDecoder,
        userInfo: [CodingUserInfoKey: any Sendable], decodesThroughSchema: Bool, wantsRawText: Bool,
        capture: DataCapture?
    ) throws -> ResponseEnvelope<R> {
        guard decodesThroughSchema else {
            // One tape for both readings: the envelope's general decoding starts from it too.
            let tape = try decoder.tape(of: body)
            if !wantsRawText, let envelope = plainEnvelope(R.self, in: tape, path: path, decoder: decoder) {
                if let capture, let data = tape.view.member("data", ofObjectAt: 0) {
                    capture.data = ResponseData(tape: tape, index: data)
                }
                return envelope
            }
            return try decoder.decode(ResponseEnvelope<R>.self, at: 0, of: tape, codingPath: [])
        }
        let context = userInfo[ModelRequestContext.userInfoKey] as? ModelRequestContext
        if let (markedBody, session) = NotLoadedListMarking.mark(
            body, path: path, resultType: R.self, context: context)
        {
            return try ModelDecodingSession.$current.withValue(session) {
                try decoder.decode(ResponseEnvelope<R>.self, from: markedBody)
            }
        }
        return try ModelDecodingSession.$current.withValue(ModelDecodingSession(context: context)) {
            try decoder.decode(ResponseEnvelope<R>.self, from: body)
        }
    }

    /// The envelope of the usual response, found on the body's tape without generic containers
    /// (which, for a small response, cost several times the decoding of the value itself): an
    /// object without `errors`, whose `data` and every key of the path are objects, and whose
    /// value decodes. Anything else is `nil`, and ``ResponseEnvelope``'s decoding reads and
    /// explains it as always, so that both give the same results and the same errors.
    private static func plainEnvelope<R: Decodable>(
        _ type: R.Type, in tape: JSONTape, path: [String], decoder: JSONBytesDecoder
    ) -> ResponseEnvelope<R>? {
        withExtendedLifetime(tape) { () -> ResponseEnvelope<R>? in
            let view = tape.view
            guard view.member("errors", ofObjectAt: 0) == nil, let data = view.member("data", ofObjectAt: 0),
                view.tokens[data].kind == .object
            else { return nil }
            var value = data
            var codingPath: [any CodingKey] = [DynamicCodingKey("data")]
            for component in path {
                guard let member = view.member(component, ofObjectAt: value) else { return nil }
                value = member
                codingPath.append(DynamicCodingKey(component))
            }
            guard let decoded = try? decoder.decode(R.self, at: value, of: tape, codingPath: codingPath) else {
                return nil
            }
            var envelope = ResponseEnvelope<R>()
            envelope.hasData = true
            envelope.valueIsNull = view.tokens[value].kind == .null
            if path.isEmpty {
                envelope.everyRootFieldIsNull = view.memberValues(ofObjectAt: data).allSatisfy {
                    view.tokens[$0].kind == .null
                }
            }
            envelope.value = .decoded(decoded)
            return envelope
        }
    }

    /// The raw JSON text of the value at `data.<path>`.
    private static func rawText(in body: Data, path: [String], nullAsNil: Bool) -> String? {
        body.withUnsafeBytes { raw -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let range = try? JSONScanner.range(at: ["data"] + path, in: bytes) else { return nil }
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            if nullAsNil && slice.elementsEqual("null".utf8) { return nil }
            return String(decoding: slice, as: UTF8.self)
        }
    }

    /// Explains a body that is not JSON (or not an object), with the byte offset of the problem.
    static func invalidBody(_ body: Data, status: Int, decodingError: any Error) -> APIError {
        let failure = body.withUnsafeBytes { JSONScanner.firstError(in: $0.bindMemory(to: UInt8.self)) }
        let problem: InvalidResponseError
        if let failure {
            problem = InvalidResponseError(
                reason: "the body is not JSON: \(failure.reason)", byteOffset: failure.offset, status: status,
                body: body)
        } else {
            problem = InvalidResponseError(
                reason:
                    "the body is JSON but not a GraphQL response object: \(DecodingErrorDescription(decodingError))",
                byteOffset: nil, status: status, body: body)
        }
        return .operationError(
            "The server's response could not be read: \(problem)",
            "Check that the endpoint URL points at a GraphQL API (and not, e.g., a proxy error page).",
            problem
        )
    }
}

/// A one-line, user-facing rendering of a `DecodingError` (path, expectation, what was found).
struct DecodingErrorDescription: CustomStringConvertible {
    let error: any Error

    init(_ error: any Error) { self.error = error }

    var description: String {
        guard let decodingError = error as? DecodingError else { return "\(error)" }
        func path(_ codingPath: [any CodingKey]) -> String {
            let components = codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return components.isEmpty ? "<root>" : components.joined(separator: ".")
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context.codingPath)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "expected \(type) at \(path(context.codingPath)) but found null"
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            return "invalid data at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(decodingError)"
        }
    }
}

/// Where a decoded response's `data` object is, filled in by ``GraphQLResponseDecoder`` for the
/// record store; used by the one task that decodes the response.
final class DataCapture {
    var data: ResponseData?
}
