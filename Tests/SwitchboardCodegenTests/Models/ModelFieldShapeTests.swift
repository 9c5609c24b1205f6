import SwitchboardCodegen
import Testing

/// Amplify's type mapping: Swift types of scalars, lists and nullability, `ofType:` values,
/// timestamps, `@default` and the initializer defaults (codegen-anchors §3, "Mapping").
@Suite struct ModelFieldShapeTests {
    static let schema = """
        enum Status { ACTIVE IN_REVIEW }
        type Address { street: String! tags: [String] }
        type Item @model {
          id: ID!
          name: String!
          count: Int
          price: Float!
          done: Boolean
          day: AWSDate
          at: AWSDateTime!
          time: AWSTime
          seconds: AWSTimestamp
          email: AWSEmail
          json: AWSJSON
          url: AWSURL
          phone: AWSPhone
          ip: AWSIPAddress
          status: Status
          address: Address
          list: [Int]
          requiredList: [String]!
          requiredListOfRequired: [Status!]!
          listOfRequired: [Boolean!]
          addresses: [Address]
          label: String! @default(value: "Untitled \\"draft\\"")
          priority: Status! @default(value: "IN_REVIEW")
          rank: Float! @default(value: "2")
          flag: Boolean! @default(value: "true")
          optionalDefault: Int @default(value: "3")
        }
        """

