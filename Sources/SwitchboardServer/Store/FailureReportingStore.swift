import Switchboard
import SwitchboardSQLite

/// The ``ModelStore`` the resolvers use: another store whose failures reach clients only in
/// AppSync's shapes. A store error's text names SQL, SQLite and file paths — internals a client
/// must not see and cannot act on — so the detail goes to the server's log and the response
/// carries `DynamoDB:ProvisionedThroughputExceededException` when the database was busy (retry
/// later) or AppSync's `InternalFailure` otherwise. Errors the resolvers raise inside a write
/// (a failed condition, an unauthorized change) are already in AppSync's shape and pass as they are.
struct FailureReportingStore: ModelStore {
    /// The store that does the work.
    let base: any ModelStore
    /// Where the detail of each failure goes.
    let logger: SwitchboardLogger

    /// Read once when the server starts, whose caller reports its failure.
    func paginationSecret() async throws -> [UInt8] { try await base.paginationSecret() }

    func item(in table: String, key: ItemKey) async throws -> JSONObject? {
        try await reporting("reading an item of \(table)") { try await base.item(in: table, key: key) }
    }

    func query(_ query: KeyQuery) async throws -> QueryPage {
        let target = query.index.map { "\(query.table) (index \($0))" } ?? query.table
        return try await reporting("reading \(target)") { try await base.query(query) }
    }

    func write(
        in table: String, key: ItemKey, _ change: @Sendable (JSONObject?) throws -> ItemChange
    ) async throws -> WriteResult {
        try await reporting("writing an item of \(table)") { try await base.write(in: table, key: key, change) }
    }

    func close() async { await base.close() }

    /// `body`'s result, or its error: as it is when already in AppSync's shape, else logged and
    /// replaced by AppSync's.
    private func reporting<T>(_ operation: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ExecutionError {
            throw error
        } catch let error as StorageError where error.isBusy {
            logger.log(.warning, "The store was busy \(operation); answered with throttling: \(error.description)")
            throw AppSyncErrors.throughputExceeded()
        } catch {
            logger.log(.error, "The store failed \(operation): \(error)")
            throw AppSyncErrors.internalFailure()
        }
    }
}
