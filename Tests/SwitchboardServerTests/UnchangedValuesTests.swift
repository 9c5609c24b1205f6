import Testing

@testable import SwitchboardServer

/// Every scalar's promise that it returns some values unchanged, checked against its
/// `serialize`: the executor writes those values without calling it.
struct UnchangedValuesTests {
    static let samples: [JSON] = [
        .string("text"), .string(""), .string("2026-12-03T10:00:00.000Z"), .bool(true), .bool(false), .int(0), .int(7),
        .int(Int(Int32.max)), .int(Int(Int32.max) + 1), .int(Int(Int32.min) - 1), .double(1.5), .double(-0.0),
        .array([.int(1)]), .object(JSONObject([("a", .int(1))])),
    ]

    @Test(arguments: BuiltInScalar.all + AppSyncScalar.all + [PassThroughScalar(name: "Custom")] as [any ScalarType])
    func valuesPromisedUnchangedSerializeToThemselves(scalar: any ScalarType) throws {
        var unchanged = 0
        for value in Self.samples where scalar.unchangedValues.contains(value) {
            #expect(try scalar.serialize(value) == value, "\(scalar.name) changed \(value.text)")
            unchanged += 1
        }
        // Only scalars that convert every value promise nothing.
        #expect((unchanged == 0) == (scalar.name == "AWSJSON" || scalar.name == "AWSTimestamp"), "\(scalar.name)")
    }

    @Test func intsOutside32BitsAreNotWrittenAsTheyAre() {
        #expect(UnchangedValues.int32s.contains(.int(Int(Int32.max))))
        #expect(!UnchangedValues.int32s.contains(.int(Int(Int32.max) + 1)))
        #expect(!UnchangedValues.strings.contains(.int(1)))
        #expect(UnchangedValues.all.contains(.null))
        #expect(!UnchangedValues.none.contains(.string("a")))
    }
}
