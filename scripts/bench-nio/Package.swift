// swift-tools-version: 6.0
// The SwiftNIO baseline for `scripts/bench websocket`: a Hummingbird WebSocket echo server and a
// swift-websocket (WSClient) client. A separate package so that the main package never depends
// on SwiftNIO.
import PackageDescription

let package = Package(
    name: "bench-nio",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", exact: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", exact: "1.6.2"),
    ],
    targets: [
        .executableTarget(
            name: "nio-websocket-bench",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        )
    ]
)
