/// A generated named fragment: the pointer to where it was spread and its decoded ``Data``,
/// whose fields read directly on the fragment (`droidDetails.primaryFunction`).
///
/// Generated code reaches a fragment as `fragments.droidDetails` on every selection set that
/// spreads it, and `DroidDetails(key:)` reads it from any value conforming to `DroidDetails_Key`.
@dynamicMemberLookup
public protocol GraphQLFragment: Decodable, Sendable, Equatable {
    /// The fragment's fields as typed properties.
    associatedtype Data: Decodable & Sendable & Equatable

    /// The fragment's text followed by every fragment it spreads, with `__typename` selected in
    /// every selection set: what the record store reads and writes the fragment with.
    static var fragmentDefinition: String { get }
    /// The object types that satisfy each type condition in ``fragmentDefinition``.
    static var possibleTypes: [String: Set<String>] { get }

    /// Where the fragment was spread.
    var fragmentPointer: FragmentPointer { get }
    /// The fragment's data.
    var data: Data { get }

    /// Creates the fragment from its pointer and data (the memberwise initializer).
    init(fragmentPointer: FragmentPointer, data: Data)
}

extension GraphQLFragment {
    /// No definition: a hand-written fragment cannot be read from the record store unless it
    /// declares one.
    public static var fragmentDefinition: String { "" }

    /// No type conditions are known: the store decides from the fields a record holds.
    public static var possibleTypes: [String: Set<String>] { [:] }

    /// Decodes the fragment from the object it was spread on.
    public init(from decoder: any Decoder) throws {
        let data = try Data(from: decoder)
        self.init(fragmentPointer: try FragmentPointer(from: decoder, decoded: data), data: data)
    }

    /// Reads the fragment from a pointer that a generated `…_Key` type returned.
    ///
    /// Pointers come from decoding a response whose selection set spread this fragment, so its
    /// data is there; a hand-written `…_Key` conformance that returns a pointer to an object
    /// without the fragment's fields is a programming error and stops the program.
    public init(pointer: FragmentPointer) {
        do {
            self.init(fragmentPointer: pointer, data: try pointer.data(Data.self))
        } catch {
            preconditionFailure(
                "\(Self.self)(key:) was given a pointer to a \(pointer.typename ?? "root") object that does not hold "
                    + "the fragment's fields (\(error)); pass a value of a generated type that spreads the fragment.")
        }
    }

    /// A field of the fragment's data, read on the fragment itself.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Data, Value>) -> Value {
        data[keyPath: keyPath]
    }

    /// Decodes the fragment where it was spread under `@include` or `@skip`: `nil` when the
    /// object lacks one of the fragment's fields because the spread was left out.
    public static func decodeIfIncluded(from decoder: any Decoder) throws -> Self? {
        do {
            return try Self(from: decoder)
        } catch DecodingError.keyNotFound(_, let context) where context.codingPath.count == decoder.codingPath.count {
            return nil
        }
    }
}
