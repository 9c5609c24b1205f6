import Foundation

/// Loads mock endpoints from YAML or JSON files.
///
/// A file is one endpoint, a list of endpoints and included files, or sections of endpoints:
///
/// ```yaml
/// graphQL:                          # one endpoint: the whole file
///   method: get                     # GET or POST (default POST)
///   operations: getConfig           # or a list, or operation:, or query: "query { config { id } }"
///   headers: {x-api-key: "*"}       # request headers it requires ("*": any value)
///   response:                       # inside graphQL:/http:, or beside them
///     status: 200
///     headers: {X-Mock: yes}        # ~ for none
///     delay: 250ms
///     body:
///       json: {featureFlag: true}   # or text:, template:, file:
/// ```
///
/// ```yaml
/// - http:
///     api: post /todos/:id          # or method: POST + path: /todos/:id
///   response:
///     status: 201
///     body: {json: {id: "{{params.id}}"}}
/// - mocks/get-config.yml           # a file to include, relative to this one
/// - subscription:
///     operations: onCreateTodo
///     emitsOn: createTodo            # forward these mutations' results
///     events:                        # scripted, sent to each new subscription
///       - data: {onCreateTodo: {id: "1"}}
///         delay: 100ms
///       - complete: true
/// ```
///
/// Sections (`graphQL:`, `http:` and `subscription:` lists, each item an endpoint with its
/// response inside) work too. An unknown key, an include cycle or a missing file is a
/// ``MockConfigurationError`` naming the file, line, column and key path.
public enum MockConfiguration {
    /// Loads one file, or every `.yaml`, `.yml` and `.json` file of a directory in name order
    /// (files in its subdirectories are read only when a file includes them).
    public static func load(from url: URL) throws(MockConfigurationError) -> [any MockEndpoint] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw MockConfigurationError(file: url.path, mark: nil, path: "", message: "no such file or directory")
        }
        guard isDirectory.boolValue else { return try loadFile(url) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var endpoints: [any MockEndpoint] = []
        for name in names.sorted() where [".yaml", ".yml", ".json"].contains(where: name.hasSuffix) {
            endpoints += try loadFile(url.appendingPathComponent(name))
        }
        return endpoints
    }

    private static func loadFile(_ url: URL) throws(MockConfigurationError) -> [any MockEndpoint] {
        let text: String
        switch ConfigFile.readText(at: url) {
        case .success(let contents): text = contents
        case .failure(let problem):
            throw MockConfigurationError(file: url.path, mark: nil, path: "", message: problem.message)
        }
        return try parse(text, file: url.lastPathComponent, baseDirectory: url.deletingLastPathComponent())
    }

    /// Parses configuration text; `file` names it in errors, and `baseDirectory` resolves `file:`
    /// bodies and included files.
    public static func parse(_ text: String, file: String, baseDirectory: URL) throws(MockConfigurationError)
        -> [any MockEndpoint]
    {
        try EndpointReader(file: ConfigFile(root: file, directory: baseDirectory)).endpoints(in: text)
    }
}
