import Foundation
import SwitchboardCodegen
import TestSupport
import Testing

/// Generated files pass `swift format lint --strict` with the repository's `.swift-format`, so they
/// need no lint exclusion: the shared test schemas in both forms, and a schema of long names,
/// keywords and every field shape that makes the generator break lines. Skips, printing why, when
/// the toolchain has no `swift format`.
@Suite struct GeneratedModelsFormatTests {
    /// Names long enough to push every kind of line past 120 columns, keywords as field names, and
    /// each list and nullability shape.
    static let stressSchema = """
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

    @Test(arguments: [ModelCodegenOptions.Form.classic, .lazyLoad])
    func generatedFilesPassSwiftFormatLint(form: ModelCodegenOptions.Form) async throws {
        guard let swift = Toolchain.executable("swift") else {
            print("skipping \(#function): swift is not on PATH")
            return
        }
        var schemas = [("stress.graphql", Self.stressSchema)]
        if let folder = SharedTestData.directory("amplify-schemas") {
            for name in ["transformer-v2", "primarykey-basic", "multiauth", "singleauth-cognito", "singleauth-iam"] {
                let url = folder.appendingPathComponent("\(name).graphql")
                schemas.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        let root = try Toolchain.temporaryDirectory("format")
        defer { try? FileManager.default.removeItem(at: root) }
        var paths: [String] = []
        for (name, schema) in schemas {
            let output = try ModelCodeGenerator(options: ModelCodegenOptions(form: form))
                .generate(schema: schema, fileName: name)
            let directory = root.appendingPathComponent(name)
            _ = try ModelFileWriter.write(output.files, to: directory)
            paths += output.files.map { directory.appendingPathComponent($0.name).path }
        }
        let configuration = SharedTestData.repositoryRoot.appendingPathComponent(".swift-format").path
        let probe = try await CommandRunner.run(swift, ["format", "--version"])
        guard probe.status == 0 else {
            print("skipping \(#function): this toolchain has no swift format")
            return
        }
        let result = try await CommandRunner.run(
            swift, ["format", "lint", "--strict", "--configuration", configuration] + paths, timeout: .seconds(300))
        #expect(result.status == 0, "\(result.standardError.prefix(4000))")
        #expect(result.standardError.isEmpty, "\(result.standardError.prefix(4000))")
    }
}
