import Foundation

/// The stages one API adds to its chain, in the order added, and where each goes: GraphQL-level
/// stages by the GraphQL-level names, HTTP-level stages by the HTTP-level names.
struct AddedStages: Sendable {
    /// An added stage of either level.
    enum Stage: Sendable {
        case graphQL(any GraphQLStage)
        case http(any OperationStage)

        var name: StageName {
            switch self {
            case .graphQL(let stage): stage.name
            case .http(let stage): stage.name
            }
        }
    }

    private(set) var entries: [(stage: Stage, placement: StagePlacement)] = []

    /// The built-in GraphQL-level stages, outermost first.
    static let graphQLNames: [StageName] = [.cache, .deduplication, .listProvider, .decoder]
    /// The built-in HTTP-level stages in the order a request meets them, then the response side.
    static let httpNames: [StageName] = [
        .statusCheck, .authorization, .interceptors, .signer, .transport, .responseInterceptors,
    ]

    /// Records `stage`, or throws when its name is taken or its placement names no stage of its level.
    mutating func add(_ stage: Stage, placement: StagePlacement, apiName: String) throws(APIError) {
        let graphQLNames = Self.graphQLNames + names { if case .graphQL = $0 { true } else { false } }
        let httpNames = Self.httpNames + names { if case .http = $0 { true } else { false } }
        guard !(graphQLNames + httpNames).contains(stage.name) else {
            throw .invalidConfiguration(
                "The API \"\(apiName)\" already has a stage named \"\(stage.name)\".",
                "Give each added stage its own name.")
        }
        let anchor = placement.anchor
        switch stage {
        case .graphQL:
            if placement == .after(.decoder) {
                throw .invalidConfiguration(
                    "The GraphQL-level stage \"\(stage.name)\" cannot go after \"decoder\" on the API \"\(apiName)\": the decoder ends the GraphQL level, and below it requests are HTTP requests.",
                    "Place it .before(.decoder) or earlier, or write an OperationStage to work on HTTP requests.")
            }
            guard graphQLNames.contains(anchor) else {
                throw Self.unknownAnchor(
                    anchor, for: stage.name, level: "GraphQL-level", names: graphQLNames,
                    otherLevel: httpNames.contains(anchor) ? "an HTTP-level stage: place an OperationStage by it" : nil,
                    apiName: apiName)
            }
        case .http:
            guard httpNames.contains(anchor) else {
                throw Self.unknownAnchor(
                    anchor, for: stage.name, level: "HTTP-level", names: httpNames,
                    otherLevel: graphQLNames.contains(anchor)
                        ? "a GraphQL-level stage: place a GraphQLStage by it" : nil,
                    apiName: apiName)
            }
        }
        entries.append((stage, placement))
    }

    private func names(where level: (Stage) -> Bool) -> [StageName] {
        entries.filter { level($0.stage) }.map(\.stage.name)
    }

    private static func unknownAnchor(
        _ anchor: StageName, for name: StageName, level: String, names: [StageName], otherLevel: String?,
        apiName: String
    ) -> APIError {
        let problem =
            otherLevel.map { "\"\(anchor)\" is \($0)." }
            ?? "No \(level) stage is named \"\(anchor)\"."
        return .invalidConfiguration(
            "Cannot place the \(level) stage \"\(name)\" by \"\(anchor)\" on the API \"\(apiName)\": \(problem)",
            "Use one of: \(names.map(\.rawValue).joined(separator: ", ")).")
    }

    /// The GraphQL-level stages: `defaults` (cache, list provider, decoder) with the added ones placed.
    func graphQLStages(defaults: [any GraphQLStage]) -> [any GraphQLStage] {
        var order = defaults
        for case (.graphQL(let stage), let placement) in entries {
            order.insert(stage, at: Self.index(of: placement, in: order.map(\.name)))
        }
        return order
    }

    /// The HTTP-level stages, outermost first: `defaults` (status check, authorization, interceptors,
    /// signer, transport, response interceptors, in ``httpNames``' order) with the added ones
    /// placed. Stages after the transport see responses closest to the network first, so they nest
    /// inside the others in reverse, and the transport comes last.
    func httpStages(defaults: [any OperationStage]) -> [any OperationStage] {
        var order = defaults
        for case (.http(let stage), let placement) in entries {
            order.insert(stage, at: Self.index(of: placement, in: order.map(\.name)))
        }
        guard let transport = order.firstIndex(where: { $0.name == .transport }) else { return order }
        return Array(order[..<transport]) + order[(transport + 1)...].reversed() + [order[transport]]
    }

    private static func index(of placement: StagePlacement, in names: [StageName]) -> Int {
        switch placement {
        case .before(let name): names.firstIndex(of: name) ?? names.endIndex
        case .after(let name): names.firstIndex(of: name).map { $0 + 1 } ?? names.endIndex
        }
    }
}
