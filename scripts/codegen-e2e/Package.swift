// swift-tools-version: 6.0
// An app package that uses Switchboard's build plugin the way a user does: it depends on the
// Switchboard package (by path here), applies SwitchboardCodegenPlugin to a target holding a
// schema, .graphql files and graphql("…") literals, and runs the generated operations against
// a MockServer in its tests. scripts/codegen-e2e.sh builds and runs it.

import PackageDescription

let package = Package(
    name: "CodegenE2E",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "Switchboard", path: "../..")
    ],
    targets: [
        .target(
            name: "StarWarsClient",
            dependencies: [.product(name: "SwitchboardAPI", package: "Switchboard")],
            plugins: [.plugin(name: "SwitchboardCodegenPlugin", package: "Switchboard")]
        ),
        .testTarget(
            name: "StarWarsClientTests",
            dependencies: ["StarWarsClient", .product(name: "SwitchboardMock", package: "Switchboard")]
        ),
        // An Amplify @model schema: the plugin generates the models and the operations' types.
        .target(
            name: "BlogClient",
            dependencies: [.product(name: "SwitchboardAPI", package: "Switchboard")],
            plugins: [.plugin(name: "SwitchboardCodegenPlugin", package: "Switchboard")]
        ),
        .testTarget(
            name: "BlogClientTests",
            dependencies: ["BlogClient", .product(name: "SwitchboardMock", package: "Switchboard")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
