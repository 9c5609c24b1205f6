import Switchboard

extension EndpointReader {
    /// A `subscription:` mapping: `operations` (or `operation`, or `query`), `headers`, `events`
    /// and `emitsOn`.
    func subscriptionEndpoint(_ node: ConfigNode) throws(MockConfigurationError) -> SubscriptionEndpoint {
        var selector: (key: String, value: GraphQLEndpoint.Selector)?
        var required: RequiredHeaders = [:]
        var events: [MockSubscriptionEvent] = []
        var trigger: GraphQLEndpoint.Selector?
        let allowed: Set = ["operations", "operation", "query", "headers", "events", "emitsOn"]
        for (key, child) in try node.members(allowed: allowed) {
            switch key {
            case "operations", "operation", "query":
                if let selector {
                    throw child.error("use one of operations, operation or query, not both \(selector.key) and \(key)")
                }
                selector = (key, try self.selector(key, child))
            case "headers":
                required = try requiredHeaders(child)
            case "emitsOn":
                trigger = try self.selector("operations", child)
            default:
                for element in try child.elements() { events.append(try event(element)) }
            }
        }
        guard let selector else { throw node.error("a subscription endpoint needs operations or query") }
        return SubscriptionEndpoint(selector.value, requiredHeaders: required.values, events: events, emitsOn: trigger)
    }

    /// One of `{data: …}`, `{errors: [...], data: …}` or `{complete: true}`, each with an optional `delay`.
    private func event(_ node: ConfigNode) throws(MockConfigurationError) -> MockSubscriptionEvent {
        let members = try node.members(allowed: ["data", "errors", "complete", "delay"])
        var delay = Duration.zero
        var data: JSONValue?
        var errors: [JSONValue]?
        var complete = false
        for (key, child) in members {
            switch key {
            case "delay": delay = try child.duration()
            case "data": data = child.node.jsonValue
            case "errors":
                guard case .array(let list) = child.node.jsonValue else {
                    throw child.error("expected a list of errors")
                }
                errors = list
            default:
                guard case .boolean(let value) = child.node.jsonValue, value else {
                    throw child.error("expected complete: true")
                }
                complete = true
            }
        }
        if complete {
            guard data == nil, errors == nil else { throw node.error("a complete event carries no data or errors") }
            return .complete(after: delay)
        }
        if let errors { return .errors(errors, data: data, after: delay) }
        guard let data else { throw node.error("an event needs data, errors or complete: true") }
        return .data(data, after: delay)
    }
}
