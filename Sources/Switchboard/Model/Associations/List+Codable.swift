import Foundation

extension List: Codable {
    /// Decodes an AppSync connection (`{"items": […], "nextToken": …}`), a JSON array of models, or
    /// the not-loaded form this type encodes.
    public convenience init(from decoder: any Decoder) throws {
        let (state, context) = try Self.decodeState(from: decoder, association: nil, page: nil)
        self.init(state: state, context: context)
    }

    /// A loaded list encodes as the array of its models; a not-loaded one as the parent's
    /// identifiers and the association fields.
    public func encode(to encoder: any Encoder) throws {
        switch state.withLock({ $0 }) {
        case .loaded(let elements, _, _):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .notLoaded(let association):
            var container = encoder.container(keyedBy: ListCodingKey.self)
            try container.encode(association.parentIdentifiers, forKey: .associatedIdentifiers)
            try container.encode(association.associatedFieldNames, forKey: .associatedFields)
        }
    }

    /// Decodes with what the caller knows: the association (for a nested `hasMany`) or the request
    /// that returned the list (for a list that is the whole result).
    static func decodeState(
        from decoder: any Decoder, association: ListAssociationReference?, page: ListPageRequest?
    ) throws -> (LoadState, ModelRequestContext?) {
        let context = ModelRequestContext.of(decoder)
        let source: ListPageSource =
            if let page { .request(page) } else if let association { .association(association) } else { .none }
        if let container = try? decoder.container(keyedBy: ListCodingKey.self) {
            if container.contains(.items) {
                var items = try container.nestedUnkeyedContainer(forKey: .items)
                var elements: [ModelType] = []
                elements.reserveCapacity(items.count ?? 0)
                while !items.isAtEnd {
                    elements.append(try items.decode(ModelDecodingBox<ModelType>.self).value)
                }
                let nextToken = try container.decodeIfPresent(String.self, forKey: .nextToken)
                return (.loaded(elements: elements, nextToken: nextToken, source: source), context)
            }
            if container.contains(.associatedIdentifiers) {
                let identifiers = try container.decode([JSONValue].self, forKey: .associatedIdentifiers)
                let fields = try container.decodeIfPresent([String].self, forKey: .associatedFields) ?? []
                let reference = ListAssociationReference(parentIdentifiers: identifiers, associatedFieldNames: fields)
                return (.notLoaded(reference), context)
            }
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "A List<\(ModelType.modelName)> is an array or an object with \"items\"."))
        }
        var array = try decoder.unkeyedContainer()
        var elements: [ModelType] = []
        while !array.isAtEnd {
            elements.append(try array.decode(ModelDecodingBox<ModelType>.self).value)
        }
        return (.loaded(elements: elements, nextToken: nil, source: source), context)
    }
}

enum ListCodingKey: String, CodingKey {
    case items, nextToken, associatedIdentifiers, associatedFields
}
