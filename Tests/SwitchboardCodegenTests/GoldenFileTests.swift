import Foundation
import Testing

@testable import SwitchboardCodegen

/// The generated files committed in `Tests/GeneratedOperationsTests` are exactly what the
/// generator writes today: a change of output is a reviewed change of those files. Run with
/// `SWITCHBOARD_UPDATE_GOLDEN=1` to rewrite them after an intended change.
@Suite struct GoldenFileTests {
    static let updating = ProcessInfo.processInfo.environment["SWITCHBOARD_UPDATE_GOLDEN"] == "1"

    @Test(arguments: GoldenSuite.all)
    func generatedFilesMatchTheCommittedOnes(suite: GoldenSuite) throws {
        let generated = try suite.generate()
        let existing = try FileManager.default.contentsOfDirectory(atPath: suite.directory.path).filter { name in
            let text = (try? String(contentsOf: suite.directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.hasPrefix(GeneratedFileLayout.marker)
        }
        if Self.updating {
            for name in existing where generated[name] == nil {
                try FileManager.default.removeItem(at: suite.directory.appendingPathComponent(name))
            }
            for (name, text) in generated {
                try Data(text.utf8).write(to: suite.directory.appendingPathComponent(name))
            }
            return
        }
        #expect(Set(existing) == Set(generated.keys), "generated files in \(suite.folder)")
        for (name, text) in generated.sorted(by: { $0.key < $1.key }) {
            let committed = try? String(contentsOf: suite.directory.appendingPathComponent(name), encoding: .utf8)
            #expect(committed == text, "\(suite.folder)/\(name) differs from what the generator writes")
        }
    }

    @Test(arguments: GoldenSuite.all)
    func generationIsDeterministic(suite: GoldenSuite) throws {
        #expect(try suite.generate() == suite.generate())
    }

    @Test func introspectionSchemaGeneratesTheSameFiles() throws {
        guard var suite = GoldenSuite.starWars else { return }
        let sdl = try suite.generate()
        suite.schema = suite.schema.deletingLastPathComponent().appendingPathComponent("starwars-introspection.json")
        #expect(try suite.generate() == sdl)
    }
}
