/// The command line: `serve-bench COMMAND URL [--name value]... [--header 'Name: value']...`.
struct BenchOptions {
    let command: String
    let endpoint: BenchEndpoint
    let headers: [(String, String)]
    /// Every `--name value` but the headers, by name.
    let values: [String: String]

    static let usage = """
        usage: serve-bench seed URL --items N [--model Todo|Ticket] [--header 'Name: value']...
               serve-bench load URL --operation OPERATION --connections N [--seconds S] [--warmup S]
                   [--items N] [--min-priority N] [--pages N] [--server-pid PID] [--header 'Name: value']...
               serve-bench fanout URL --api-key KEY [--connections N] [--per-connection N] [--events N]
                   [--server-pid PID]
               serve-bench fanout-floor [--connections N] [--events N]
        URL is http://host:port/graphql. OPERATION is getTodo, listTodos, createTodo, getTicket,
        listTickets, createTicket or typename; the Ticket reads expect `seed --model Ticket --items N`
        with the same N (default 10000); listTickets walks --pages pages (default 5) of 100 with the
        filter priority >= --min-priority (default 2). load prints RESULT load REQUESTS SECONDS
        REQUESTS_PER_SECOND P50_MS P99_MS FAILURES SERVER_CPU_SECONDS (-1 without --server-pid: the
        CPU time that process used in the measured window); fanout prints
        RESULT fanout SUBSCRIPTIONS EVENTS P50_MS P99_MS MAX_MS SETUP_SECONDS MUTATION_P50_MS
        MUTATION_P99_MS SERVER_CPU_US_PER_DELIVERY (-1 without --server-pid: that process's CPU time
        while the events went out, per delivery), each after 16 unmeasured events (new connections
        acknowledge their first segments one by one); fanout-floor writes a 128-byte frame per event
        to N loopback TCP connections with nothing else in the way (the machine's own floor for
        fanout, read by a thread per processor, after the same warm-up), each event's
        writes starting once a round trip on one more connection is answered (read while they go
        on, as the mutation's answer), and after them another round trip; it prints RESULT
        fanout-floor CONNECTIONS EVENTS P50_MS P99_MS MAX_MS ROUND_TRIP_P50_MS ROUND_TRIP_P99_MS
        DURING_WRITES_P50_MS DURING_WRITES_P99_MS.
        """

    init(_ arguments: [String]) throws(BenchUsageError) {
        // fanout-floor talks to no server: it takes no URL.
        let arguments =
            arguments.first == "fanout-floor"
            ? ["fanout-floor", "http://127.0.0.1:0/"] + arguments.dropFirst(1) : arguments
        guard arguments.count >= 2 else { throw BenchUsageError(description: Self.usage) }
        guard let endpoint = BenchEndpoint(url: arguments[1]) else {
            throw BenchUsageError(description: "not an http://host:port/path URL: \(arguments[1])")
        }
        command = arguments[0]
        self.endpoint = endpoint
        var headers: [(String, String)] = []
        var values: [String: String] = [:]
        var index = 2
        while index < arguments.count {
            let name = arguments[index]
            guard name.hasPrefix("--"), index + 1 < arguments.count else {
                throw BenchUsageError(description: "expected --name value at \(name)\n\(Self.usage)")
            }
            let value = arguments[index + 1]
            if name == "--header" {
                guard let colon = value.firstIndex(of: ":") else {
                    throw BenchUsageError(description: "--header takes 'Name: value', not \(value)")
                }
                headers.append(
                    (String(value[..<colon]), String(value[value.index(after: colon)...].drop { $0 == " " })))
            } else {
                values[String(name.dropFirst(2))] = value
            }
            index += 2
        }
        self.headers = headers
        self.values = values
    }

    func string(_ name: String) throws(BenchUsageError) -> String {
        guard let value = values[name] else { throw BenchUsageError(description: "--\(name) is required") }
        return value
    }

    func integer(_ name: String, default fallback: Int? = nil) throws(BenchUsageError) -> Int {
        guard let text = values[name] else {
            if let fallback { return fallback }
            throw BenchUsageError(description: "--\(name) is required")
        }
        guard let value = Int(text), value > 0 else {
            throw BenchUsageError(description: "--\(name) must be a positive integer, not \(text)")
        }
        return value
    }

    func duration(_ name: String, default fallback: Double) throws(BenchUsageError) -> Duration {
        guard let text = values[name] else { return .milliseconds(Int(fallback * 1000)) }
        guard let seconds = Double(text), seconds >= 0 else {
            throw BenchUsageError(description: "--\(name) must be a number of seconds, not \(text)")
        }
        return .milliseconds(Int(seconds * 1000))
    }
}

/// A command line serve-bench cannot run, with what to write instead.
struct BenchUsageError: Error, CustomStringConvertible {
    let description: String
}
