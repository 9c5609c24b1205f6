import Foundation

extension List: Codable {
    /// Decodes an AppSync connection (`{"items": […], "nextToken": …}`), a JSON array of models, or
    /// the not-loaded form this type encodes.
    public convenience init(from decoder: any Decoder) throws {
        // The common case of a marked body first, without the general path's generic plumbing:
        // a thousand-model response makes a thousand of these.
        if let session = ModelDecodingSession.current, session.usesListMarkers,
            let marker = try? decoder.singleValueContainer().decode(Int.self)
        {
            let association = try session.association(marker: marker, codingPath: decoder.codingPath)
            self.init(notLoaded: association, context: session.context)
            return
        }
        let (state, context) = try Self.decodeState(from: decoder, association: nil)
        self.init(state: state, context: context)
    }

    /// A loaded list encodes as the array of its models; a not-loaded one as the parent's
    /// identifiers and the association fields.
    public func encode(to encoder: any Encoder) throws {
        switch state {
        case .loaded(let elements, _, _):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .notLoaded(let association):
            var container = encoder.container(keyedBy: ListCodingKey.self)
            try container.encode(association.parentIdentifiers, forKey: .associatedIdentifiers)
            try container.encode(association.associatedFieldNames, forKey: .associatedFields)
        }
    }

    /// Decodes with what the caller knows: the association (for a nested `hasMany` decoded through
    /// ``ModelFieldsDecoder``), or that the list is the whole result (whose request gives the next
    /// page). In a body marked by ``NotLoadedListMarking`` the markers say the rest.
    static func decodeState(
        from decoder: any Decoder, association: ListAssociationReference?, isResult: Bool = false
    ) throws -> (LoadState, ModelRequestContext?) {
        let session = ModelDecodingSession.current
        let context = session?.context ?? ModelRequestContext.of(decoder)
        // Markers (numbers) are read by `init(from:)` before it gets here.
        let marked = session.flatMap { $0.usesListMarkers ? $0 : nil }
        if let container = try? decoder.container(keyedBy: ListCodingKey.self) {
            if container.contains(.items) {
                var association = association
                if let marked, container.contains(.sessionAssociation) {
                    let marker = try container.decode(Int.self, forKey: .sessionAssociation)
                    association = try marked.association(marker: marker, codingPath: container.codingPath)
                }
                var items = try container.nestedUnkeyedContainer(forKey: .items)
                let elements = try Self.decodeElements(of: &items, directly: marked != nil)
                let nextToken = try container.decodeIfPresent(String.self, forKey: .nextToken)
                let source = Self.pageSource(isResult: isResult, context: context, association: association)
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
        let elements = try Self.decodeElements(of: &array, directly: marked != nil)
        let source = Self.pageSource(isResult: isResult, context: context, association: association)
        return (.loaded(elements: elements, nextToken: nil, source: source), context)
    }

    /// The models of an `items` array: straight from the JSON decoder in a marked body, otherwise
    /// through the schema.
    private static func decodeElements(
        of items: inout any UnkeyedDecodingContainer, directly: Bool
    ) throws -> [ModelType] {
        var elements: [ModelType] = []
        elements.reserveCapacity(items.count ?? 0)
        if directly {
            while !items.isAtEnd { elements.append(try items.decode(ModelType.self)) }
        } else {
            while !items.isAtEnd { elements.append(try items.decode(ModelDecodingBox<ModelType>.self).value) }
        }
        return elements
    }

    private static func pageSource(
        isResult: Bool, context: ModelRequestContext?, association: ListAssociationReference?
    ) -> ListPageSource {
        if isResult, let page = context?.page { return .request(page) }
        if let association { return .association(association) }
        return .none
    }
}

enum ListCodingKey: String, CodingKey {
    case items, nextToken, associatedIdentifiers, associatedFields
    /// The marker ``NotLoadedListMarking`` writes into a nested list's object.
    case sessionAssociation = "switchboard:association"
}
