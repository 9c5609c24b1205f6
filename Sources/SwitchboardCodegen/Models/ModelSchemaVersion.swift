import ModelTransform

/// The `version` of the generated registration: the MD5 of a canonical description of what the
/// model files declare — every model and non-model type sorted by name, with its primary key, its
/// index attributes and its fields sorted by name (GraphQL type, association, read-only), and every
/// enum with its values. Formatting, field order and comments do not change it; any change to the
/// shape of the models does. (Amplify hashes its own intermediate form in the same spirit; the two
/// digests differ.)
enum ModelSchemaVersion {
    static func hash(models: [SwiftModel], embeddables: [SwiftEmbeddable], enums: [SwiftEnum]) -> String {
        MD5.hexDigest(description(models: models, embeddables: embeddables, enums: enums))
    }

    /// The canonical text the hash is taken of.
    static func description(models: [SwiftModel], embeddables: [SwiftEmbeddable], enums: [SwiftEnum]) -> String {
        var entries: [(name: String, lines: [String])] = []
        for model in models {
            var lines = ["model \(model.name)", "  key \(model.primaryKey.map(\.name).joined(separator: ","))"]
            for index in model.indexes {
                lines.append("  index \(index.name ?? "-") \(index.fields.joined(separator: ","))")
            }
            lines += fieldLines(model.fields)
            entries.append((model.name, lines))
        }
        for type in embeddables {
            entries.append((type.name, ["type \(type.name)"] + fieldLines(type.fields)))
        }
        for enumeration in enums {
            entries.append(
                (
                    enumeration.name,
                    ["enum \(enumeration.name) \(enumeration.cases.map(\.value).joined(separator: ","))"]
                ))
        }
        return entries.sorted { $0.name < $1.name }.flatMap(\.lines).joined(separator: "\n")
    }

    private static func fieldLines(_ fields: [SwiftField]) -> [String] {
        fields.sorted { $0.name < $1.name }.map { field in
            var line = "  field \(field.name): \(field.type)"
            switch field.association {
            case .hasMany(let related, let associated)?:
                line += " hasMany \(related)(\(associated.joined(separator: ",")))"
            case .hasOne(let related, let associatedWith, let targetNames)?:
                line += " hasOne \(related)(\(associatedWith);\(targetNames.joined(separator: ",")))"
            case .belongsTo(let related, let targetNames)?:
                line += " belongsTo \(related)(\(targetNames.joined(separator: ",")))"
            case nil:
                break
            }
            return field.isReadOnly ? line + " readOnly" : line
        }
    }
}
