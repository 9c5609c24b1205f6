// swift-tools-version: 6.0
// Switchboard: a dependency-free GraphQL client framework in the style of Amplify's API category.
//
// The target list is assembled from one block per module so that each module's targets can
// evolve without touching the others. No package dependencies: Foundation, Dispatch,
// Glibc/Darwin and system C libraries only.

import PackageDescription

// MARK: - System libraries

let systemTargets: [Target] = [
    // OpenSSL from the OS (Debian: libssl-dev): TLS and the local server's token signatures on Linux, SHA-256
    // baseline in benchmarks.
    .systemLibrary(
        name: "COpenSSL",
        pkgConfig: "openssl",
        providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    // SQLite from the OS (Debian: libsqlite3-dev): the local server's on-disk store.
    .systemLibrary(
        name: "CSQLite",
        pkgConfig: "sqlite3",
        providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // zlib from the OS (Debian: zlib1g-dev): gzip and deflate response bodies in HTTPClientTransport.
    .systemLibrary(
        name: "CZlib",
        pkgConfig: "zlib",
        providers: [.apt(["zlib1g-dev"])]
    ),
    // epoll and eventfd headers, which Swift's Glibc module does not export (Linux only).
    .systemLibrary(name: "CSystemEvents"),
    // What every module shares, package access only: the lock (Synchronization.Mutex needs macOS 15 /
    // iOS 18), UTF-8 validation, and the JSON scanner, tape and tape decoder.
    .target(name: "SwitchboardCore"),
    .testTarget(name: "SwitchboardCoreTests", dependencies: ["SwitchboardCore"]),
    // The SQLite connection shared by the local server's model store and the client's record store.
    .target(name: "SwitchboardSQLite", dependencies: ["CSQLite"]),
]

// MARK: - Hub, configuration and models (no networking)

let hubProducts: [Product] = [
    .library(name: "Switchboard", targets: ["Switchboard"]),
    .library(name: "SwitchboardSQLitePersistence", targets: ["SwitchboardSQLitePersistence"]),
]
let hubTargets: [Target] = [
    // GraphQLLanguage prints the documents of model-based requests.
    .target(name: "Switchboard", dependencies: ["GraphQLLanguage", "SwitchboardCore"]),
    // The normalized record store: cache policies, watchers, optimistic updates.
    .target(name: "SwitchboardStore", dependencies: ["Switchboard", "GraphQLLanguage", "SwitchboardCore"]),
    // The record store's SQLite persistence, its own product so that API users link no SQLite.
    .target(
        name: "SwitchboardSQLitePersistence",
        dependencies: ["SwitchboardStore", "SwitchboardSQLite", "SwitchboardCore"]),
    .testTarget(name: "SwitchboardTests", dependencies: ["Switchboard", "TestSupport", "SwitchboardCore"]),
    // Model-based requests end to end: Amplify-style generated model files, golden documents,
    // and an AppSync-style store over loopback.
    .testTarget(
        name: "SwitchboardModelTests",
        dependencies: [
            "Switchboard", "SwitchboardAPI", "SwitchboardNet", "GraphQLLanguage", "SwitchboardMock", "TestSupport",
            "SwitchboardCore",
        ]),
    // scripts/bench decode-list
    .executableTarget(
        name: "decode-list-bench", dependencies: ["SwitchboardAPI"], path: "scripts/benchmarks/DecodeListBench"),
    // scripts/bench store
    .executableTarget(name: "store-bench", dependencies: ["SwitchboardStore"], path: "scripts/benchmarks/StoreBench"),
]

// MARK: - The GraphQL API plugin

let apiProducts: [Product] = [.library(name: "SwitchboardAPI", targets: ["SwitchboardAPI"])]
let apiTargets: [Target] = [
    .target(
        name: "SwitchboardAPI",
        dependencies: [
            "Switchboard", "SwitchboardStore", "SwitchboardNet", "SwitchboardSigV4", "SwitchboardCore",
            "SwitchboardRealtimeProtocol",
        ]),
    .testTarget(
        name: "SwitchboardAPITests",
        dependencies: [
            "SwitchboardAPI", "SwitchboardNet", "SwitchboardMock", "SwitchboardSigV4", "TestSupport",
            "SwitchboardCore",
        ]),
    // scripts/bench pipeline
    .executableTarget(
        name: "pipeline-bench", dependencies: ["SwitchboardAPI", "SwitchboardNet"],
        path: "scripts/benchmarks/PipelineBench"),
    // scripts/bench transport
    .executableTarget(
        name: "transport-bench", dependencies: ["SwitchboardAPI", "SwitchboardCore"],
        path: "scripts/benchmarks/TransportBench"),
    // scripts/bench subscriptions
    .executableTarget(
        name: "subscription-bench", dependencies: ["SwitchboardAPI", "SwitchboardMock", "SwitchboardCore"],
        path: "scripts/benchmarks/SubscriptionBench"),
    // scripts/soak: subscriptions, queries and mutations under disconnects, restarts and slow consumers
    .executableTarget(
        name: "soak", dependencies: ["SwitchboardAPI", "SwitchboardMock", "SwitchboardCore"],
        path: "scripts/benchmarks/Soak"),
    // scripts/soak (after the soak): resync subscriptions through real-time flaps against the local server
    .executableTarget(
        name: "resync-soak", dependencies: ["SwitchboardAPI", "SwitchboardServer", "SwitchboardCore"],
        path: "scripts/benchmarks/ResyncSoak"),
    // scripts/soak (last): `switchboard serve` left running under checked, churning and hostile clients
    .executableTarget(
        name: "serve-soak", dependencies: ["SwitchboardAPI", "SwitchboardNet", "SwitchboardCore"],
        path: "scripts/benchmarks/ServeSoak"),
]

// MARK: - Sockets, event loop, HTTP/1.1, WebSocket, TLS

let netTargets: [Target] = [
    .target(
        name: "SwitchboardNet",
        dependencies: [
            "SwitchboardCore", "CSystemEvents", "CZlib",
            .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
        ]),
    .testTarget(
        name: "SwitchboardNetTests",
        dependencies: ["SwitchboardNet", "Switchboard", "TestSupport", "SwitchboardCore"]),
    // scripts/autobahn-client: the standard Autobahn test-client loop.
    .executableTarget(
        name: "autobahn-client", dependencies: ["SwitchboardNet"], path: "scripts/benchmarks/AutobahnClient"),
    // scripts/bench websocket
    .executableTarget(
        name: "websocket-bench", dependencies: ["SwitchboardNet"], path: "scripts/benchmarks/WebSocketBench"),
    // scripts/bench serve: the load generator run against `switchboard serve` and the Strawberry baseline.
    .executableTarget(
        name: "serve-bench", dependencies: ["SwitchboardNet", "SwitchboardCore", "CSystemEvents"],
        path: "scripts/benchmarks/ServeBench"),
]

// MARK: - GraphQL language

let graphQLLanguageTargets: [Target] = [
    .target(name: "GraphQLLanguage"),
    .testTarget(name: "GraphQLLanguageTests", dependencies: ["GraphQLLanguage", "TestSupport"]),
    // scripts/interop graphql-core: prints accept/reject per document
    .executableTarget(
        name: "graphql-validate", dependencies: ["GraphQLLanguage"], path: "scripts/benchmarks/GraphQLValidate"),
    // scripts/bench parse
    .executableTarget(name: "parse-bench", dependencies: ["GraphQLLanguage"], path: "scripts/benchmarks/ParseBench"),
]

// MARK: - Amplify's @model transform

let modelTransformTargets: [Target] = [
    // @model SDL → model catalog and the AppSync schema Transformer v2 would deploy.
    .target(name: "ModelTransform", dependencies: ["GraphQLLanguage"]),
    .testTarget(
        name: "ModelTransformTests", dependencies: ["ModelTransform", "GraphQLLanguage", "TestSupport"],
        exclude: ["Golden"]),
]

// MARK: - AWS Signature Version 4

let sigV4Targets: [Target] = [
    .target(name: "SwitchboardSigV4", dependencies: ["SwitchboardCore"]),
    .testTarget(
        name: "SwitchboardSigV4Tests", dependencies: ["SwitchboardSigV4", "TestSupport", "SwitchboardCore"]),
    // scripts/bench sigv4: OpenSSL's SHA-256 is the baseline, linked only into the benchmark.
    .executableTarget(
        name: "sigv4-bench", dependencies: ["SwitchboardSigV4", "COpenSSL"], path: "scripts/benchmarks/SigV4Bench"),
    // scripts/interop sigv4-botocore: signs generated requests for comparison with botocore.
    .executableTarget(
        name: "sigv4-interop", dependencies: ["SwitchboardSigV4"], path: "scripts/benchmarks/SigV4Interop"),
    // scripts/interop rest-sigv4-botocore: REST requests through APIPlugin's chain, compared with
    // the URL and signature botocore makes of the same request.
    .executableTarget(
        name: "rest-sigv4-interop", dependencies: ["SwitchboardAPI"], path: "scripts/benchmarks/RESTSigV4Interop"),
    // scripts/interop cognito-moto: the Cognito providers against moto, then IAM-signed operations
    // against the local server.
    .executableTarget(
        name: "cognito-interop", dependencies: ["SwitchboardAPI", "SwitchboardServer"],
        path: "scripts/benchmarks/CognitoInterop"),
]

// MARK: - Mock server for app tests

let mockProducts: [Product] = [.library(name: "SwitchboardMock", targets: ["SwitchboardMock"])]
let mockTargets: [Target] = [
    .target(
        name: "SwitchboardMock",
        dependencies: [
            "Switchboard", "SwitchboardNet", "GraphQLLanguage", "SwitchboardCore", "SwitchboardRealtimeServer",
            "SwitchboardRealtimeProtocol",
        ]),
    .testTarget(name: "SwitchboardMockTests", dependencies: ["SwitchboardMock", "TestSupport", "SwitchboardCore"]),
]

// MARK: - The real-time protocols: wire codecs (both roles) and the servers' side

let realtimeServerTargets: [Target] = [
    // AppSync's real-time messages, graphql-transport-ws's and the real-time URLs, shared by the
    // client and the servers; package access only.
    .target(name: "SwitchboardRealtimeProtocol", dependencies: ["Switchboard", "SwitchboardCore"]),
    .testTarget(
        name: "SwitchboardRealtimeProtocolTests", dependencies: ["SwitchboardRealtimeProtocol", "Switchboard"]),
    // AppSync's real-time protocol and graphql-transport-ws over a server-side WebSocket, with
    // the subscriptions themselves left to a backend; package access only.
    .target(
        name: "SwitchboardRealtimeServer",
        dependencies: ["Switchboard", "SwitchboardNet", "SwitchboardCore", "SwitchboardRealtimeProtocol"]),
]

// MARK: - The local AppSync-compatible server

let serverProducts: [Product] = [.library(name: "SwitchboardServer", targets: ["SwitchboardServer"])]
let serverTargets: [Target] = [
    // The @model schema served locally: executor, resolvers, SQLite store, auth, real-time.
    // Switchboard supplies the real-time message codecs the client uses too.
    .target(
        name: "SwitchboardServer",
        dependencies: [
            "ModelTransform", "GraphQLLanguage", "SwitchboardNet", "SwitchboardSigV4", "Switchboard", "CSQLite",
            "SwitchboardCore", "SwitchboardRealtimeServer", "SwitchboardSQLite", "SwitchboardRealtimeProtocol",
            // Token signatures (RS256, ES256); Apple platforms use the Security framework.
            .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
        ]),
    .testTarget(
        name: "SwitchboardServerTests",
        dependencies: [
            "SwitchboardServer", "ModelTransform", "GraphQLLanguage", "SwitchboardNet", "SwitchboardSigV4",
            "Switchboard", "SwitchboardAPI", "SwitchboardRealtimeServer", "SwitchboardCodegen", "SwitchboardSQLite",
            "SwitchboardCore",
            "TestSupport",
            // Test keys for token verification, made and used for signing at test time.
            .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
        ]),
    // scripts/bench handler: the request path of `switchboard serve` in-process, without sockets.
    .executableTarget(
        name: "handler-bench", dependencies: ["SwitchboardServer", "SwitchboardNet"],
        path: "scripts/benchmarks/HandlerBench"),
]

// MARK: - The seeds' examples and ported Amplify code, end to end against the mock

let seedTargets: [Target] = [
    // ../shared/seeds/amplify-advanced-workflows.txt as written, and an Amplify app ported by renaming.
    .testTarget(
        name: "SeedExamplesTests", dependencies: ["SwitchboardAPI", "SwitchboardMock", "TestSupport"]),
    // ../shared/seeds/amplify-model-based-queries.txt, with its own minimal models.
    .testTarget(
        name: "SeedModelBasedQueriesTests", dependencies: ["SwitchboardAPI", "SwitchboardMock", "TestSupport"]),
]

// MARK: - Code generation: Swift models from @model schemas, typed operations from .graphql files and literals

let codegenProducts: [Product] = [.plugin(name: "SwitchboardCodegenPlugin", targets: ["SwitchboardCodegenPlugin"])]
let codegenTargets: [Target] = [
    .target(name: "SwitchboardCodegen", dependencies: ["ModelTransform", "GraphQLLanguage"]),
    // What the build plugin runs; not a product, since a plugin cannot use an executable a
    // product also vends (swift-package-manager #8831).
    .executableTarget(name: "switchboard-codegen", dependencies: ["SwitchboardCodegen"]),
    .plugin(
        name: "SwitchboardCodegenPlugin", capability: .buildTool(), dependencies: ["switchboard-codegen"]),
    // scripts/bench codegen
    .executableTarget(
        name: "codegen-bench", dependencies: ["SwitchboardCodegen", "GraphQLLanguage"],
        path: "scripts/benchmarks/CodegenBench"),
    // Switchboard is a dependency so that its module is built for the tests that type-check generated files.
    .testTarget(
        name: "SwitchboardCodegenTests",
        dependencies: ["SwitchboardCodegen", "ModelTransform", "GraphQLLanguage", "Switchboard", "TestSupport"]),
    // The generated files of the golden suites (kept equal to the generator's output by
    // SwitchboardCodegenTests), compiled in Swift 6 mode and run against the mock server.
    .testTarget(
        name: "GeneratedOperationsTests",
        dependencies: [
            "SwitchboardAPI", "SwitchboardMock", "TestSupport", "SwitchboardCore", "SwitchboardStore",
            "SwitchboardSQLitePersistence",
        ]),
]

// MARK: - Command-line tool

let cliProducts: [Product] = [.executable(name: "switchboard", targets: ["switchboard"])]
let cliTargets: [Target] = [
    .executableTarget(
        name: "switchboard",
        dependencies: [
            "Switchboard", "SwitchboardAPI", "SwitchboardMock", "SwitchboardSigV4", "GraphQLLanguage", "ModelTransform",
            "SwitchboardCodegen", "SwitchboardServer",
        ]),
    // Runs the built executables as child processes; the dependencies make `swift test` build them.
    .testTarget(
        name: "SwitchboardCLITests",
        dependencies: [
            "switchboard", "switchboard-codegen", "Switchboard", "SwitchboardAPI", "SwitchboardSigV4", "SwitchboardNet",
            "SwitchboardMock", "ModelTransform", "SwitchboardCodegen", "SwitchboardServer", "TestSupport",
        ]),
]

// MARK: - Fuzz targets (scripts/fuzz)

// libFuzzer targets over the parsers, sources in scripts/fuzzers. They exist only when
// SWITCHBOARD_FUZZ is set (scripts/fuzz sets it and builds with -sanitize=fuzzer,address in its own
// build directory): each calls libFuzzer's driver, which ordinary builds do not link. They live in
// this package so that they reach `package` declarations (the real-time messages, the scanners).
func fuzzTarget(_ name: String, path: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name, dependencies: ["LibFuzzerDriver"] + dependencies, path: "scripts/fuzzers/\(path)")
}

let fuzzTargets: [Target] =
    Context.environment["SWITCHBOARD_FUZZ"] == nil
    ? []
    : [
        .target(name: "LibFuzzerDriver", path: "scripts/fuzzers/LibFuzzerDriver"),
        fuzzTarget("fuzz-http-request", path: "HTTPRequest", ["SwitchboardNet"]),
        fuzzTarget("fuzz-http-response", path: "HTTPResponse", ["SwitchboardNet"]),
        fuzzTarget("fuzz-websocket-frames", path: "WebSocketFrames", ["SwitchboardNet"]),
        fuzzTarget("fuzz-json", path: "JSON", ["Switchboard", "SwitchboardCore"]),
        fuzzTarget("fuzz-yaml", path: "YAML", ["SwitchboardMock", "Switchboard"]),
        fuzzTarget("fuzz-sigv4", path: "SigV4", ["SwitchboardSigV4"]),
        fuzzTarget("fuzz-realtime-messages", path: "RealtimeMessages", ["SwitchboardRealtimeProtocol"]),
        fuzzTarget(
            "fuzz-execute", path: "Execute",
            ["SwitchboardServer", "ModelTransform", "GraphQLLanguage", "SwitchboardCore"]),
    ]

// MARK: - Test support

let supportTargets: [Target] = [
    // Shared helpers for test targets only (locating ../shared/testdata, temporary files).
    .target(name: "TestSupport", dependencies: ["CZlib"], path: "Tests/TestSupport")
]

let package = Package(
    name: "Switchboard",
    // Amplify Swift's floor: macOS 13, iOS 16 (tvOS 16, watchOS 9, visionOS 1).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    // The products are what apps use; the language tools, the transform, the code generator, the
    // network layer and SigV4 signing are package-internal modules behind them.
    products: hubProducts + apiProducts + codegenProducts + mockProducts + serverProducts + cliProducts,
    targets: systemTargets + hubTargets + apiTargets + netTargets + graphQLLanguageTargets + modelTransformTargets
        + codegenTargets + sigV4Targets + mockTargets + realtimeServerTargets + serverTargets + cliTargets
        + seedTargets + supportTargets + fuzzTargets,
    swiftLanguageModes: [.v6]
)
