import SwitchboardCodegen
import Testing

/// Primary keys (`ModelIdentifiable`, `identifier(…)`), `@index` attributes and query
/// descriptions (`ModelIndexQuery`), plural names and `@auth` rules in `+Schema.swift` files.
@Suite struct ModelKeyAndAuthShapeTests {
    @Test func compositeKeysAreLetsWithACustomIdentifier() throws {
        let files = try Generate.files(
            """
            enum Priority { LOW HIGH }
            type Ticket @model {
              queue: ID! @primaryKey(sortKeyFields: ["priority", "openedOn"])
              priority: Priority!
              openedOn: AWSDate!
              title: String @index(name: "byTitle", queryField: "ticketsByTitle")
            }
            """)
        let ticket = try #require(files["Ticket.swift"])
        #expect(
            Generate.properties(ticket).prefix(3) == [
                "public let queue: String", "public let priority: Priority", "public let openedOn: Temporal.Date",
            ])
        #expect(ticket.contains("    public init(\n        queue: String,\n"))  // no UUID default for custom keys
        let schema = try #require(files["Ticket+Schema.swift"])
        #expect(
            Generate.attributes(schema) == [
                #".index(fields: ["queue", "priority", "openedOn"], name: nil)"#,
                #".index(fields: ["title"], name: "byTitle")"#,
                ".primaryKey(fields: [ticket.queue, ticket.priority, ticket.openedOn])",
            ])
        #expect(
            schema.hasSuffix(
                """
                extension Ticket: ModelIdentifiable {
                    public typealias IdentifierFormat = ModelIdentifierFormat.Custom
                    public typealias IdentifierProtocol = ModelIdentifier<Self, ModelIdentifierFormat.Custom>
                }

                extension Ticket.IdentifierProtocol {
                    public static func identifier(queue: String, priority: Priority, openedOn: Temporal.Date) -> Self {
                        .make(
                            fields: [
                                (name: "queue", value: queue),
                                (name: "priority", value: priority),
                                (name: "openedOn", value: openedOn),
                            ])
                    }
                }

                extension ModelIndexQuery where M == Ticket {
                    /// `ticketsByTitle`, the query field of the index `byTitle`.
                    public static var byTitle: ModelIndexQuery<Ticket> {
                        ModelIndexQuery(
                            indexName: "byTitle",
                            queryField: "ticketsByTitle",
                            partitionKey: "title",
                            partitionKeyType: "String")
                    }
                }

                """))
    }

    @Test func theManagedIDIsTheDefaultIdentifierEvenWhenDeclaredAsPrimaryKey() throws {
        let files = try Generate.files(
            """
            type Implicit @model { name: String }
            type Explicit @model { id: ID! @primaryKey name: String }
            type Custom @model { userId: ID! @primaryKey name: String }
            """)
        let implicit = try #require(files["Implicit+Schema.swift"])
        #expect(Generate.attributes(implicit) == [".primaryKey(fields: [implicit.id])"])
        #expect(implicit.contains("    public typealias IdentifierProtocol = DefaultModelIdentifier<Self>\n"))
        let explicit = try #require(files["Explicit+Schema.swift"])
        #expect(
            Generate.attributes(explicit) == [
                #".index(fields: ["id"], name: nil)"#, ".primaryKey(fields: [explicit.id])",
            ])
        #expect(explicit.contains("ModelIdentifierFormat.Default"))
        let custom = try #require(files["Custom+Schema.swift"])
        #expect(custom.contains("    public static func identifier(userId: String) -> Self {\n"))
        #expect(custom.contains(#"        .make(fields: [(name: "userId", value: userId)])"#))
    }

    @Test func pluralNamesFollowTheTransformersPluralizer() throws {
        let files = try Generate.files("type Company @model { id: ID! } type Person @model { id: ID! }")
        #expect(
            (files["Company+Schema.swift"] ?? "").contains(
                "        model.listPluralName = \"Companies\"\n        model.syncPluralName = \"Companies\"\n"))
        #expect((files["Person+Schema.swift"] ?? "").contains("model.listPluralName = \"People\""))
    }

    @Test func authRulesCarryAmplifysDefaultsAndTheirProvider() throws {
        let schema = try Generate.file(
            "Doc+Schema.swift",
            of: """
                type Doc @model @auth(rules: [
                  { allow: owner }
                  { allow: owner, ownerField: "editors", identityClaim: "sub", provider: oidc, operations: [update, read] }
                  { allow: groups, groups: ["Admins"] }
                  { allow: groups, groupsField: "teams", groupClaim: "custom:groups", provider: oidc }
                  { allow: private, provider: iam, operations: [get, list, listen] }
                  { allow: public, provider: identityPool, operations: [read] }
                  { allow: custom }
                ]) { id: ID! editors: [String] teams: [String] }
                """)
        #expect(
            schema.contains(
                """
                        model.authRules = [
                            rule(
                                allow: .owner,
                                ownerField: "owner",
                                identityClaim: "cognito:username",
                                provider: .userPools,
                                operations: [.create, .update, .delete, .read]),
                            rule(
                                allow: .owner,
                                ownerField: "editors",
                                identityClaim: "sub",
                                provider: .oidc,
                                operations: [.update, .read]),
                            rule(
                                allow: .groups,
                                groupClaim: "cognito:groups",
                                groups: ["Admins"],
                                provider: .userPools,
                                operations: [.create, .update, .delete, .read]),
                            rule(
                                allow: .groups,
                                groupClaim: "custom:groups",
                                groupsField: "teams",
                                provider: .oidc,
                                operations: [.create, .update, .delete, .read]),
                            rule(allow: .private, provider: .iam, operations: [.get, .list, .listen]),
                            rule(allow: .public, provider: .iam, operations: [.read]),
                            rule(allow: .custom, provider: .function, operations: [.create, .update, .delete, .read]),
                        ]

                """))
    }

    @Test func modelsWithoutAuthRulesSetNone() throws {
        let schema = try Generate.file("Todo+Schema.swift", of: "type Todo @model { id: ID! }")
        #expect(!schema.contains("authRules"))
        #expect(schema.contains("        let todo = Todo.keys\n\n        model.listPluralName = \"Todos\"\n"))
    }
}
