import GraphQLLanguage

/// The selection sets of model-based requests, following Amplify's rules:
///
/// - scalars and enums of the model, primary-key fields first, then the rest alphabetically, then
///   associations; `__typename` last in every selection set;
/// - embedded (non-model) types with all their fields;
/// - `belongsTo`/`hasOne` as a nested object with only the target's key fields in the lazy-load
///   form (the field is a `LazyReference`), or the target's own fields in the classic form (the
///   field is the model itself; its required associations are followed, optional ones omitted);
/// - `hasMany` omitted unless included with `includes:`, then `items { … } nextToken`.
struct ModelSelectionSet {
    /// Included association paths and all their prefixes, dot-separated (`comments`, `comments.post`).
    let includedPaths: Set<String>

    init(includedPaths: [[String]] = []) {
        var paths: Set<String> = []
        for path in includedPaths {
            for length in 1...max(1, path.count) where length <= path.count {
                paths.insert(path.prefix(length).joined(separator: "."))
            }
        }
        self.includedPaths = paths
    }

    /// The selection set of `type`.
    func selectionSet(for type: any Model.Type) -> SelectionSet {
        SelectionSet(selections: selections(for: type, path: [], visited: [type.modelName]))
    }

    /// The selection set of a list of `type`: `items { … } nextToken __typename`.
    func listSelectionSet(for type: any Model.Type) -> SelectionSet {
        connection(items: selectionSet(for: type))
    }

    private func connection(items: SelectionSet) -> SelectionSet {
        SelectionSet(selections: [
            .field(Field(name: "items", selectionSet: items)), Self.field("nextToken"), Self.typename,
        ])
    }

    private static let typename = Selection.field(Field(name: "__typename"))

    private static func field(_ name: String, _ selectionSet: SelectionSet? = nil) -> Selection {
        .field(Field(name: name, selectionSet: selectionSet))
    }

    private func selections(for type: any Model.Type, path: [String], visited: Set<String>) -> [Selection] {
        let schema = type.schema
        let lazyForm = type.rootPath != nil
        var result: [Selection] = []
        for field in schema.sortedFields {
            let fieldPath = path + [field.name]
            let included = includedPaths.contains(fieldPath.joined(separator: "."))
            switch field.type {
            case .collection:
                guard included, let child = field.associatedModel else { continue }
                let items = SelectionSet(selections: selections(for: child, path: fieldPath, visited: visited))
                result.append(Self.field(field.name, connection(items: items)))
            case .model:
                guard let target = field.associatedModel else { continue }
                if included {
                    let nested = self.selections(
                        for: target, path: fieldPath, visited: visited.union([target.modelName]))
                    result.append(Self.field(field.name, SelectionSet(selections: nested)))
                } else if lazyForm {
                    let keys = target.schema.primaryKeyFieldNames.map { Self.field($0) } + [Self.typename]
                    result.append(Self.field(field.name, SelectionSet(selections: keys)))
                } else if !visited.contains(target.modelName) || field.isRequired {
                    let nested = classicTarget(target, visited: visited.union([target.modelName]))
                    result.append(Self.field(field.name, SelectionSet(selections: nested)))
                }
            case .embedded(_, let embedded?), .embeddedCollection(_, let embedded?):
                result.append(Self.field(field.name, SelectionSet(selections: embeddedSelections(embedded))))
            default:
                result.append(Self.field(field.name))
            }
        }
        result.append(Self.typename)
        return result
    }

    /// The classic form's nested target: its own fields, its required associations followed once.
    private func classicTarget(_ type: any Model.Type, visited: Set<String>) -> [Selection] {
        var selections: [Selection] = []
        for field in type.schema.sortedFields {
            switch field.type {
            case .collection: continue
            case .model:
                guard field.isRequired, let target = field.associatedModel, !visited.contains(target.modelName) else {
                    continue
                }
                let nested = classicTarget(target, visited: visited.union([target.modelName]))
                selections.append(Self.field(field.name, SelectionSet(selections: nested)))
            case .embedded(_, let embedded?), .embeddedCollection(_, let embedded?):
                selections.append(Self.field(field.name, SelectionSet(selections: embeddedSelections(embedded))))
            default:
                selections.append(Self.field(field.name))
            }
        }
        selections.append(Self.typename)
        return selections
    }

    private func embeddedSelections(_ schema: ModelSchema) -> [Selection] {
        var selections: [Selection] = []
        for field in schema.sortedFields {
            switch field.type {
            case .embedded(_, let embedded?), .embeddedCollection(_, let embedded?):
                selections.append(Self.field(field.name, SelectionSet(selections: embeddedSelections(embedded))))
            default:
                selections.append(Self.field(field.name))
            }
        }
        selections.append(Self.typename)
        return selections
    }
}
