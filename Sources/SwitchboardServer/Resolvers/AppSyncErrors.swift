import SwitchboardCore

/// The errors AppSync's model resolvers raise, with AppSync's `errorType` and message.
enum AppSyncErrors {
    /// A duplicate create, a write to a missing item, or a failed `condition`.
    static func conditionalCheckFailed() -> ExecutionError {
        ExecutionError(
            "The conditional request failed (Service: DynamoDb, Status Code: 400, Request ID: \(requestID()))",
            errorType: "DynamoDB:ConditionalCheckFailedException")
    }

    /// The caller may not use `field` of `type` (`Not Authorized to access listPosts on type Query`).
    static func unauthorized(field: String, type: String) -> ExecutionError {
        ExecutionError("Not Authorized to access \(field) on type \(type)", errorType: "Unauthorized")
    }

    /// A write setting fields the caller may not write (`Unauthorized on [owner, ssn]`).
    static func unauthorized(fields: [String]) -> ExecutionError {
        ExecutionError("Unauthorized on [\(fields.joined(separator: ", "))]", errorType: "Unauthorized")
    }

    /// Key arguments that cannot be combined, in the words of Amplify's resolvers.
    static func invalidArguments(_ message: String) -> ExecutionError {
        ExecutionError(message, errorType: "InvalidArgumentsError")
    }

    /// A `nextToken` this server did not issue for this read, or one that was changed.
    static func invalidPaginationToken() -> ExecutionError {
        ExecutionError(
            "com.amazonaws.deepdish.common.pagination.InvalidPaginationTokenException: Invalid pagination token given.",
            errorType: "DynamoDB:UserIllegalArgumentException")
    }

    /// An expression DynamoDB rejects (a `between` without two bounds, a `limit` below 1, …).
    static func dynamoDBValidation(_ message: String) -> ExecutionError {
        ExecutionError(
            "\(message) (Service: DynamoDb, Status Code: 400, Request ID: \(requestID()))",
            errorType: "DynamoDB:DynamoDbException")
    }

    /// The store was busy (another connection held its lock past the busy timeout): what
    /// AppSync answers when DynamoDB throttles a request — the exception SDKs retry with backoff,
    /// with the message DynamoDB gives for an on-demand table, as Amplify's tables are.
    static func throughputExceeded() -> ExecutionError {
        ExecutionError(
            "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling "
                + "your table or index so please try again shortly. If exceptions persist, check if you have a "
                + "hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html "
                + "(Service: DynamoDb, Status Code: 400, Request ID: \(requestID()))",
            errorType: "DynamoDB:ProvisionedThroughputExceededException")
    }

    /// Any other failure of the store: AppSync's own answer to a failure it does not explain,
    /// which says nothing of the cause (the server logs it).
    static func internalFailure() -> ExecutionError {
        ExecutionError("An internal error occurred.", errorType: "InternalFailure")
    }

    /// A random request id of AppSync's form, for messages that carry one.
    static func requestID() -> String {
        let hex = Array("0123456789ABCDEF")
        return String(SecureRandom.bytes(52).map { hex[Int($0 & 0x0F)] })
    }
}
