/// Schemas that exercise the generator's layout and naming beyond the shared test data, for the
/// tests that format and compile generated files.
enum EdgeSchemas {
    /// Names long enough to push every kind of line past 120 columns, keywords as field names, and
    /// each list and nullability shape.
    static let longNames = """
        enum ShipmentPriorityLevelOfAnOrder { LOW_PRIORITY HIGH_PRIORITY default }
        type DeliveryAddressOfTheCustomerOrder {
          streetAndHouseNumberOfTheAddress: String!
          lines: [String!]!
          class: String
        }
        type CustomerOrderWithALongModelName @model
          @auth(rules: [
            { allow: owner, ownerField: "accountOwnerOfTheOrder", identityClaim: "custom:tenant_identifier" }
            { allow: groups, groups: ["AdministratorsOfTheStore", "SupportEngineersOfTheStore", "Auditors"] }
            { allow: groups, groupsField: "editorGroupsOfTheOrder", provider: oidc, operations: [read, update] }
            { allow: public, provider: iam, operations: [read] }
          ]) {
          customerIdentifierOfTheOrder: ID! @primaryKey(sortKeyFields: ["orderPlacedAtTimestamp", "priorityLevel"])
          orderPlacedAtTimestamp: AWSDateTime!
          priorityLevel: ShipmentPriorityLevelOfAnOrder!
          deliveryAddressOfTheCustomerOrder: DeliveryAddressOfTheCustomerOrder
          listOfOptionalIntegers: [Int]
          requiredListOfRequiredDates: [AWSDate!]!
          default: String! @default(value: "a \\"quoted\\" default")
          lineItemsOfTheCustomerOrder: [OrderLineItemWithALongModelName] @hasMany
          editorGroupsOfTheOrder: [String]
        }
        type OrderLineItemWithALongModelName @model {
          id: ID!
          quantityOrderedOfTheProduct: Int! @default(value: "1")
          customerOrderWithALongModelName: CustomerOrderWithALongModelName @belongsTo
          slot: WarehouseSlotWithALongModelName @hasOne
        }
        type WarehouseSlotWithALongModelName @model {
          id: ID!
          label: String!
          lineItem: OrderLineItemWithALongModelName @belongsTo
        }
        """

    /// Names that collide with what generated code declares: lower-case types (with the comment
    /// swift-format needs), a type whose keys local would shadow it, fields named like the locals of
    /// `init(from:)` and `encode(to:)`, keywords, a model belonging to its own type.
    static let awkwardNames = """
        enum kind { ONE two Three_Four default }
        type point { x: Float! y: Float! values: [Float] }
        type project @model {
          id: ID!
          values: [String]
          container: Int
          decoder: AWSJSON
          encoder: String
          model: String
          category: kind
          at: point
          tasks: [task] @hasMany
          lead: person @hasOne
        }
        type task @model {
          id: ID!
          default: Boolean! @default(value: "false")
          container: project @belongsTo
        }
        type person @model { id: ID! name: String }
        type thing @model { id: ID! parent: thing @hasOne }
        """
}
