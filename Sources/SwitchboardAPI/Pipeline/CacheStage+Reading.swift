import Foundation
import SwitchboardCore

extension CacheStage {
    /// How one operation's data is read back from the store and turned into its result type.
    ///
    /// A typed operation's `Data` decodes straight from the records. A request made from a
    /// document and a type decodes the store's data as the JSON text the server would have sent,
    /// through the same decoder as a response: its decode path, its models, and the lists in them
    /// that load their next pages through the plugin.
    struct StoreReader<R: Decodable & Sendable>: Sendable {
        let store: RecordStore
        let operation: StoreOperation
        private let request: GraphQLRequest<R>
        private let modelContext: ModelRequestContext?

        init(
            _ request: GraphQLOperationRequest<R>, operation: StoreOperation, store: RecordStore,
            context: OperationContext, plugin: APIPlugin?
        ) {
            self.store = store
            self.operation = operation
            self.request = request.request
            modelContext =
                request.decodesStoreDataAsResponse
                ? ListProviderStage.modelContext(for: request, context: context, plugin: plugin) : nil
        }

        /// The store's result; throws `RecordStoreError` when data is missing.
        func read() async throws -> GraphQLResult<R> {
            guard modelContext != nil else {
                return GraphQLResult(response: .success(try await store.read(R.self, for: operation)), source: .cache)
            }
            return GraphQLResult(response: decode(try await store.readJSON(for: operation)), source: .cache)
        }

        /// A watcher's read (the JSON text of the `data` object) as a result.
        func result(ofWatcherRead bytes: [UInt8]) throws -> GraphQLResult<R> {
            guard modelContext != nil else {
                return GraphQLResult(
                    response: .success(try JSONBytesDecoder().decode(R.self, fromBytes: bytes)), source: .cache)
            }
            return GraphQLResult(response: decode(bytes), source: .cache)
        }

        /// The data object's text decoded as the body `{"data": …}` of a response to the request.
        private func decode(_ data: [UInt8]) -> GraphQLResponse<R> {
            var body = Data(#"{"data":"#.utf8)
            body.append(contentsOf: data)
            body.append(UInt8(ascii: "}"))
            let userInfo: [CodingUserInfoKey: any Sendable] =
                modelContext.map { [ModelRequestContext.userInfoKey: $0] } ?? [:]
            do {
                return try GraphQLResponseDecoder().decode(body, status: 200, request: request, userInfo: userInfo)
            } catch {
                // Cannot happen for text the store wrote; said as for a body that does not decode.
                return .failure(.transformationError(String(decoding: data, as: UTF8.self), error))
            }
        }
    }
}