    @Test func propertiesFollowAmplifysMappingAndNullability() throws {
        let item = try Generate.file("Item.swift", of: Self.schema)
        #expect(
            Generate.properties(item) == [
                "public let id: String", "public var name: String", "public var count: Int?",
                "public var price: Double", "public var done: Bool?", "public var day: Temporal.Date?",
                "public var at: Temporal.DateTime", "public var time: Temporal.Time?", "public var seconds: Int?",
                "public var email: String?", "public var json: String?", "public var url: String?",
                "public var phone: String?", "public var ip: String?", "public var status: Status?",
                "public var address: Address?", "public var list: [Int?]?", "public var requiredList: [String?]",
                "public var requiredListOfRequired: [Status]", "public var listOfRequired: [Bool]?",
                "public var addresses: [Address?]?", "public var label: String", "public var priority: Status",
                "public var rank: Double", "public var flag: Bool", "public var optionalDefault: Int?",
                "public var createdAt: Temporal.DateTime?", "public var updatedAt: Temporal.DateTime?",
            ])
    }

    @Test func schemaRecordsTheOuterNullabilityAndTheElementType() throws {
        let schema = try Generate.file("Item+Schema.swift", of: Self.schema)
        let fields = Generate.fieldDefinitions(schema)
        #expect(fields.contains(".field(item.id, is: .required, ofType: .string)"))
        #expect(fields.contains(".field(item.price, is: .required, ofType: .double)"))
        #expect(fields.contains(".field(item.done, is: .optional, ofType: .bool)"))
        #expect(fields.contains(".field(item.day, is: .optional, ofType: .date)"))
        #expect(fields.contains(".field(item.at, is: .required, ofType: .dateTime)"))
        #expect(fields.contains(".field(item.time, is: .optional, ofType: .time)"))
        #expect(fields.contains(".field(item.seconds, is: .optional, ofType: .timestamp)"))
        #expect(
            fields.contains(
                #".field(item.json, is: .optional, ofType: .string, attributes: [.graphQLType("AWSJSON")])"#))
        #expect(fields.contains(".field(item.status, is: .optional, ofType: .enum(type: Status.self))"))
        #expect(fields.contains(".field(item.address, is: .optional, ofType: .embedded(type: Address.self))"))
        #expect(fields.contains(".field(item.list, is: .optional, ofType: .embeddedCollection(of: Int.self))"))
        #expect(
            fields.contains(".field(item.requiredList, is: .required, ofType: .embeddedCollection(of: String.self))"))
        #expect(
            fields.contains(
                ".field(item.requiredListOfRequired, is: .required, ofType: .embeddedCollection(of: Status.self))"))
        #expect(fields.contains(".field(item.addresses, is: .optional, ofType: .embeddedCollection(of: Address.self))"))
        #expect(
            fields.suffix(2) == [
                ".field(item.createdAt, is: .optional, isReadOnly: true, ofType: .dateTime)",
                ".field(item.updatedAt, is: .optional, isReadOnly: true, ofType: .dateTime)",
            ])
    }

    @Test func initializersDefaultIDsOptionalsListsAndSchemaDefaults() throws {
        let item = try Generate.file("Item.swift", of: Self.schema)
        #expect(item.contains("    public init(\n        id: String = UUID().uuidString,\n        name: String,\n"))
        #expect(item.contains("        count: Int? = nil,\n"))
        #expect(item.contains("        list: [Int?]? = nil,\n        requiredList: [String?] = [],\n"))
        #expect(item.contains("        requiredListOfRequired: [Status] = [],\n"))
        #expect(item.contains(#"        label: String = "Untitled \"draft\"","#))
        #expect(item.contains("        priority: Status = .inReview,\n"))
        #expect(
            item.contains(
                "        rank: Double = 2.0,\n        flag: Bool = true,\n        optionalDefault: Int? = nil\n    ) {")
        )
        // The public initializer leaves out the timestamps; the internal one takes them.
        #expect(item.contains("            createdAt: nil,\n            updatedAt: nil)\n    }"))
        #expect(item.contains("    internal init(\n"))
        #expect(
            item.contains(
                "        createdAt: Temporal.DateTime? = nil,\n        updatedAt: Temporal.DateTime? = nil\n    ) {"))
        #expect(item.hasPrefix("// Generated by switchboard codegen models from schema.graphql. Do not edit.\n"))
        #expect(item.contains("\nimport Foundation\nimport Switchboard\n"))
    }

    @Test func withoutTimestampsThereIsOnePublicInitializer() throws {
        let todo = try Generate.file(
            "Todo.swift", of: "type Todo @model(timestamps: null) { id: ID! content: String }")
        #expect(!todo.contains("internal init"))
        #expect(
            todo.contains(
                "    public init(\n        id: String = UUID().uuidString,\n        content: String? = nil\n    ) {"))
        let renamed = try Generate.file(
            "Todo+Schema.swift",
            of: #"type Todo @model(timestamps: { createdAt: "createdOn", updatedAt: "updatedOn" }) { content: String }"#
        )
        #expect(
            Generate.fieldDefinitions(renamed) == [
                ".field(todo.id, is: .required, ofType: .string)",
                ".field(todo.content, is: .optional, ofType: .string)",
                ".field(todo.createdOn, is: .optional, isReadOnly: true, ofType: .dateTime)",
                ".field(todo.updatedOn, is: .optional, isReadOnly: true, ofType: .dateTime)",
            ])
    }

    @Test func declaredTimestampsKeepTheirTypeAndAreWritable() throws {
        let file = try Generate.file(
            "Log.swift", of: "type Log @model { id: ID! createdAt: AWSDateTime! text: String }")
        #expect(Generate.properties(file).contains("public var createdAt: Temporal.DateTime"))
        #expect(file.contains("        createdAt: Temporal.DateTime,\n"))  // in the public initializer
    }

    @Test func enumsAndEmbeddedTypesGetTheirOwnFiles() throws {
        let files = try Generate.files(Self.schema)
        #expect(
            files["Status.swift"]?.hasSuffix(
                """
                public enum Status: String, EnumPersistable {
                    case active = "ACTIVE"
                    case inReview = "IN_REVIEW"
                }

                """) == true)
        let address = try #require(files["Address.swift"])
        #expect(
            address.hasSuffix(
                """
                public struct Address: Embeddable {
                    public var street: String
                    public var tags: [String?]?

                    public init(
                        street: String,
                        tags: [String?]? = nil
                    ) {
                        self.street = street
                        self.tags = tags
                    }
                }

                """))
        let addressSchema = try #require(files["Address+Schema.swift"])
        #expect(addressSchema.contains("        model.listPluralName = \"Addresses\"\n"))
        #expect(
            Generate.fieldDefinitions(addressSchema) == [
                ".field(address.street, is: .required, ofType: .string)",
                ".field(address.tags, is: .optional, ofType: .embeddedCollection(of: String.self))",
            ])
        #expect(!addressSchema.contains("primaryKey") && !addressSchema.contains("ModelIdentifiable"))
        #expect(
            files.keys.sorted() == [
                "Address+Schema.swift", "Address.swift", "AmplifyModels.swift", "Item+Schema.swift", "Item.swift",
                "Status.swift",
            ])
    }
}
