// graphql-validate SCHEMA FILE...: validates each executable document against the SDL schema and
// prints `accept FILE` or `reject FILE: first error`, one line per file. Used by
// scripts/interop.d/graphql-core.sh to compare Switchboard with graphql-core.

import Foundation
import GraphQLLanguage

let arguments = CommandLine.arguments.dropFirst()
guard let schemaPath = arguments.first, arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: graphql-validate SCHEMA.graphqls FILE.graphql...\n".utf8))
    exit(2)
}
let schema: Schema
do {
    let sdl = try String(contentsOfFile: schemaPath, encoding: .utf8)
    schema = try Schema(sdl: sdl)
} catch {
    FileHandle.standardError.write(Data("graphql-validate: \(schemaPath): \(error)\n".utf8))
    exit(1)
}
for path in arguments.dropFirst() {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        print("reject \(path): unreadable")
        continue
    }
    do {
        let document = try Parser.parse(text)
        let errors = schema.validate(document)
        if let first = errors.first {
            print("reject \(path): \(first.description)")
        } else {
            print("accept \(path)")
        }
    } catch {
        print("reject \(path): \(error.message)")
    }
}
