import Switchboard
import SwitchboardCore

/// The response type of a typed operation whose result goes into the record store: the
/// operation's `Data`, and where the same object is on the tape the response was read into, so
/// that the store normalizes it without reading the body again.
struct StoreCapture<Data: Decodable & Sendable>: Decodable, Sendable {
    let data: Data
    let json: CapturedJSON

    init(from decoder: any Decoder) throws {
        data = try Data(from: decoder)
        if let decoder = decoder as? JSONTapeDecoder {
            json = .tape(decoder.tape, decoder.value)
        } else {
            json = .value(try JSONValue(from: decoder))
        }
    }
}

/// A response's `data` object as the store receives it.
enum CapturedJSON: Sendable {
    /// The object at a token of a tape.
    case tape(JSONTape, Int)
    /// The object as a value, when the response was decoded by another decoder.
    case value(JSONValue)
}

extension RecordStore {
    /// Writes captured data, updating watchers.
    func write<Operation: GraphQLOperation>(_ json: CapturedJSON, for operation: Operation) throws {
        switch json {
        case .tape(let tape, let index): try write(tape, at: index, for: operation)
        case .value(let value): try write(data: value, for: operation)
        }
    }

    /// Replaces an optimistic update with captured data.
    func commitOptimisticUpdate<Operation: GraphQLOperation>(
        _ update: OptimisticUpdate, json: CapturedJSON, for operation: Operation
    ) throws {
        switch json {
        case .tape(let tape, let index): try commitOptimisticUpdate(update, tape: tape, at: index, for: operation)
        case .value(let value): try commitOptimisticUpdate(update, data: value, for: operation)
        }
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
    func released<Data>() -> (response: GraphQLResponse<Data>, json: CapturedJSON?)
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
