import Foundation
import Switchboard
import Testing

private struct Note: Model {
    let ownerId: String
    let createdOn: Temporal.Date
    var text: String
    var pinned: Bool?

    enum CodingKeys: String, ModelKey { case ownerId, createdOn, text, pinned }
    static let keys = CodingKeys.self
    static let schema = defineSchema { model in
        let note = Note.keys
        model.authRules = [rule(allow: .owner, ownerField: "ownerId", operations: [.create, .read])]
        model.attributes(.index(fields: ["text"], name: "byText"), .primaryKey(fields: [note.ownerId, note.createdOn]))
        model.fields(
            .field(note.text, is: .required, ofType: .string),
            .field(note.ownerId, is: .required, ofType: .string),
            .field(note.pinned, is: .optional, ofType: .bool),
            .field(note.createdOn, is: .required, ofType: .date))
    }
}

extension Note: ModelIdentifiable {
    typealias IdentifierFormat = ModelIdentifierFormat.Custom
    typealias IdentifierProtocol = ModelIdentifier<Self, ModelIdentifierFormat.Custom>
}

private enum Priority: String, EnumPersistable {
    case low = "LOW"
    case high = "HIGH"
}

/// A model whose sort key is an enum, as `@primaryKey(sortKeyFields: ["priority"])` allows.
private struct Ticket: Model {
    let queue: String
    let priority: Priority

    enum CodingKeys: String, ModelKey { case queue, priority }
    static let keys = CodingKeys.self
    static let schema = defineSchema { model in
        let ticket = Ticket.keys
        model.attributes(.primaryKey(fields: [ticket.queue, ticket.priority]))
        model.fields(
            .field(ticket.queue, is: .required, ofType: .string),
            .field(ticket.priority, is: .required, ofType: .enum(type: Priority.self)))
    }
}

extension Ticket: ModelIdentifiable {
    typealias IdentifierFormat = ModelIdentifierFormat.Custom
    typealias IdentifierProtocol = ModelIdentifier<Self, ModelIdentifierFormat.Custom>
}

@Suite struct ModelSchemaTests {
    @Test func definitionDSLBuildsTheSchema() {
        let schema = Note.schema
        #expect(schema.name == "Note" && Note.modelName == "Note")
        #expect(schema.primaryKeyFieldNames == ["ownerId", "createdOn"])
        #expect(schema.hasCompositeKey)
        #expect(schema.sortedFields.map(\.name) == ["ownerId", "createdOn", "pinned", "text"])
        #expect(schema.declaredFields.map(\.name) == ["text", "ownerId", "pinned", "createdOn"])
        #expect(schema.indexes == [.index(fields: ["text"], name: "byText")])
        #expect(schema.authRules.first?.ownerField == "ownerId")
        #expect(schema.resolvedListPluralName == "Notes")
        #expect(schema.field(withName: "createdOn")?.type.graphQLTypeName == "AWSDate")
    }

    @Test func identifiersFormatLikeAmplify() throws {
        let date = try Temporal.Date(iso8601String: "2026-11-23")
        let note = Note(ownerId: "ada", createdOn: date, text: "hi", pinned: nil)
        #expect(note.identifier == ##""ada"#"2026-11-23""##)
        #expect(try note.identifierValues() == ["ownerId": "ada", "createdOn": "2026-11-23"])
        let identifier = Note.IdentifierProtocol.make(fields: [
            (name: "ownerId", value: "ada"), (name: "createdOn", value: date),
        ])
        #expect(identifier.stringValue == ##""ada"#"2026-11-23""##)
        #expect(identifier.keys == ["ownerId", "createdOn"])
        #expect(
            identifier.predicate.graphQLFilter(for: Note.schema).jsonText
                == #"{"and":[{"ownerId":{"eq":"ada"}},{"createdOn":{"eq":"2026-11-23"}}]}"#)
        #expect(DefaultModelIdentifier<Note>.makeDefault(id: "x").stringValue == "x")
    }

    @Test func enumValuesArePersistableKeyPartsAndOperands() {
        // What generated `Ticket.IdentifierProtocol.identifier(queue:priority:)` builds.
        let identifier = Ticket.IdentifierProtocol.make(fields: [
            (name: "queue", value: "support"), (name: "priority", value: Priority.high),
        ])
        #expect(identifier.stringValue == ##""support"#"HIGH""##)
        #expect(
            identifier.predicate.graphQLFilter(for: Ticket.schema).jsonText
                == #"{"and":[{"queue":{"eq":"support"}},{"priority":{"eq":"HIGH"}}]}"#)
        #expect(Ticket(queue: "support", priority: .low).identifier == ##""support"#"LOW""##)
        let request = GraphQLRequest<Ticket?>.get(Ticket.self, byIdentifier: identifier)
        #expect(request.variables?["priority"] == "HIGH")
        // Ordering operators take enums too, and equality keeps its meaning.
        #expect(
            (Ticket.keys.priority >= Priority.low).graphQLFilter(for: nil).jsonText == #"{"priority":{"ge":"LOW"}}"#)
        #expect(
            (Ticket.keys.priority == Priority.high).graphQLFilter(for: nil).jsonText == #"{"priority":{"eq":"HIGH"}}"#)
        let optional: Priority? = nil
        #expect(Ticket.keys.priority.eq(optional).graphQLFilter(for: nil).jsonText == #"{"priority":{"eq":null}}"#)
    }

    @Test func predicatesOnKeysAndNamedFields() {
        let predicate = !(Note.keys.pinned == true) && field("text").beginsWith("a") || Note.keys.text.eq(nil)
        #expect(
            predicate.graphQLFilter(for: nil).jsonText
                == #"{"or":[{"and":[{"not":{"pinned":{"eq":true}}},{"text":{"beginsWith":"a"}}]},{"text":{"eq":null}}]}"#
        )
        let grouped = QueryPredicateGroup(type: .not, predicates: [Note.keys.text == "a", Note.keys.text == "b"])
        #expect(
            grouped.graphQLFilter(for: nil).jsonText == #"{"not":{"and":[{"text":{"eq":"a"}},{"text":{"eq":"b"}}]}}"#)
        #expect(
            not(Note.keys.pinned.attributeExists(true)).graphQLFilter(for: nil).jsonText
                == #"{"not":{"pinned":{"attributeExists":true}}}"#)
    }

    @Test func registryResolvesModelsByName() {
        ModelRegistry.register(modelType: Note.self)
        #expect(ModelRegistry.modelType(from: "Note") == Note.self)
        #expect(ModelRegistry.modelSchema(from: "Note")?.primaryKeyFieldNames == ["ownerId", "createdOn"])
        #expect(ModelRegistry.modelType(from: "Nope") == nil)
    }
}
