import Foundation

/// The whole path of one query or mutation, in order:
///
/// 1. ``AuthorizationStage`` — API key or token (per-request `authMode` picks which);
/// 2. ``InterceptorStage`` — the API's custom interceptors, in the order added;
/// 3. ``IAMSigningStage`` — SigV4 for `AWS_IAM`, after every other change so that every header is signed;
/// 4. the stages the API added, wherever they were placed (see ``StagePipeline``);
/// 5. ``TransportStage`` — the HTTP exchange;
/// 6. the status check — a non-2xx response becomes `APIError.httpStatusError`;
/// 7. ``GraphQLResponseDecoder`` — one-pass decoding into `R`;
/// 8. ``ListProviderStage`` — gives decoded `List`s what they need to load more pages.
///
/// A pipeline is a value built per operation from a snapshot of the plugin's state, so that
/// operations run concurrently without holding the plugin actor.
struct OperationPipeline: Sendable {
    let context: OperationContext
    let stages: StagePipeline
    let transport: TransportStage
    let decoder: GraphQLResponseDecoder
    let responseStages: [any ResponseStage]
    let metricsObserver: (any OperationMetricsObserver)?
    let logger: SwitchboardLogger
    /// The request before its body (see ``requestTemplate(for:userAgent:)``).
    let requestTemplate: URLRequest

    /// Runs `request` through every stage.
    func execute<R>(_ request: GraphQLRequest<R>) async throws -> GraphQLResponse<R> {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let (result, status) = try await run(request)
            logger.log(
                .debug,
                "\(context.operationType.rawValue) \(OperationName.of(request)) → \(context.apiName): HTTP \(status), "
                    + "\(clock.now - start)", ["api": context.apiName, "status": "\(status)"])
            return result
        } catch {
            let cancelled = error is CancellationError
            logger.log(
                cancelled ? .debug : .error,
                "\(context.operationType.rawValue) \(OperationName.of(request)) → \(context.apiName): "
                    + (cancelled ? "cancelled" : OperationName.summary(of: error)),
                ["api": context.apiName])
            throw error
        }
    }

    /// The stages, the status check and decoding, timed for the metrics observer.
    private func run<R>(_ request: GraphQLRequest<R>) async throws -> (GraphQLResponse<R>, Int) {
        let clock = ContinuousClock()
        let start = clock.now
        let timer = metricsObserver.map { _ in StageTimer() }
        var responseTimings: [OperationMetrics.Stage] = []
        var succeeded = false
        defer {
            if let metricsObserver, let timer {
                metricsObserver.operationFinished(
                    OperationMetrics(
                        apiName: context.apiName,
                        operationType: context.operationType,
                        stages: timer.requestStages() + responseTimings,
                        total: clock.now - start,
                        succeeded: succeeded
                    ))
            }
        }

        let urlRequest = try makeURLRequest(for: request)
        let response = try await stages.run(urlRequest, context: context, timer: timer, transport: transport.send)
        try Task.checkCancellation()
        guard (200..<300).contains(response.statusCode) else {
            throw HTTPStatusCheck.error(for: response, url: context.endpoint.endpoint)
        }

        // The list provider works through the decoder's userInfo: its share is the preparation.
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        var preparations: [OperationMetrics.Stage] = []
        for stage in responseStages {
            let stageStart = clock.now
            stage.prepareDecoding(&userInfo, request: request, context: context)
            preparations.append(.init(name: stage.name, duration: clock.now - stageStart))
        }
        let decodeStart = clock.now
        let result = try decoder.decode(
            response.body, status: response.statusCode, request: request, userInfo: userInfo)
        responseTimings = [.init(name: "decoder", duration: clock.now - decodeStart)] + preparations
        succeeded = true
        return (result, response.statusCode)
    }

    private func makeURLRequest<R>(for request: GraphQLRequest<R>) throws(APIError) -> URLRequest {
        var urlRequest = requestTemplate
        urlRequest.httpBody = try request.encodedBody()
        return urlRequest
    }

    /// A `POST` to `endpoint` with the headers every operation sends, and no body yet.
    static func requestTemplate(for endpoint: URL, userAgent: String) -> URLRequest {
        var urlRequest = URLRequest(url: endpoint)
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "content-type")
        urlRequest.setValue("application/graphql-response+json, application/json", forHTTPHeaderField: "accept")
        urlRequest.setValue(userAgent, forHTTPHeaderField: "user-agent")
        return urlRequest
    }

}

/// The operation's name for log messages: the request's `operationName`, else the first named
/// operation of the document, else `anonymous`.
enum OperationName {
    static func of<R>(_ request: GraphQLRequest<R>) -> String {
        if let name = request.operationName { return name }
        for keyword in ["query", "mutation", "subscription"] {
            guard let range = request.document.range(of: keyword + " ") else { continue }
            let name = request.document[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { return String(name) }
        }
        return "anonymous"
    }

    /// A failure for a log message: the HTTP status or the error's description, never a body.
    static func summary(of error: any Error) -> String {
        guard let error = error as? APIError else { return "\(type(of: error))" }
        if case .httpStatusError(let status, _) = error { return "HTTP \(status)" }
        return error.errorDescription
    }
}

/// Turns non-2xx responses into `APIError.httpStatusError`, keeping headers, a body excerpt and any
/// GraphQL errors the body holds.
enum HTTPStatusCheck {
    private struct ErrorsOnly: Decodable {
        let errors: [GraphQLError]?
    }

    static func error(for response: HTTPTransportResponse, url: URL) -> APIError {
        let graphQLErrors = (try? JSONBytesDecoder().decode(ErrorsOnly.self, from: response.body))?.errors
        return .httpStatusError(
            response.statusCode,
            HTTPStatusDetails(
                url: url.absoluteString,
                headers: response.headers,
                body: response.body,
                graphQLErrors: graphQLErrors
            )
        )
    }
}
