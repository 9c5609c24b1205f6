import Foundation
import TestSupport

/// Loads GraphQL documents from the shared test data and the repository's own fixtures.
enum Fixtures {
    /// Shared files (`../shared/testdata/graphql`), keyed by their relative path; empty when absent.
    static func sharedDocuments(caller: String = #function) -> [(name: String, text: String)] {
        guard let folder = SharedTestData.directory("graphql", caller: caller) else { return [] }
        var result: [(String, String)] = []
        for name in [
            "kitchen-sink.graphql", "schema-kitchen-sink.graphql", "github-schema.graphql", "starwars.graphqls",
        ] {
            if let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) {
                result.append((name, text))
            }
        }
        result += starwarsOperations(folder: folder)
        return result
    }

    static func starwarsOperations(folder: URL) -> [(name: String, text: String)] {
        let operations = folder.appendingPathComponent("starwars-operations")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: operations.path)) ?? []
        return names.sorted().compactMap { name in
            guard let text = try? String(contentsOf: operations.appendingPathComponent(name), encoding: .utf8) else {
                return nil
            }
            return ("starwars-operations/" + name, text)
        }
    }

    /// The shared Star Wars SDL, if present.
    static func starwarsSDL(caller: String = #function) -> String? {
        guard let folder = SharedTestData.directory("graphql", caller: caller) else { return nil }
        return try? String(contentsOf: folder.appendingPathComponent("starwars.graphqls"), encoding: .utf8)
    }

    /// A shared file's bytes, if present.
    static func shared(_ name: String, caller: String = #function) -> Data? {
        guard let folder = SharedTestData.directory("graphql", caller: caller) else { return nil }
        return try? Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// All Star Wars operations concatenated into one document (they share fragments).
    static func starwarsOperationsDocument(caller: String = #function) -> String? {
        guard let folder = SharedTestData.directory("graphql", caller: caller) else { return nil }
        return starwarsOperations(folder: folder).map(\.text).joined(separator: "\n")
    }

    /// The repository's own fixtures in `Tests/Fixtures/graphql`.
    static func ownDocuments() -> [(name: String, text: String)] {
        let folder = SharedTestData.fixture("graphql")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { $0.hasSuffix(".graphql") }.compactMap { name in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else {
                return nil
            }
            return (name, text)
        }
    }
}
