import Foundation
import Testing

@testable import SwitchboardMock

/// Included files: resolved relative to the including file, cycles and missing files explained
/// with the include chain.
struct ConfigFileTests {
    func loadError(_ files: [String: String], root: String = "a.yaml") throws -> (String, URL) {
        let directory = try ConfigurationShapesTests.directory(with: files)
        do {
            _ = try MockConfiguration.load(from: directory.appendingPathComponent(root))
            Issue.record("loading \(root) should have failed")
            return ("", directory)
        } catch {
            return ("\(error)", directory)
        }
    }

    @Test func includeCyclesNameTheChainAndTheOffendingItem() throws {
        let (cycle, first) = try loadError([
            "a.yaml": "- http: {api: get /a}\n- b.yaml\n",
            "b.yaml": "- http: {api: get /b}\n- a.yaml\n",
        ])
        defer { try? FileManager.default.removeItem(at: first) }
        #expect(cycle == "b.yaml:2:3: [1]: include cycle: a.yaml → b.yaml → a.yaml (included from a.yaml:2:3)")

        let (throughDirectory, second) = try loadError([
            "a.yaml": "- dir/b.yaml\n",
            "dir/b.yaml": "- ./c.yaml\n",
            "dir/c.yaml": "- ../a.yaml\n",
        ])
        defer { try? FileManager.default.removeItem(at: second) }
        #expect(
            throughDirectory
                == "dir/c.yaml:1:3: [0]: include cycle: a.yaml → dir/b.yaml → dir/c.yaml → a.yaml "
                + "(included from dir/b.yaml:1:3 ← a.yaml:1:3)")

        let (itself, third) = try loadError(["a.yaml": "- http: {api: get /a}\n- a.yaml\n"])
        defer { try? FileManager.default.removeItem(at: third) }
        #expect(itself == "a.yaml:2:3: [1]: include cycle: a.yaml → a.yaml")
    }

    @Test func missingIncludesNameTheFileAndTheChain() throws {
        let (direct, first) = try loadError(["a.yaml": "- http: {api: get /a}\n- missing/c.yaml\n"])
        defer { try? FileManager.default.removeItem(at: first) }
        let path = first.appendingPathComponent("missing/c.yaml").standardizedFileURL.path
        #expect(
            direct
                == "a.yaml:2:3: [1]: the included file \"missing/c.yaml\" does not exist (\(path)); "
                + "include chain: a.yaml → missing/c.yaml")

        let (nested, second) = try loadError(["a.yaml": "- sub/b.yaml\n", "sub/b.yaml": "- c.yaml\n"])
        defer { try? FileManager.default.removeItem(at: second) }
        let nestedPath = second.appendingPathComponent("sub/c.yaml").standardizedFileURL.path
        #expect(
            nested
                == "sub/b.yaml:1:3: [0]: the included file \"c.yaml\" does not exist (\(nestedPath)); "
                + "include chain: a.yaml → sub/b.yaml → sub/c.yaml (included from a.yaml:1:3)")

        let (directory, third) = try loadError(["a.yaml": "- sub\n", "sub/b.yaml": ""])
        defer { try? FileManager.default.removeItem(at: third) }
        #expect(directory.hasPrefix("a.yaml:1:3: [0]: the included file \"sub\" is a directory, not a file"))
    }

    @Test func errorsInIncludedFilesSayWhereTheyWereIncluded() throws {
        let (error, directory) = try loadError([
            "a.yaml": "- http: {api: get /a}\n- sub/b.yaml\n",
            "sub/b.yaml": "- sub2/c.yaml\n",
            "sub/sub2/c.yaml": "http:\n  api: get /c\nresponse:\n  status: 999\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            error
                == "sub/sub2/c.yaml:4:11: response.status: expected an integer from 100 to 599 "
                + "(included from sub/b.yaml:1:3 ← a.yaml:2:3)")
    }
}
