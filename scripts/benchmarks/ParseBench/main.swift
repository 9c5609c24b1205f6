// parse-bench FILE... [--seconds S]: parses each GraphQL file repeatedly for about S seconds
// (default 2) and prints `NAME BYTES MB/s` per file. scripts/bench parse runs it next to the
// same harness built against GraphQLSwift/GraphQL.

import Foundation
import GraphQLLanguage

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
guard !paths.isEmpty else {
    FileHandle.standardError.write(Data("usage: parse-bench FILE... [--seconds S]\n".utf8))
    exit(2)
}
for path in paths {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("parse-bench: cannot read \(path)\n".utf8))
        exit(1)
    }
    let size = text.utf8.count
    var definitions = 0
    // Warm up once (and fail loudly on a document that does not parse).
    do {
        definitions = try Parser.parse(text).definitions.count
    } catch {
        FileHandle.standardError.write(Data("parse-bench: \(path): \(error)\n".utf8))
        exit(1)
    }
    let clock = ContinuousClock()
    let start = clock.now
    var iterations = 0
    while clock.now - start < .seconds(seconds) {
        for _ in 0..<10 {
            // String input, as the baseline gets, so both include the UTF-8 copy.
            definitions &+= (try? Parser.parse(text).definitions.count) ?? 0
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
