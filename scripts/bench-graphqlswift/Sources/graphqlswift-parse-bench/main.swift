// graphqlswift-parse-bench FILE... [--seconds S]: the same harness as Switchboard's parse-bench,
// running GraphQLSwift/GraphQL 4.3.0's parser; prints `NAME BYTES MB/s` per file.

import Foundation
import GraphQL

var paths: [String] = []
var seconds = 2.0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--seconds", let value = arguments.popFirst().flatMap(Double.init) {
        seconds = value
    } else {
        paths.append(argument)
    }
}
for path in paths {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("graphqlswift-parse-bench: cannot read \(path)\n".utf8))
        exit(1)
    }
    let size = text.utf8.count
    var definitions = 0
    do {
        definitions = try parse(source: text).definitions.count
    } catch {
        FileHandle.standardError.write(Data("graphqlswift-parse-bench: \(path): \(error)\n".utf8))
        exit(1)
    }
    let clock = ContinuousClock()
    let start = clock.now
    var iterations = 0
    while clock.now - start < .seconds(seconds) {
        for _ in 0..<10 {
            definitions &+= (try? parse(source: text).definitions.count) ?? 0
        }
        iterations += 10
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let megabytesPerSecond = Double(size * iterations) / seconds / 1_000_000
    print(
        "\((path as NSString).lastPathComponent) \(size) \(String(format: "%.1f", megabytesPerSecond)) \(definitions % 7)"
    )
}
