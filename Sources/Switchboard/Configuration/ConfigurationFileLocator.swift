import Foundation

/// Finds configuration files the way Amplify does: in the main bundle's resources first, then in
/// the current working directory (where command-line tools and tests keep them).
enum ConfigurationFileLocator {
    /// The first of `names` that exists; the error lists every place searched.
    static func locate(names: [String]) throws(ConfigurationError) -> URL {
        var searched: [String] = []
        for name in names {
            let base = (name as NSString).deletingPathExtension
            let type = (name as NSString).pathExtension
            if let url = Bundle.main.url(forResource: base, withExtension: type.isEmpty ? nil : type) {
                return url
            }
            searched.append("main bundle: \(name)")
        }
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for name in names {
            let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : directory.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path) { return url }
            searched.append(url.path)
        }
        throw ConfigurationError(path: "", problem: .fileNotFound(searched: searched))
    }
}
