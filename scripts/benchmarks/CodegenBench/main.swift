// codegen-bench SCHEMA [--operations N] [--rounds R] [--write DIR]: generates Swift for N
// operations (default 200) written against SCHEMA, R times (default 7), and prints the median
// times of each phase beside the baseline, parsing the schema's SDL, measured in the same run.
// --write also saves the operations and the generated files in DIR (to lint or compile them).
//   schema-parse    Parser.parse of the SDL (the baseline)
//   schema-load     OperationGenerator.loadSchema (parse and build the schema)
//   generate        OperationGenerator.generate: parse, validate, shape and write N operations
// scripts/bench codegen runs it on GitHub's schema.

import Foundation
import GraphQLLanguage
import SwitchboardCodegen

var path: String?
var operationCount = 200
var rounds = 7
var writeDirectory: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--operations": operationCount = arguments.popFirst().flatMap(Int.init) ?? operationCount
    case "--rounds": rounds = arguments.popFirst().flatMap(Int.init) ?? rounds
    case "--write": writeDirectory = arguments.popFirst()
    default: path = argument
    }
}
guard let path, let sdl = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("usage: codegen-bench SCHEMA [--operations N] [--rounds R]\n".utf8))
    exit(2)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("codegen-bench: \(message)\n".utf8))
    exit(1)
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let text = String(decoding: sdl, as: UTF8.self)
let schema: Schema
do {
    schema = try OperationGenerator.loadSchema(path: path, contents: Array(sdl))
} catch {
    fail("\(error)")
}
let documents = OperationSynthesizer(schema: schema).documents(count: operationCount)
let inputs = documents.enumerated().map { index, document in
    CodegenInputFile(
        path: "Operation\(index).graphql", displayName: "Operation\(index).graphql", contents: Array(document.utf8))
}
let generator = OperationGenerator(schema: schema, schemaDisplayName: (path as NSString).lastPathComponent)
var outputBytes = 0
do {
    // Warm up, and stop on operations that do not validate.
    let output = try generator.generate(inputs)
    outputBytes = output.sources.reduce(0) { $0 + $1.utf8.count }
    if let writeDirectory {
        let directory = URL(fileURLWithPath: writeDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (input, source) in zip(inputs, output.sources) {
            try Data(input.contents).write(to: directory.appendingPathComponent(input.path))
            try Data(source.utf8).write(to: directory.appendingPathComponent(input.path + ".swift"))
        }
        try Data(output.schemaTypes.utf8).write(to: directory.appendingPathComponent("schema.swift"))
    }
} catch {
    fail("the synthesized operations do not generate:\n\(error)")
}

var parseTimes: [Double] = []
var loadTimes: [Double] = []
var generateTimes: [Double] = []
for _ in 0..<rounds {
    parseTimes.append(try milliseconds { _ = try Parser.parse(text) })
    loadTimes.append(try milliseconds { _ = try OperationGenerator.loadSchema(path: path, contents: Array(sdl)) })
    generateTimes.append(try milliseconds { _ = try generator.generate(inputs) })
}
let parse = median(parseTimes)
let generate = median(generateTimes)
print(
    "\((path as NSString).lastPathComponent): \(sdl.count) bytes, \(schema.types.count) types; \(operationCount) operations, \(outputBytes) bytes of Swift"
)
print(String(format: "schema-parse %8.1f ms   (baseline)", parse))
print(String(format: "schema-load  %8.1f ms   %.2fx the parse", median(loadTimes), median(loadTimes) / parse))
print(
    String(
        format: "generate     %8.1f ms   %.2fx the parse   (%.2f ms per operation)", generate, generate / parse,
        generate / Double(operationCount)))
print(String(format: "load+generate %7.1f ms   goal: under 1000 ms", median(loadTimes) + generate))
