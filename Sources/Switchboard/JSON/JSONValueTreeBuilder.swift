import SwitchboardCore

/// ``JSONValue``s: numbers as `Double`; of repeated keys, the last one wins.
package struct JSONValueTreeBuilder: JSONValueBuilder {
    /// The builder; it holds nothing.
    package init() {}

    package func null() -> JSONValue { .null }
    package func boolean(_ value: Bool) -> JSONValue { .boolean(value) }
    package func number(_ text: String, isInteger: Bool) -> JSONValue? {
        guard let number = Double(text), number.isFinite else { return nil }
        return .number(number)
    }
    package func string(_ value: String) -> JSONValue { .string(value) }
    package func array(_ elements: [JSONValue]) -> JSONValue { .array(elements) }
    package func object(_ members: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }
}
