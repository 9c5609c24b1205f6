// swift-tools-version: 6.0
// libFuzzer targets over Switchboard's parsers, built by scripts/fuzz with
// `-sanitize=fuzzer,address -parse-as-library -enable-testing` (each target defines
// LLVMFuzzerTestOneInput; libFuzzer supplies main). Not part of the Switchboard package: it
// depends on it by path, and nothing here is built by `swift build` at the root.

import Foundation
import PackageDescription

// A path dependency's identity is its directory's name, which differs between clones.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let switchboard = root.lastPathComponent

func fuzzTarget(_ name: String, path: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name, dependencies: products.map { .product(name: $0, package: switchboard) }, path: path)
}

let package = Package(
    name: "SwitchboardFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: root.path)],
    targets: [
        fuzzTarget("fuzz-http-request", path: "HTTPRequest", ["SwitchboardNet"]),
        fuzzTarget("fuzz-http-response", path: "HTTPResponse", ["SwitchboardNet"]),
        fuzzTarget("fuzz-websocket-frames", path: "WebSocketFrames", ["SwitchboardNet"]),
        fuzzTarget("fuzz-json", path: "JSON", ["Switchboard"]),
        fuzzTarget("fuzz-yaml", path: "YAML", ["SwitchboardMock", "Switchboard"]),
        fuzzTarget("fuzz-sigv4", path: "SigV4", ["SwitchboardSigV4"]),
        fuzzTarget("fuzz-realtime-messages", path: "RealtimeMessages", ["Switchboard"]),
    ],
    swiftLanguageModes: [.v6]
)
