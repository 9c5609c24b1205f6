import Foundation

/// A coding key made from any string, for walking a decode path.
struct DynamicCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// How ``ResponseEnvelope`` should treat the value at the decode path.
struct EnvelopeOptions: Sendable {
    /// Keys from inside `data` to the value.
    var path: [String]
    /// `false` for raw JSON text (`R == String`): the value is located by ``JSONScanner`` instead.
    var decodesValue: Bool
    /// Whether the value decodes through ``ModelResponseDecoding`` (a model, a `List`, or an optional
    /// of either), decided once by the caller: the answer is cached behind a lock, and each request
    /// would otherwise ask twice.
    var decodesThroughSchema: Bool

    static let userInfoKey = CodingUserInfoKey(rawValue: "switchboard.responseEnvelope")!
}

/// What was found at the decode path.
enum EnvelopeValue<R> {
    /// `data` or a key on the way is missing; the missing key is given.
    case absent(missingKey: String)
    /// The value decoded (for an optional `R` this includes `null`).
    case decoded(R)
    /// The value is there but did not decode.
    case failed(any Error)
    /// Not decoded on purpose (raw text mode).
    case skipped
}

/// A GraphQL response decoded in one pass from the body bytes: the errors, whether `data` and the
/// value at the decode path are null, and the value itself decoded straight into `R`
/// (no intermediate `JSONValue`).
struct ResponseEnvelope<R: Decodable>: Decodable {
    var errors: [GraphQLError] = []
    var hasData = false
    var dataIsNull = false
    var valueIsNull = false
    /// With no decode path: whether every root field of `data` is null.
    var everyRootFieldIsNull = false
    var value: EnvelopeValue<R> = .skipped

    /// An envelope to fill in by hand (``GraphQLResponseDecoder``'s tape path).
    init() {}

    init(from decoder: any Decoder) throws {
        let options =
            decoder.userInfo[EnvelopeOptions.userInfoKey] as? EnvelopeOptions
            ?? EnvelopeOptions(
                path: [], decodesValue: true, decodesThroughSchema: ModelResponseDecoding.decodesThroughSchema(R.self))
        let root = try decoder.container(keyedBy: DynamicCodingKey.self)
        errors = try Self.decodeErrors(in: root)
        let dataKey = DynamicCodingKey("data")
        guard root.contains(dataKey) else {
            value = .absent(missingKey: "data")
            return
        }
        hasData = true
        if try root.decodeNil(forKey: dataKey) {
            dataIsNull = true
            valueIsNull = true
            value = .absent(missingKey: "data")
            return
        }
        do {
            try locateValue(in: root, dataKey: dataKey, options: options)
        } catch {
            value = .failed(error)
        }
    }

    private mutating func locateValue(
        in root: KeyedDecodingContainer<DynamicCodingKey>,
        dataKey: DynamicCodingKey,
        options: EnvelopeOptions
    ) throws {
        guard let last = options.path.last else {
            let data = try root.nestedContainer(keyedBy: DynamicCodingKey.self, forKey: dataKey)
            everyRootFieldIsNull = try data.allKeys.allSatisfy { try data.decodeNil(forKey: $0) }
            value =
                options.decodesValue
                ? decodeValue { try Self.decode(in: root, forKey: dataKey, options: options) } : .skipped
            return
        }
        var container = try root.nestedContainer(keyedBy: DynamicCodingKey.self, forKey: dataKey)
        for component in options.path.dropLast() {
            let key = DynamicCodingKey(component)
            guard container.contains(key) else {
                value = .absent(missingKey: component)
                return
            }
            if try container.decodeNil(forKey: key) {
                valueIsNull = true
                value = .absent(missingKey: component)
                return
            }
            container = try container.nestedContainer(keyedBy: DynamicCodingKey.self, forKey: key)
        }
        let key = DynamicCodingKey(last)
        guard container.contains(key) else {
            value = .absent(missingKey: last)
            return
        }
        valueIsNull = try container.decodeNil(forKey: key)
        value =
            options.decodesValue
            ? decodeValue { try Self.decode(in: container, forKey: key, options: options) } : .skipped
    }

    /// Models, optional models and lists decode through their schemas (so that associations the
    /// response leaves out still load lazily); every other type decodes directly.
    private static func decode<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, forKey key: Key, options: EnvelopeOptions
    ) throws -> R {
        if options.decodesThroughSchema,
            let value = try ModelResponseDecoding.decode(R.self, in: container, forKey: key), let value
        {
            return value
        }
        return try container.decode(R.self, forKey: key)
    }

    private func decodeValue(_ decode: () throws -> R) -> EnvelopeValue<R> {
        do {
            return .decoded(try decode())
        } catch {
            return .failed(error)
        }
    }

    /// `errors` is an array per the spec; some servers send a single object, accepted too.
    private static func decodeErrors(in root: KeyedDecodingContainer<DynamicCodingKey>) throws -> [GraphQLError] {
        let key = DynamicCodingKey("errors")
        guard root.contains(key), try !root.decodeNil(forKey: key) else { return [] }
        if let errors = try? root.decode([GraphQLError].self, forKey: key) { return errors }
        return [try root.decode(GraphQLError.self, forKey: key)]
    }
}
