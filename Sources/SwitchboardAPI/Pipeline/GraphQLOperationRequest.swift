import Foundation

/// One operation as the GraphQL-level stages see it: the request, what kind of operation it is,
/// and how the record store takes part.
public struct GraphQLOperationRequest<R: Decodable & Sendable>: Sendable {
    /// The document, variables, result type and decode path, API and authorization mode.
    public var request: GraphQLRequest<R>
    /// Query, mutation or subscription.
    public let operationType: GraphQLOperationType
    /// How the ``StageName/cache`` stage reads and writes the record store for a typed operation
    /// (requests made from a document and a type are not normalized into the store).
    public var cachePolicy: CachePolicy

    /// How many results the cache stage delivers.
    enum Delivery: Sendable {
        /// One: the store's or the server's, by ``cachePolicy``.
        case once
        /// The store's when it holds all of the data, then the server's.
        case cacheThenNetwork
        /// The store's data now and after every change, fetched from the server when missing.
        case watch
    }

    var delivery = Delivery.once
    /// What the store knows the operation by: set for typed operations, and for requests asked
    /// to take part (a cache policy, or `RequestOptions.updatesStore`).
    var storeOperation: StoreOperation?
    /// Whether the store's data is decoded as a response's would be (through the request's decode
    /// path, into models with what their lists load more with) rather than straight into `R`:
    /// requests made from a document and a type, whose `R` is not the operation's `data`.
    var decodesStoreDataAsResponse = false
    /// Writes the mutation's expected result (JSON `data`, or an encoded value) into the store,
    /// where an optimistic layer shows it until the server answers.
    var writeOptimisticData: (@Sendable (isolated RecordStore, StoreOperation) throws -> Void)?
    /// The mutation's expected result, for ``storeUpdate`` to run on until the server answers.
    var optimisticValue: R?
    /// Changes the store makes with a mutation's result (run on the optimistic value too), in the
    /// same transaction as the result's write.
    var storeUpdate: (@Sendable (isolated RecordStore, R) throws -> Void)?
    /// What lists and lazy references decoded from the response load more with (set by the list
    /// provider, read by the decoder).
    var modelContext: ModelRequestContext?
    /// For a subscription: how its sequence pauses and resumes it (set by the plugin).
    var subscriptionHandle: SubscriptionHandle?

    /// An operation running `request`; the record store takes part only for typed operations.
    public init(
        _ request: GraphQLRequest<R>, operationType: GraphQLOperationType,
        cachePolicy: CachePolicy = .fetchIgnoringCacheCompletely
    ) {
        self.request = request
        self.operationType = operationType
        self.cachePolicy = cachePolicy
    }

    /// The operation's name: the request's `operationName`, else the name of the document's first
    /// named operation, else `nil`. Read for every operation, so found by one pass over the bytes.
    var operationName: String? {
        request.operationName ?? Self.firstOperationName(in: request.document)
    }

    /// The name after the first top-level `query`, `mutation` or `subscription` keyword that has
    /// one, skipping comments, strings and selection sets.
    static func firstOperationName(in document: String) -> String? {
        var document = document
        document.makeContiguousUTF8()
        return document.utf8.withContiguousStorageIfAvailable { firstOperationName(in: $0) } ?? nil
    }

    private static func firstOperationName(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x5F
        }
        var index = 0
        var depth = 0
        var afterKeyword = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            case UInt8(ascii: "\""):
                index = endOfString(in: bytes, at: index)
                afterKeyword = false
                continue
            case UInt8(ascii: "{"):
                depth += 1
                afterKeyword = false
            case UInt8(ascii: "}"):
                depth = max(0, depth - 1)
            case _ where isNameByte(byte):
                let start = index
                while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                guard depth == 0 else { continue }
                let name = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if afterKeyword { return String(decoding: name, as: UTF8.self) }
                afterKeyword =
                    name.elementsEqual("query".utf8) || name.elementsEqual("mutation".utf8)
                    || name.elementsEqual("subscription".utf8)
                continue
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","):
                break
            default:
                // `(`, `@` or anything else after a keyword: that operation has no name.
                afterKeyword = false
            }
            index += 1
        }
        return nil
    }

    /// The index just past the string (or block string) starting at `start`.
    private static func endOfString(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        let quote = UInt8(ascii: "\"")
        let isBlock = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
        var index = start + (isBlock ? 3 : 1)
        while index < bytes.count {
            if isBlock {
                if bytes[index] == quote, index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote
                {
                    return index + 3
                }
            } else if bytes[index] == UInt8(ascii: "\\") {
                index += 1
            } else if bytes[index] == quote || bytes[index] == 0x0A {
                return index + 1
            }
            index += 1
        }
        return index
    }
}

extension GraphQLOperationRequest {
    /// A request made from a document and a type that takes part in the record store by
    /// `cachePolicy`: known to the store by its document, operation name and variables, as a
    /// typed operation with the same ones is, so that both share what the store holds.
    /// Without a `cachePolicy`, the request's ``RequestOptions/updatesStore`` decides whether its
    /// data is written (`CachePolicy/fetchIgnoringCacheData`) or the store takes no part.
    init(storing request: GraphQLRequest<R>, operationType: GraphQLOperationType, cachePolicy: CachePolicy? = nil) {
        let cachePolicy =
            cachePolicy ?? (request.options.updatesStore ? .fetchIgnoringCacheData : .fetchIgnoringCacheCompletely)
        self.init(request, operationType: operationType, cachePolicy: cachePolicy)
        guard cachePolicy != .fetchIgnoringCacheCompletely, request.variablesError == nil else { return }
        storeOperation = StoreOperation(
            document: request.document, operationName: request.operationName, variables: request.variables ?? [:],
            possibleTypes: [:])
        decodesStoreDataAsResponse = true
    }

    /// A typed operation, known to the store as itself.
    init<Operation: GraphQLOperation>(
        operation: Operation, apiName: String?, authMode: AuthorizationType?, options: RequestOptions,
        cachePolicy: CachePolicy
    ) where R == Operation.Data {
        var request = GraphQLRequest(operation: operation, apiName: apiName, authMode: authMode, options: options)
        if request.variables?.isEmpty == true { request.variables = nil }
        self.init(request, operationType: Operation.operationType, cachePolicy: cachePolicy)
        if request.variablesError == nil {
            storeOperation = StoreOperation(
                document: Operation.document, operationName: Operation.operationName,
                variables: request.variables ?? [:], possibleTypes: Operation.possibleTypes)
        }
    }
}
