import Dispatch
import Foundation

/// Waits for SIGINT (Ctrl-C) or SIGTERM, so long-running commands can stop cleanly instead of
/// being killed mid-write.
enum ShutdownSignal {
    /// Returns the name of the first of SIGINT and SIGTERM the process receives.
    static func wait() async -> String {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        var sources: [DispatchSourceSignal] = []
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(name) }
            source.resume()
            sources.append(source)
        }
        var iterator = stream.makeAsyncIterator()
        let name = await iterator.next() ?? "SIGTERM"
        for source in sources { source.cancel() }
        return name
    }
}
