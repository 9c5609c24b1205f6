import SwitchboardCore

extension JSONTapeView {
    /// The value at `index` as a `JSONValue` (numbers as `Double`; of repeated keys, the last),
    /// built by code specialized here rather than through the generic builder from other modules.
    package func jsonValue(_ index: Int) throws(JSONScanner.Failure) -> JSONValue {
        try value(index, builder: JSONValueTreeBuilder())
    }
}
