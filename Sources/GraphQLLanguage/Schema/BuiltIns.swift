// Definitions every schema has (the spec's built-in scalars, directives and introspection
// types) and the ones AppSync declares implicitly.

enum BuiltIns {
    static let scalarNames = ["Int", "Float", "String", "Boolean", "ID"]

    static let directiveNames = ["include", "skip", "deprecated", "specifiedBy", "oneOf"]

    static let directivesSDL = #"""
        directive @include(if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @skip(if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @deprecated(reason: String = "No longer supported") on FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM_VALUE
        directive @specifiedBy(url: String!) on SCALAR
        directive @oneOf on INPUT_OBJECT
        """#

    static let introspectionSDL = #"""
        type __Schema {
          description: String
          types: [__Type!]!
          queryType: __Type!
          mutationType: __Type
          subscriptionType: __Type
          directives: [__Directive!]!
        }
        type __Type {
          kind: __TypeKind!
          name: String
          description: String
          specifiedByURL: String
          fields(includeDeprecated: Boolean = false): [__Field!]
          interfaces: [__Type!]
          possibleTypes: [__Type!]
          enumValues(includeDeprecated: Boolean = false): [__EnumValue!]
          inputFields(includeDeprecated: Boolean = false): [__InputValue!]
          ofType: __Type
          isOneOf: Boolean
        }
        enum __TypeKind { SCALAR OBJECT INTERFACE UNION ENUM INPUT_OBJECT LIST NON_NULL }
        type __Field {
          name: String!
          description: String
          args(includeDeprecated: Boolean = false): [__InputValue!]!
          type: __Type!
          isDeprecated: Boolean!
          deprecationReason: String
        }
        type __InputValue {
          name: String!
          description: String
          type: __Type!
          defaultValue: String
          isDeprecated: Boolean!
          deprecationReason: String
        }
        type __EnumValue {
          name: String!
          description: String
          isDeprecated: Boolean!
          deprecationReason: String
        }
        type __Directive {
          name: String!
          description: String
          isRepeatable: Boolean!
          locations: [__DirectiveLocation!]!
          args(includeDeprecated: Boolean = false): [__InputValue!]!
        }
        enum __DirectiveLocation {
          QUERY MUTATION SUBSCRIPTION FIELD FRAGMENT_DEFINITION FRAGMENT_SPREAD INLINE_FRAGMENT VARIABLE_DEFINITION
          SCHEMA SCALAR OBJECT FIELD_DEFINITION ARGUMENT_DEFINITION INTERFACE UNION ENUM ENUM_VALUE INPUT_OBJECT
          INPUT_FIELD_DEFINITION
        }
        """#

    /// AppSync's scalars, which AppSync schemas use without declaring.
    static let appSyncScalarNames = [
        "AWSDate", "AWSTime", "AWSDateTime", "AWSTimestamp", "AWSEmail", "AWSJSON", "AWSURL", "AWSPhone",
        "AWSIPAddress",
    ]

    /// AppSync's directives (subscriptions and per-field authorization), which AppSync schemas
    /// use without declaring.
    static let appSyncDirectivesSDL = #"""
        directive @aws_subscribe(mutations: [String!]!) on FIELD_DEFINITION
        directive @aws_publish(subscriptions: [String!]) on FIELD_DEFINITION
        directive @aws_api_key on OBJECT | FIELD_DEFINITION
        directive @aws_iam on OBJECT | FIELD_DEFINITION
        directive @aws_oidc on OBJECT | FIELD_DEFINITION
        directive @aws_lambda on OBJECT | FIELD_DEFINITION
        directive @aws_cognito_user_pools(cognito_groups: [String!]) on OBJECT | FIELD_DEFINITION
        directive @aws_auth(cognito_groups: [String!]) on FIELD_DEFINITION
        """#
}

/// Choices for building a schema from SDL.
package struct SchemaOptions: Sendable, Hashable {
    /// Declare AppSync's scalars (`AWSDate`, `AWSTime`, `AWSDateTime`, `AWSTimestamp`,
    /// `AWSEmail`, `AWSJSON`, `AWSURL`, `AWSPhone`, `AWSIPAddress`) unless the SDL does.
    package var declaresAppSyncScalars: Bool
    /// Declare AppSync's directives (`@aws_subscribe`, `@aws_api_key`, `@aws_iam`, `@aws_oidc`,
    /// `@aws_lambda`, `@aws_cognito_user_pools`, `@aws_auth`, `@aws_publish`) unless the SDL does.
    package var declaresAppSyncDirectives: Bool
    /// Further scalars to declare when the SDL uses them without a definition.
    package var implicitScalars: [String]

    /// Creates options; by default nothing is declared implicitly.
    package init(
        declaresAppSyncScalars: Bool = false, declaresAppSyncDirectives: Bool = false,
        implicitScalars: [String] = []
    ) {
        self.declaresAppSyncScalars = declaresAppSyncScalars
        self.declaresAppSyncDirectives = declaresAppSyncDirectives
        self.implicitScalars = implicitScalars
    }

    /// Everything an AppSync schema may use without declaring it.
    package static let appSync = SchemaOptions(declaresAppSyncScalars: true, declaresAppSyncDirectives: true)
}
