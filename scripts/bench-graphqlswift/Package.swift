// swift-tools-version: 5.10
// Baseline for scripts/bench parse: GraphQLSwift/GraphQL's parser on the same inputs, in a
// package of its own so that Switchboard itself keeps no dependencies.
import PackageDescription

let package = Package(
    name: "bench-graphqlswift",
    platforms: [.macOS(.v13)],
    dependencies: [.package(url: "https://github.com/GraphQLSwift/GraphQL", exact: "4.3.0")],
    targets: [
        .executableTarget(
            name: "graphqlswift-parse-bench",
            dependencies: [.product(name: "GraphQL", package: "GraphQL")]
        )
    ]
)
