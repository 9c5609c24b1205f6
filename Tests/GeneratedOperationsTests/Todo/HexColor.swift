/// The Swift type the Todo suite's configuration maps the custom scalar `Color` to.
struct HexColor: Codable, Sendable, Hashable {
    let hex: String

    init(_ hex: String) {
        self.hex = hex
    }

    init(from decoder: any Decoder) throws {
        hex = try decoder.singleValueContainer().decode(String.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
