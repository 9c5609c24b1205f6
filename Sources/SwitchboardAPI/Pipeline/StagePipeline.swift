import Foundation
import SwitchboardCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ordered stages of one API: those a request meets before the transport, and those placed
/// after it, which see the response first. Built from the default stages and the ones added with
/// `APIPlugin.add(stage:for:placement:)`.
struct StagePipeline: Sendable {
    /// Stages before the transport, outermost first.
    let requestStages: [any OperationStage]
    /// Stages after the transport, closest to the network first.
    let responseStages: [any OperationStage]

    /// Runs `request` through every stage, `transport` being the network (or the WebSocket upgrade).
    func run(
        _ request: URLRequest, context: OperationContext, timer: StageTimer? = nil,
        transport: @escaping OperationStageNext
    ) async throws -> HTTPTransportResponse {
        var next = Self.timed(StageName.transport.rawValue, transport, timer: timer)
        for stage in responseStages { next = Self.wrap(stage, around: next, timer: timer) }
        for stage in requestStages.reversed() { next = Self.wrap(stage, around: next, timer: timer) }
        return try await next(request, context)
    }

    /// Runs `request` through the stages after the transport only, `transport` being what they
    /// wrap: the real-time handshake, whose request the stages before the transport already made.
    func runAfterTransport(
        _ request: URLRequest, context: OperationContext, transport: @escaping OperationStageNext
    ) async throws -> HTTPTransportResponse {
        var next = transport
        for stage in responseStages { next = Self.wrap(stage, around: next, timer: nil) }
        return try await next(request, context)
    }

    /// The request as it would reach the transport: the stages before the transport run, and the
    /// request goes nowhere. AppSync's real-time auth objects are made this way.
    func capture(_ request: URLRequest, context: OperationContext) async throws -> URLRequest {
        let captured = CapturedRequest()
        var next: OperationStageNext = { request, _ in
            captured.request.withLock { $0 = request }
            return HTTPTransportResponse(statusCode: 200, headers: [:], body: Data())
        }
        for stage in requestStages.reversed() { next = Self.wrap(stage, around: next, timer: nil) }
        _ = try await next(request, context)
        guard let request = captured.request.withLock({ $0 }) else {
            throw APIError.operationError(
                "A pipeline stage did not pass the request on while authorizing a real-time message.",
                "Stages before the transport must call next(request, context) to let subscriptions be authorized.")
        }
        return request
    }

    private static func wrap(_ stage: any OperationStage, around next: @escaping OperationStageNext, timer: StageTimer?)
        -> OperationStageNext
    {
        timed(
            stage.name.rawValue, { request, context in try await stage.handle(request, context: context, next: next) },
            timer: timer)
    }

    private static func timed(_ name: String, _ body: @escaping OperationStageNext, timer: StageTimer?)
        -> OperationStageNext
    {
        guard let timer else { return body }
        return { request, context in
            let clock = ContinuousClock()
            let start = clock.now
            defer { timer.record(name, inclusive: clock.now - start) }
            return try await body(request, context)
        }
    }
}

/// The request a capturing run stopped at.
private final class CapturedRequest: Sendable {
    let request = Locked<URLRequest?>(nil)
}

/// The stages one API adds to the default pipeline, in the order added, and how they are placed.
struct AddedStages: Sendable {
    private(set) var entries: [(stage: any OperationStage, placement: StagePlacement)] = []

    /// The default stages' names, in order.
    static let defaultNames: [StageName] = [.authorization, .interceptors, .signer, .transport, .responseInterceptors]

    /// Records `stage`, or throws when its name is taken or its placement names no stage.
    mutating func add(_ stage: any OperationStage, placement: StagePlacement, apiName: String) throws(APIError) {
        let known = Self.defaultNames + entries.map(\.stage.name)
        guard !known.contains(stage.name) else {
            throw .invalidConfiguration(
                "The API \"\(apiName)\" already has a stage named \"\(stage.name)\".",
                "Give each added stage its own name.")
        }
        let anchor: StageName
        switch placement {
        case .before(let name), .after(let name): anchor = name
        }
        guard known.contains(anchor) else {
            throw .invalidConfiguration(
                "No stage named \"\(anchor)\" to place \"\(stage.name)\" by on the API \"\(apiName)\".",
                "Use one of: \(known.map(\.rawValue).joined(separator: ", ")).")
        }
        entries.append((stage, placement))
    }

    /// The pipeline: `requestDefaults` (the authorization, interceptor and signer stages, in that
    /// order), the transport, `responseDefaults` (the response interceptors), with the added stages placed.
    func pipeline(requestDefaults: [any OperationStage], responseDefaults: [any OperationStage]) -> StagePipeline {
        var order: [StagePipelineEntry] =
            requestDefaults.map { .stage($0) } + [.transport] + responseDefaults.map { .stage($0) }
        for (stage, placement) in entries {
            switch placement {
            case .before(let name):
                let index = order.firstIndex { $0.name == name } ?? order.endIndex
                order.insert(.stage(stage), at: index)
            case .after(let name):
                let index = order.firstIndex { $0.name == name }.map { $0 + 1 } ?? order.endIndex
                order.insert(.stage(stage), at: index)
            }
        }
        let transport = order.firstIndex { $0.name == .transport } ?? order.endIndex
        return StagePipeline(
            requestStages: order[..<transport].compactMap(\.stage),
            responseStages: order[order.index(after: transport)...].compactMap(\.stage))
    }
}

/// A position in a pipeline being assembled: a stage, or the transport.
private enum StagePipelineEntry {
    case stage(any OperationStage)
    case transport

    var name: StageName {
        switch self {
        case .stage(let stage): stage.name
        case .transport: .transport
        }
    }

    var stage: (any OperationStage)? {
        if case .stage(let stage) = self { return stage }
        return nil
    }
}
