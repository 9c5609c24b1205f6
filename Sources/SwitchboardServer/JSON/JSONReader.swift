import Switchboard
import SwitchboardCore

/// Text that is not valid JSON, with the byte offset of the problem.
struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 0-based byte offset where reading failed.
    var offset: Int
    /// What was expected or found.
    var reason: String

    var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// Reads JSON text (RFC 8259) into ``JSON`` with Switchboard's one JSON reader (the client's
/// grammar, errors and UTF-8 validation): integers that fit 64 bits stay `.int`, objects keep
/// their members' order, a duplicate key keeps its last value, and nesting is limited so hostile
/// input cannot exhaust the stack.
enum JSONReader {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 128

    /// Parses one JSON value filling all of `bytes` (surrounding whitespace allowed), nested at
    /// most `maximumDepth` levels.
    static func read(_ bytes: [UInt8], maximumDepth: Int = maximumDepth) throws(JSONReadError) -> JSON {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONScanner.Failure) -> JSON in
                try JSONScanner.value(in: buffer, builder: ServerJSONBuilder(), maximumDepth: maximumDepth)
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let failure): throw JSONReadError(offset: failure.offset, reason: failure.reason)
        }
    }

    /// Parses JSON text.
    static func read(_ text: String) throws(JSONReadError) -> JSON {
        try read(Array(text.utf8))
    }
}

/// Builds the server's ``JSON``: integers as `.int` while they fit, ordered objects.
struct ServerJSONBuilder: JSONValueBuilder {
    func null() -> JSON { .null }
    func boolean(_ value: Bool) -> JSON { .bool(value) }
    func number(_ text: String, isInteger: Bool) -> JSON? {
        if isInteger, let integer = Int(text) { return .int(integer) }
        guard let number = Double(text), number.isFinite else { return nil }
        return .double(number)
    }
    func string(_ value: String) -> JSON { .string(value) }
    func array(_ elements: [JSON]) -> JSON { .array(elements) }
    func object(_ members: [(key: String, value: JSON)]) -> JSON {
        // Request bodies and variables are small objects: comparing keys pairwise costs less than
        // a dictionary of positions, and without a repeated key the members go in as they are.
        if members.count <= 16
            && !members.indices.contains(where: { index in
                members[..<index].contains { $0.key == members[index].key }
            })
        {
            return .object(JSONObject(uniqueKeys: members.map(\.key), values: members.map(\.value)))
        }
        var positions: [String: Int] = [:]
        var unique: [(String, JSON)] = []
        unique.reserveCapacity(members.count)
        for (key, value) in members {
            if let position = positions[key] {
                unique[position].1 = value
            } else {
                positions[key] = unique.count
                unique.append((key, value))
            }
        }
        var object = JSONObject()
        for (key, value) in unique { object.append(key, value) }
        return .object(object)
    }
}
