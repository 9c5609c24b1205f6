/// Where a fragment's data is: what a generated `…_Key` type hands to the fragment's
/// `init(key:)`, so that a view or function that needs the fragment can read it without knowing
/// the rest of the query.
///
/// ```swift
/// let todo = ToDoItem_todo(key: user.todos[0])   // user.todos[0] conforms to ToDoItem_todo_Key
/// print(todo.text)
/// ```
///
/// A pointer holds the response object the fragment was spread on (with its `__typename`) and the
/// fragment's data decoded from it, which `init(key:)` reads without waiting. For the object's
/// newest data, `RecordStore.read(fragment:at:)` follows the pointer to the object's record.
public struct FragmentPointer: Sendable, Equatable {
    /// The `__typename` of the object the fragment was spread on; `nil` on a root operation type,
    /// whose selection set has none.
    package let typename: String?
    /// The response object the fragment was spread on.
    package let object: JSONValue
    /// The fragment data decoded along with the pointer, so reading it never decodes twice.
    let decoded: DecodedFragmentData

    /// Reads the object at `decoder` (a fragment spread's position in a response) and keeps `data`,
    /// the fragment's data decoded from the same object.
    init(from decoder: any Decoder, decoded data: some Sendable) throws {
        let object = try JSONValue(from: decoder)
        guard object.objectValue != nil else {
            throw DecodingError.typeMismatch(
                [String: JSONValue].self,
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "A fragment is spread on a \(object.kindDescription), not an object."))
        }
        self.typename = object["__typename"]?.stringValue
        self.object = object
        self.decoded = DecodedFragmentData(data)
    }

    /// A pointer to fragment data made in code, for previews and tests: it holds `data`, and no
    /// response object for the record store to follow, so it reads only as the fragment it was
    /// made for (the generated `init(data:)` makes one per fragment).
    public init<Data: Sendable>(data: Data, typename: String?) {
        self.typename = typename
        self.object = typename.map { ["__typename": .string($0)] } ?? [:]
        self.decoded = DecodedFragmentData(data)
    }

    /// The fragment data of type `Data`: the value decoded with the pointer, or decoded again from
    /// the object when the pointer was made for another fragment.
    func data<Data: Decodable>(_ type: Data.Type) throws -> Data {
        if let data = decoded.value as? Data { return data }
        return try object.decode(as: Data.self)
    }

    /// Pointers are equal when they point at equal objects.
    public static func == (lhs: FragmentPointer, rhs: FragmentPointer) -> Bool {
        lhs.typename == rhs.typename && lhs.object == rhs.object
    }
}

/// A decoded fragment `Data` value of any type.
struct DecodedFragmentData: Sendable {
    let value: any Sendable

    init(_ value: any Sendable) { self.value = value }
}
