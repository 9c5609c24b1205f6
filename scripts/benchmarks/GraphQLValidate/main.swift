// graphql-validate SCHEMA FILE...: validates each executable document against the SDL schema and
// prints `accept FILE` or `reject FILE: first error`, one line per file.
// graphql-validate --compare-introspection SCHEMA INTROSPECTION.json: builds the schema from both
// and prints `equal` or the first differing type (exit status 1).
// Used by scripts/interop.d/graphql-core.sh to compare Switchboard with graphql-core.

import Foundation
import GraphQLLanguage

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--compare-introspection", arguments.count == 3 {
    let paths = Array(arguments.dropFirst())
    do {
        let fromSDL = try Schema(sdl: try String(contentsOfFile: paths[0], encoding: .utf8))
        let fromJSON = try Schema(introspectionJSON: try Data(contentsOf: URL(fileURLWithPath: paths[1])))
        if fromSDL == fromJSON {
            print("equal")
            exit(0)
        }
        let names = Set(fromSDL.types.keys).union(fromJSON.types.keys).sorted()
        if let name = names.first(where: { fromSDL.types[$0] != fromJSON.types[$0] }) {
            print(
                "type \(name) differs:\n  SDL: \(String(describing: fromSDL.types[name]))\n  introspection: \(String(describing: fromJSON.types[name]))"
            )
        } else {
            print("directives or root types differ")
        }
    } catch {
        print("error: \(error)")
    }
    exit(1)
}
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
