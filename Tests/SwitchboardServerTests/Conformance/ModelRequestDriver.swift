import Foundation
import ModelTransform
import TestSupport

@testable import SwitchboardCodegen

/// A small program, built with `swiftc` against the built `Switchboard` module, that links the
/// generated models of a schema and prints the document of every request the model builders make
/// for every model: `get` (bare and with every association included), `list`, `create`, `update`
/// and `delete` (with a condition), the three subscriptions (with a filter) and every index query.
/// Building it is the "models compile in Swift 6 without warnings" check; its output is what the
/// conformance tests validate and run.
struct ModelRequestDriver {
    /// One printed request: what it is and its document.
    struct Request: Decodable, Sendable {
        let label: String
        let document: String
    }

    /// Why the driver could not be built on this machine (not a test failure).
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The targets whose objects the driver links: `Switchboard` and what it depends on.
    static let linkedTargets = ["Switchboard", "GraphQLLanguage", "SwitchboardCore"]

    let catalog: ModelCatalog
    let files: [GeneratedModelFile]

    /// Builds the driver in `directory` and returns what it prints, or the compiler's errors (or
    /// missing build objects) as a failure message; throws ``Unavailable`` when there is no
    /// `swiftc` or built module at all.
    func run(in directory: URL) async throws -> Result<[Request], CompileFailure> {
        guard let swiftc = Toolchain.executable("swiftc"), let modules = Toolchain.modulesDirectory else {
            throw Unavailable(description: "swiftc or the built Switchboard module is not available")
        }
        // With the module there, missing objects mean the build layout changed: a failure, not a skip.
        guard let objects = Toolchain.objectFiles(ofTargets: Self.linkedTargets) else {
            return .failure(
                CompileFailure(
                    output: "the objects of \(Self.linkedTargets) were not found beside \(modules.path) "
                        + "(an output-file-map.json per target)"))
        }
        _ = try ModelFileWriter.write(files, to: directory)
        let main = directory.appendingPathComponent("main.swift")
        try Data(source().utf8).write(to: main)
        let sources = files.map { directory.appendingPathComponent($0.name).path } + [main.path]
        let executable = directory.appendingPathComponent("driver")
        let build = try await CommandRunner.run(
            swiftc,
            [
                "-swift-version", "6", "-warnings-as-errors", "-I", modules.path, "-module-name", "Driver", "-o",
                executable.path,
            ] + sources + objects,
            timeout: .seconds(600))
        guard build.status == 0 else { return .failure(CompileFailure(output: build.standardError)) }
        let run = try await CommandRunner.run(executable, [], timeout: .seconds(120))
        guard run.status == 0 else { return .failure(CompileFailure(output: "driver failed: \(run.standardError)")) }
        let decoder = JSONDecoder()
        let requests = try run.standardOutput.split(separator: "\n").map {
            try decoder.decode(Request.self, from: Data($0.utf8))
        }
        return .success(requests)
    }

    /// The compiler's (or the driver's) error output.
    struct CompileFailure: Error, CustomStringConvertible {
        let output: String
        var description: String { String(output.prefix(6000)) }
    }

    /// `main.swift`: one block per model.
    func source() -> String {
        var lines = [
            "import Foundation",
            "@testable import Switchboard",
            "",
            "func emit(_ label: String, _ document: String) {",
            "    let line = try! JSONEncoder().encode([\"label\": label, \"document\": document])",
            "    print(String(decoding: line, as: UTF8.self))",
            "}",
            "",
        ]
        for model in catalog.models {
            lines += block(for: model)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func block(for model: Model) -> [String] {
        let type = "\(model.name).self"
        let name = model.name
        let associations = model.fields.filter { $0.relationship != nil }.map { "[\"\($0.name)\"]" }
        var lines = [
            "do {",
            "    emit(\"\(name) get\", ModelRequestBuilder.getRequest(for: \(type), identifier: [:]).document)",
            "    emit(\"\(name) list\", "
                + "ModelRequestBuilder.listRequest(for: \(type), filter: .object([:]), limit: nil).document)",
        ]
        if !associations.isEmpty {
            lines.append(
                "    emit(\"\(name) get including \(associations.count) associations\", "
                    + "ModelRequestBuilder.getRequest(for: \(type), identifier: [:], "
                    + "includes: [\(associations.joined(separator: ", "))]).document)")
        }
        for kind in ["create", "update", "delete"] {
            lines.append(
                "    emit(\"\(name) \(kind)\", ModelRequestBuilder.mutationDocument("
                    + "for: \(type), kind: .\(kind), hasCondition: true, includes: []).document)")
        }
        for kind in ["onCreate", "onUpdate", "onDelete"] {
            lines.append(
                "    emit(\"\(name) \(kind)\", ModelRequestBuilder.subscriptionRequest("
                    + "of: \(type), kind: .\(kind), filter: .object([:]), apiName: nil, authMode: nil, "
                    + "includes: []).document)")
        }
        for index in model.indexes {
            guard index.queryField != nil else { continue }
            lines.append(
                "    emit(\"\(name) index \(index.name)\", ModelRequestBuilder.indexQueryRequest("
                    + "for: \(type), index: .\(SwiftIdentifier.enumCase(index.name)), partitionKey: .null, "
                    + "sortKey: nil, sortDirection: nil, filter: .object([:]), limit: nil, apiName: nil, "
                    + "authMode: nil, includes: []).document)")
        }
        lines.append("}")
        return lines
    }
}
