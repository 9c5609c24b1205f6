/// A stream that can be closed without suspending (used by ``WebSocket/abort()``, timeouts and
/// request deadlines, which run where they cannot wait).
package protocol SynchronouslyClosable: Sendable {
    /// Closes at once; reads and writes waiting on the stream fail.
    func closeNow()
}

extension TCPConnection: SynchronouslyClosable {}

extension ByteStream {
    /// Closes the stream now when it can be closed synchronously, and otherwise in a task.
    package func closeWithoutWaiting() {
        if let closable = self as? any SynchronouslyClosable {
            closable.closeNow()
        } else {
            Task { await close() }
        }
    }
}
