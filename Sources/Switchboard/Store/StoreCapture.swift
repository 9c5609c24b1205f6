/// The response type of a typed operation whose result goes into the record store: the
/// operation's `Data` and the same object as JSON, decoded together from one parse of the body.
struct StoreCapture<Data: Decodable & Sendable>: Decodable, Sendable {
    let data: Data
    let json: JSONValue

    init(from decoder: any Decoder) throws {
        data = try Data(from: decoder)
        json = try JSONValue(from: decoder)
    }
}

extension GraphQLRequest {
    /// The request of `operation` with `data` decoded into ``StoreCapture``.
    init<Operation: GraphQLOperation>(capturing operation: Operation, apiName: String?, authMode: AuthorizationType?)
    where R == StoreCapture<Operation.Data> {
        self.init(
            apiName: apiName, document: Operation.document, variables: operation.variables,
            responseType: StoreCapture<Operation.Data>.self, authMode: authMode,
            operationName: Operation.operationName)
        if variables?.isEmpty == true { variables = nil }
    }
}

extension Result {
    /// The operation's result without the captured JSON, and the JSON to write when the response
    /// was a plain success (partial data is not written, so that a field nulled by an error never
    /// replaces a good value).
    func released<Data>() -> (response: GraphQLResponse<Data>, json: JSONValue?)
    where Success == StoreCapture<Data>, Failure == GraphQLResponseError<StoreCapture<Data>> {
        switch self {
        case .success(let capture): (.success(capture.data), capture.json)
        case .failure(.partial(let capture, let errors)): (.failure(.partial(capture.data, errors)), nil)
        case .failure(.error(let errors)): (.failure(.error(errors)), nil)
        case .failure(.transformationError(let raw, let error)): (.failure(.transformationError(raw, error)), nil)
        case .failure(.unknown(let description, let recovery, let error)):
            (.failure(.unknown(description, recovery, error)), nil)
        }
    }
}
