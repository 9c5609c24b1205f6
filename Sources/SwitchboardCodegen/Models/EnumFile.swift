/// `PostStatus.swift`: `public enum PostStatus: String, EnumPersistable` with one case per value,
/// named in lower camel case (`IN_PROGRESS` → `inProgress`).
struct EnumFile {
    let enumeration: SwiftEnum

    func write(into writer: inout SwiftSourceWriter) {
        writer.typeDeclaration("public enum \(enumeration.name): String, EnumPersistable", named: enumeration.name) {
            body in
            for (name, value) in enumeration.cases {
                body.line("case \(name) = \(SwiftIdentifier.stringLiteral(value))")
            }
        }
    }
}
