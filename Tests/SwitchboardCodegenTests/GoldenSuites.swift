import Foundation
import TestSupport
import Testing

@testable import SwitchboardCodegen

/// The inputs whose generated files are committed in `Tests/GeneratedOperationsTests/<folder>`,
/// where the `GeneratedOperationsTests` target compiles them and runs them against the mock.
struct GoldenSuite: Sendable, CustomTestStringConvertible {
    struct Input: Sendable {
        var url: URL
        /// The path the generated header names and the output file is named after.
        var relativeName: String
    }

    var folder: String
    var schema: URL
    var schemaDisplayName: String
    var configuration: URL?
    var inputs: [Input]

    var testDescription: String { folder }

    static let generatedRoot = SharedTestData.repositoryRoot.appendingPathComponent("Tests/GeneratedOperationsTests")
    static let fixtures = SharedTestData.fixture("codegen")

    /// Every suite; the Star Wars one only where `../shared/testdata` is present.
    static var all: [GoldenSuite] {
        var suites: [GoldenSuite] = []
        if let starWars { suites.append(starWars) }
        suites.append(todo)
        suites.append(apolloSeed("inline", folder: "ApolloSeedInline"))
        suites.append(apolloSeed("fragment", folder: "ApolloSeedFragment"))
        suites.append(edgeCases)
        return suites
    }

    /// The Star Wars schema with the 18 operation files of Apollo iOS's sample, plus this
    /// repository's `NestedConditions.graphql` for the shapes they do not cover.
    static var starWars: GoldenSuite? {
        guard let graphql = SharedTestData.directory("graphql", caller: "the Star Wars golden suite") else {
            return nil
        }
        let operations = graphql.appendingPathComponent("starwars-operations")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: operations.path)) ?? []
        var inputs = names.filter { $0.hasSuffix(".graphql") }.sorted().map {
            Input(url: operations.appendingPathComponent($0), relativeName: $0)
        }
        inputs.append(
            Input(
                url: fixtures.appendingPathComponent("starwars-extra/NestedConditions.graphql"),
                relativeName: "NestedConditions.graphql"))
        return GoldenSuite(
            folder: "StarWars", schema: graphql.appendingPathComponent("starwars.graphqls"),
            schemaDisplayName: "starwars.graphqls", inputs: inputs)
    }

    /// The Relay.swift seed's to-do fragments and query, written as `graphql("…")` literals in a
    /// Swift file of the test target, plus a mutation and a subscription.
    static let todo = GoldenSuite(
        folder: "Todo", schema: fixtures.appendingPathComponent("todo/todo.graphqls"),
        schemaDisplayName: "todo.graphqls",
        configuration: fixtures.appendingPathComponent("todo/switchboard-codegen.json"),
        inputs: [
            Input(url: fixtures.appendingPathComponent("todo/AddTodo.graphql"), relativeName: "AddTodo.graphql"),
            Input(url: generatedRoot.appendingPathComponent("Todo/ToDoList.swift"), relativeName: "ToDoList.swift"),
        ])

    /// Names that collide with what generated code declares or uses.
    static let edgeCases = GoldenSuite(
        folder: "EdgeCases", schema: fixtures.appendingPathComponent("edge-cases/edge-cases.graphqls"),
        schemaDisplayName: "edge-cases.graphqls",
        inputs: [
            Input(
                url: fixtures.appendingPathComponent("edge-cases/EdgeCases.graphql"), relativeName: "EdgeCases.graphql")
        ])

    /// One of the Apollo iOS seed's two `HeroAsDroid` forms, in its own namespace (the names
    /// include the form, as the two share one test target).
    static func apolloSeed(_ form: String, folder: String) -> GoldenSuite {
        let directory = fixtures.appendingPathComponent("apollo-seed")
        return GoldenSuite(
            folder: folder, schema: directory.appendingPathComponent("\(form)/schema.graphqls"),
            schemaDisplayName: "\(form)/schema.graphqls",
            configuration: directory.appendingPathComponent("\(form)/switchboard-codegen.json"),
            inputs: [
                Input(
                    url: directory.appendingPathComponent("\(form)/HeroAsDroid.graphql"),
                    relativeName: "\(form)/HeroAsDroid.graphql")
            ])
    }

    /// The generated files, by name.
    func generate() throws -> [String: String] {
        let schemaBytes = Array(try Data(contentsOf: schema))
        let loaded = try OperationGenerator.loadSchema(path: schema.path, contents: schemaBytes)
        var options = CodegenConfiguration()
        if let configuration {
            options = try CodegenConfiguration(json: try Data(contentsOf: configuration), path: configuration.path)
        }
        let files = try inputs.map { input in
            CodegenInputFile(
                path: input.url.path, displayName: input.relativeName, contents: Array(try Data(contentsOf: input.url)))
        }
        let output = try OperationGenerator(
            schema: loaded, schemaDisplayName: schemaDisplayName, configuration: options
        )
        .generate(files)
        var generated = [GeneratedFileName.forInput(schemaDisplayName): output.schemaTypes]
        for (input, source) in zip(inputs, output.sources) {
            generated[GeneratedFileName.forInput(input.relativeName)] = source
        }
        return generated
    }

    /// The folder holding the committed generated files.
    var directory: URL { Self.generatedRoot.appendingPathComponent(folder) }
}
