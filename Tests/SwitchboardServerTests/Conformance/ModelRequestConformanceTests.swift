import Foundation
import GraphQLLanguage
import ModelTransform
import SwitchboardCodegen
import TestSupport
import Testing

@testable import SwitchboardServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The conformance corpus of the model transform, the model codegen and the model request
/// builders, end to end for each schema: it transforms; its generated models and a driver calling
/// every model request builder compile in Swift 6 with warnings as errors; every document the
/// builders print validates against the transformed schema; and each one runs against the local
/// server with the variables a client must send (HTTP 200, no request-level error such as a
/// variable of the wrong type). Subscriptions are validated, not run.
///
/// The schemas: ``relationships`` (every relationship form, `Tests/Fixtures/models`), where no
/// error at all is allowed apart from a required relation with nothing behind it, and the
/// Transformer v2 schemas of `../shared/testdata/amplify-schemas`, run as a signed-in user in
/// every group the schema names, where authorization errors on a field are the schema's rules
/// at work. The cases run one at a time: each builds and runs a program.
@Suite(.serialized) struct ModelRequestConformanceTests {
    static let testDataSchemas = [
        "transformer-v2", "primarykey-basic", "multiauth", "singleauth-cognito", "singleauth-iam",
    ]

    @Test func everyRelationshipFormTransformsCompilesAndRuns() async throws {
        let url = SharedTestData.fixture("models/relationships.graphql")
        let report = try await check(
            schema: try String(contentsOf: url, encoding: .utf8), name: "relationships",
            configuration: LocalServer.Configuration(apiKeys: [.init("da2-test")]), strict: true)
        // 16 models and the join model: 8 to 10 requests each, every one of them present in the schema.
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        #expect(report.ran >= 100)
    }

    @Test(.requiresSharedTestData("amplify-schemas"), arguments: testDataSchemas)
    func testDataSchemaRequestsValidateAndRun(_ name: String) async throws {
        guard let folder = SharedTestData.directory("amplify-schemas") else { return }
        let sdl = try String(contentsOf: folder.appendingPathComponent("\(name).graphql"), encoding: .utf8)
        let configuration = LocalServer.Configuration(
            apiKeys: [.init("da2-test")], defaultAuthorizationType: .amazonCognitoUserPools,
            additionalAuthorizationTypes: [.apiKey, .awsIAM, .openIDConnect])
        let report = try await check(schema: sdl, name: name, configuration: configuration, strict: false)
        #expect(report.ran > 0)
    }

    struct Report {
        var ran = 0
        var skipped: [String] = []
    }

    private func check(schema sdl: String, name: String, configuration: LocalServer.Configuration, strict: Bool)
        async throws -> Report
    {
        let output = try ModelTransformer.transform(
            sdl, fileName: "\(name).graphql", options: try configuration.transformOptions())
        let schema = try Schema(sdl: output.appSyncSchema, options: .appSync)
        let generated = try ModelCodeGenerator(options: ModelCodegenOptions(form: .classic))
            .generate(catalog: output.catalog, fileName: "\(name).graphql")
        let directory = try Toolchain.temporaryDirectory("conformance-\(name)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let requests: [ModelRequestDriver.Request]
        do {
            switch try await ModelRequestDriver(catalog: output.catalog, files: generated.files).run(in: directory) {
            case .success(let printed): requests = printed
            case .failure(let failure):
                Issue.record("\(name): the models and the request driver do not compile:\n\(failure)")
                return Report()
            }
        } catch let unavailable as ModelRequestDriver.Unavailable {
            print("skipping \(name): \(unavailable)")
            return Report()
        }
        let server = try await LocalServer.start(schema: sdl, fileName: "\(name).graphql", configuration: configuration)
        defer { Task { await server.stop() } }
        let token = Self.token(groups: Self.groups(in: output.catalog))
        let values = VariableValues(schema: schema)
        var report = Report()
        for request in requests {
            let document = try Parser.parse(request.document)
            guard case .operation(let operation)? = document.definitions.first,
                case .field(let root)? = operation.selectionSet.selections.first
            else {
                Issue.record("\(request.label): no operation in \(request.document)")
                continue
            }
            guard schema.rootType(for: operation.operation)?.field(named: root.name) != nil else {
                report.skipped.append("\(request.label) (\(root.name) is not in the schema)")
                continue
            }
            let errors = Validator.validate(document, against: schema)
            #expect(errors.isEmpty, "\(name): \(request.label): \(errors.map(\.message))\n\(request.document)")
            guard operation.operation != .subscription else { continue }
            let variables = values.values(for: operation)
            let headers = strict ? ["x-api-key": "da2-test"] : ["Authorization": token]
            let (status, body) = try await Self.post(request.document, variables, headers: headers, to: server)
            report.ran += 1
            #expect(status == 200, "\(name): \(request.label): HTTP \(status) \(body.text)")
            let problems = (body["errors"]?.arrayValue ?? []).filter { error in
                guard error["path"] != nil else { return true }  // the request itself was refused
                let message = error["message"]?.stringValue ?? ""
                return strict && !message.hasPrefix("Cannot return null for non-nullable type")
            }
            #expect(
                problems.isEmpty, "\(name): \(request.label) with \(variables.text): \(JSON.array(problems).text)")
        }
        return report
    }

    /// Every group an `@auth` rule of the schema names, so that group rules admit the caller.
    static func groups(in catalog: ModelCatalog) -> [String] {
        Set(catalog.models.flatMap { $0.authRules.flatMap(\.groups) }).sorted()
    }

    /// An unsigned Cognito token (the local server decodes tokens without verifying them).
    static func token(groups: [String]) -> String {
        func part(_ json: JSON) -> String {
            Data(json.text.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        let claims: JSON = [
            "sub": "sub-ann", "cognito:username": "ann", "username": "ann", "email": "ann@example.com",
            "cognito:groups": .array(groups.map(JSON.string)),
            "iss": "https://cognito-idp.us-east-1.amazonaws.com/local",
        ]
        return part(["alg": "none"]) + "." + part(claims) + ".c2ln"
    }

    static func post(_ document: String, _ variables: JSON, headers: [String: String], to server: LocalServer)
        async throws -> (status: Int, body: JSON)
    {
        var request = URLRequest(url: server.graphQLEndpoint)
        request.httpMethod = "POST"
        request.httpBody = Data(JSON.object(["query": .string(document), "variables": variables]).text.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try JSONReader.read(Array(data)))
    }
}
