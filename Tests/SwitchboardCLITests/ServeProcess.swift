import Foundation
import TestSupport
import Testing

/// `switchboard serve` running as a child process, with what its banner printed.
struct ServeProcess {
    let process: CommandRunner.RunningProcess
    /// The banner's `Name: value` lines (`GraphQL`, `Real-time`, `API key`, `IAM`, `Data`, `Config`).
    let banner: [String: String]

    /// The GraphQL endpoint the banner printed.
    var graphQLEndpoint: URL {
        get throws { try #require(banner["GraphQL"].flatMap(URL.init(string:)), "banner: \(banner)") }
    }

    /// Starts `switchboard serve` with `arguments` and reads its banner up to "Stop with Ctrl-C.";
    /// fails if the process ends first.
    /// With `networkNamespace` it runs inside that namespace (`ip netns exec`, as root).
    static func start(
        _ switchboard: URL, _ arguments: [String], environment: [String: String] = [:],
        networkNamespace: String? = nil
    ) async throws -> ServeProcess {
        let process =
            if let networkNamespace {
                try CommandRunner.start(
                    NetworkNamespace.ipCommand,
                    ["netns", "exec", networkNamespace, switchboard.path, "serve"] + arguments,
                    environment: environment)
            } else {
                try CommandRunner.start(switchboard, ["serve"] + arguments, environment: environment)
            }
        var banner: [String: String] = [:]
        while let line = await process.nextLine() {
            if line == "Stop with Ctrl-C." { return ServeProcess(process: process, banner: banner) }
            guard let colon = line.firstIndex(of: ":"), line.hasPrefix("  ") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            banner[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        process.terminate()
        throw ServeProcessError(message: "switchboard serve \(arguments) exited before serving; banner: \(banner)")
    }

    /// A temporary directory holding `schema` as `model.graphql`; removed by `body`'s caller.
    static func directory(schema: String, prefix: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(schema.utf8).write(to: directory.appendingPathComponent("model.graphql"))
        return directory
    }
}

/// `switchboard serve` did not get as far as serving.
struct ServeProcessError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
