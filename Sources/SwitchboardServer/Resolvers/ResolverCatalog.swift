import GraphQLLanguage
import ModelTransform

/// Builds the resolvers of everything the `@model` transform generates: per model its get,
/// list, index queries, mutations and subscriptions, and a resolver for each relationship field.
enum ResolverCatalog {
    static func registry(
        catalog: ModelCatalog, schema: Schema, store: any ModelStore, tokens: PaginationToken
    ) -> ResolverRegistry<RequestContext> {
        var registry = ResolverRegistry<RequestContext>()
        let query = schema.queryType ?? "Query"
        let mutation = schema.mutationType ?? "Mutation"
        let subscription = schema.subscriptionType ?? "Subscription"
        for model in catalog.models {
            let environment = ModelEnvironment(catalog: catalog, model: model, store: store, tokens: tokens)
            let operations = model.operations
            if let name = operations.get {
                registry.register(GetResolver(environment: environment), type: query, field: name)
            }
            if let name = operations.list {
                registry.register(ListResolver(environment: environment), type: query, field: name)
            }
            for index in model.indexes {
                guard let field = index.queryField else { continue }
                registry.register(
                    IndexQueryResolver(environment: environment, index: index.name), type: query, field: field)
            }
            if let name = operations.create {
                registry.register(CreateResolver(environment: environment), type: mutation, field: name)
            }
            if let name = operations.update {
                registry.register(UpdateResolver(environment: environment), type: mutation, field: name)
            }
            if let name = operations.delete {
                registry.register(DeleteResolver(environment: environment), type: mutation, field: name)
            }
            for name in operations.onCreate + operations.onUpdate + operations.onDelete {
                registry.register(SubscriptionResolver(environment: environment), type: subscription, field: name)
            }
            for field in model.fields {
                guard let relationship = field.relationship else { continue }
                switch relationship.kind {
                case .hasMany, .manyToMany:
                    registry.register(
                        ConnectionResolver(environment: environment, relationship: relationship), type: model.name,
                        field: field.name)
                case .hasOne, .belongsTo:
                    registry.register(
                        ReferenceResolver(environment: environment, relationship: relationship), type: model.name,
                        field: field.name)
                }
            }
            for field in model.fields where environment.fieldAuthorization.protectedFields[field.name] != nil {
                let inner = registry.resolver(type: model.name, field: field.name)
                registry.register(
                    FieldAuthResolver(environment: environment, inner: inner), type: model.name, field: field.name)
            }
        }
        return registry
    }
}
