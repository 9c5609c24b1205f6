/// What the transform knows about a directive that may appear in an `@model` schema: where it may
/// go, its arguments, and whether it is implemented, passed through to AppSync, ignored or refused.
struct DirectiveSpec {
    enum Site: String {
        case object = "an object type"
        case field = "a field"
    }

    enum ArgumentShape: String {
        case string = "a string"
        case stringList = "a list of strings"
        case int = "an integer"
        case object = "an object"
        case objectList = "a list of rule objects"
        case any = "a value"
    }

    enum Handling {
        /// Implemented by the transform.
        case transformed
        /// An AppSync directive: copied into the output as written.
        case passedThrough
        /// Accepted and dropped, with a warning giving the reason.
        case ignored(String)
        /// An error giving the reason.
        case refused(String)
    }

    let name: String
    let sites: Set<Site>
    let arguments: [String: ArgumentShape]
    let requiredArguments: [String]
    let isRepeatable: Bool
    let handling: Handling

    init(
        _ name: String, on sites: Set<Site>, arguments: [String: ArgumentShape] = [:], required: [String] = [],
        repeatable: Bool = false, handling: Handling = .transformed
    ) {
        self.name = name
        self.sites = sites
        self.arguments = arguments
        self.requiredArguments = required
        self.isRepeatable = repeatable
        self.handling = handling
    }

    static let all: [String: DirectiveSpec] = Dictionary(
        uniqueKeysWithValues: list.map { ($0.name, $0) })

    /// The Transformer v1 directives, answered with a migration diagnostic.
    static let transformerV1Names: Set<String> = ["key", "connection", "versioned"]

    private static let list: [DirectiveSpec] = [
        DirectiveSpec(
            "model", on: [.object],
            arguments: ["queries": .object, "mutations": .object, "subscriptions": .object, "timestamps": .object]),
        DirectiveSpec("primaryKey", on: [.field], arguments: ["sortKeyFields": .stringList]),
        DirectiveSpec(
            "index", on: [.field], arguments: ["name": .string, "sortKeyFields": .stringList, "queryField": .string],
            repeatable: true),
        DirectiveSpec(
            "hasMany", on: [.field],
            arguments: ["indexName": .string, "fields": .stringList, "limit": .int, "references": .stringList]),
        DirectiveSpec("hasOne", on: [.field], arguments: ["fields": .stringList, "references": .stringList]),
        DirectiveSpec("belongsTo", on: [.field], arguments: ["fields": .stringList, "references": .stringList]),
        DirectiveSpec(
            "manyToMany", on: [.field], arguments: ["relationName": .string, "limit": .int], required: ["relationName"]),
        DirectiveSpec("default", on: [.field], arguments: ["value": .string], required: ["value"]),
        DirectiveSpec("auth", on: [.object, .field], arguments: ["rules": .objectList], required: ["rules"]),
        DirectiveSpec(
            "searchable", on: [.object], arguments: ["queries": .object, "settings": .any],
            handling: .ignored(
                "@searchable needs an OpenSearch domain; the searchX query and its Searchable* types are not generated")
        ),
        DirectiveSpec(
            "function", on: [.field], arguments: ["name": .string, "region": .string, "accountId": .string],
            repeatable: true,
            handling: .ignored("@function resolvers run in AWS Lambda; the field is kept but no resolver is attached")),
        DirectiveSpec(
            "http", on: [.field], arguments: ["url": .string, "method": .any, "headers": .any],
            handling: .ignored("@http resolvers call external services; the field is kept but no resolver is attached")
        ),
        DirectiveSpec(
            "mapsTo", on: [.object], arguments: ["name": .string],
            handling: .ignored("@mapsTo only renames the DynamoDB table; the schema is unchanged")),
        DirectiveSpec(
            "predictions", on: [.field], arguments: ["actions": .any],
            handling: .refused("@predictions rewrites the field with Amazon AI service inputs, which is not supported")),
        DirectiveSpec(
            "sql", on: [.field], arguments: ["statement": .string, "reference": .string],
            handling: .refused("@sql needs an SQL data source; only DynamoDB-backed models are supported")),
        DirectiveSpec(
            "refersTo", on: [.object, .field], arguments: ["name": .string],
            handling: .refused("@refersTo maps to SQL tables and columns; only DynamoDB-backed models are supported")),
        DirectiveSpec(
            "conversation", on: [.field], arguments: ["aiModel": .any, "systemPrompt": .any, "functionName": .any],
            handling: .refused("@conversation needs Amazon Bedrock and is not supported")),
        DirectiveSpec(
            "generation", on: [.field],
            arguments: ["aiModel": .any, "systemPrompt": .any, "inferenceConfiguration": .any],
            handling: .refused("@generation needs Amazon Bedrock and is not supported")),
    ]

    /// AppSync's own directives and GraphQL's `@deprecated`, copied into the output as written.
    static let passedThroughNames: Set<String> = [
        "aws_api_key", "aws_iam", "aws_oidc", "aws_lambda", "aws_cognito_user_pools", "aws_auth", "aws_subscribe",
        "aws_publish", "deprecated",
    ]
}
