import GraphQLLanguage

/// Decides the structs of a selection set from its ``SelectionAtom``s, following Apollo iOS's
/// model of type cases:
///
/// - A struct whose possible types all satisfy an atom's type conditions gets the atom: its
///   fields are merged from the selection set itself, its type conditions and the named
///   fragments it spreads.
/// - The first condition an atom's chain does not meet makes a type case (`asDroid`), whose
///   possible types are the intersection; conditions nest (`asPet?.asBird`) as they do in the
///   document, and a condition the struct already meets makes none.
/// - A field selected more than once is one property; its sub-selections merge.
struct ShapeBuilder {
    let index: SchemaIndex
    var collector: AtomCollector
    var types: SwiftTypeTable
    /// Names a nested struct must not take: the module's enums, input objects, fragments and
    /// operations, which generated code refers to unqualified.
    let reservedNames: Set<String>

    /// What a type case needs to know of its parent's fields to reuse their structs.
    private struct InheritedField {
        var atomIDs: [Int]
        var typeName: String?
    }

    /// The struct of `selectionSet` on `type`, called `name` (`Data` of an operation or fragment).
    mutating func shape(named name: String, of selectionSet: SelectionSet, on type: String) -> SelectionSetShape {
        let atoms = collector.atoms(of: selectionSet, on: type)
        return node(
            name: name, type: type, scope: index.possibleTypes(of: type), all: atoms, routed: atoms, inherited: [:])
    }

    private mutating func node(
        name: String, type: String, scope: Set<String>, all atoms: [SelectionAtom], routed: [SelectionAtom],
        inherited: [String: InheritedField]
    ) -> SelectionSetShape {
        var shape = SelectionSetShape(name: name, graphQLType: type, hasTypename: !index.isRoot(type))
        shape.scope = scope
        let met = atoms.filter { isMet($0, by: scope) }
        var usedTypeNames = reservedNames
        var usedProperties: Set<String> = shape.hasTypename ? ["__typename"] : []
        let groups = fieldGroups(met, skippingTypename: shape.hasTypename)
        var fields: [String: InheritedField] = [:]

        // Structs a parent type case declares for the same selections are reused, not redeclared.
        for (key, group) in groups {
            if let parent = inherited[key], parent.atomIDs == group.map(\.id), let typeName = parent.typeName {
                usedTypeNames.insert(typeName)
                fields[key] = parent
            }
        }
        for (key, group) in groups {
            usedProperties.insert(key)
            shape.properties.append(
                property(key, group, scope: scope, reuse: fields[key], &usedTypeNames, &shape, &fields))
        }

        // Type cases, in the order their conditions first appear.
        var children: [(condition: String, scope: Set<String>, atoms: [SelectionAtom])] = []
        for atom in routed {
            guard let (condition, childScope) = firstUnmetCondition(atom, scope: scope), !childScope.isEmpty else {
                continue
            }
            if let position = children.firstIndex(where: { $0.condition == condition }) {
                children[position].atoms.append(atom)
            } else {
                children.append((condition, childScope, [atom]))
            }
        }
        for child in children {
            let caseName = SwiftNames.unique("As" + SwiftNames.capitalized(child.condition), in: &usedTypeNames)
            let propertyName = SwiftNames.unique("as" + SwiftNames.capitalized(child.condition), in: &usedProperties)
            var caseShape = node(
                name: caseName, type: child.condition, scope: child.scope, all: atoms, routed: child.atoms,
                inherited: fields)
            caseShape.possibleTypes = child.scope
            shape.typeCases.append(TypeCase(propertyName: propertyName, shape: caseShape))
        }
        shape.fragments = fragmentReferences(atoms, routed: routed, scope: scope, typeCases: shape.typeCases)
        if !shape.fragments.isEmpty { shape.fragmentsProperty = SwiftNames.unique("fragments", in: &usedProperties) }
        for index in shape.fragments.indices {
            shape.fragments[index].containerPath = shape.fragmentsProperty + "." + shape.fragments[index].propertyName
        }
        return shape
    }

    /// The property for the field group `key`, with the struct it needs (declared in `shape`
    /// unless `reuse` names one already visible).
    private mutating func property(
        _ key: String, _ group: [SelectionAtom], scope: Set<String>, reuse: InheritedField?,
        _ usedTypeNames: inout Set<String>, _ shape: inout SelectionSetShape, _ fields: inout [String: InheritedField]
    ) -> FieldProperty {
        guard case .field(let field, let parentType) = group[0].kind,
            let definition = index.field(field.name, on: parentType)
        else {
            // Validation guarantees the field exists; a string keeps generation going regardless.
            return FieldProperty(responseKey: key, baseType: "String", isOptional: true)
        }
        let isConditional = group.allSatisfy(\.isConditional)
        let namedType = definition.type.namedType
        guard index.type(named: namedType)?.isComposite == true else {
            let (base, isOptional) = types.outputType(definition.type, forceOptional: isConditional)
            fields[key] = InheritedField(atomIDs: group.map(\.id), typeName: nil)
            return FieldProperty(
                responseKey: key, baseType: base, isOptional: isOptional, description: definition.description)
        }
        let typeName: String
        if let reuse, let name = reuse.typeName {
            typeName = name
        } else {
            let isList = definition.type.nullable != definition.type.nullable.namedTypeReference
            let wanted = SwiftNames.capitalized(isList ? SwiftNames.singular(key) : key)
            typeName = SwiftNames.unique(wanted, in: &usedTypeNames)
            let merged = group.compactMap { atom -> (field: Field, isConditional: Bool)? in
                guard case .field(let field, _) = atom.kind else { return nil }
                return (field, atom.isConditional)
            }
            let subAtoms = collector.atoms(ofMerged: merged, on: namedType)
            shape.fieldTypes.append(
                node(
                    name: typeName, type: namedType, scope: index.possibleTypes(of: namedType), all: subAtoms,
                    routed: subAtoms, inherited: [:]))
            fields[key] = InheritedField(atomIDs: group.map(\.id), typeName: typeName)
        }
        let (base, isOptional) = types.outputType(definition.type, leaf: typeName, forceOptional: isConditional)
        return FieldProperty(
            responseKey: key, baseType: base, isOptional: isOptional, description: definition.description)
    }

    /// The met field atoms grouped by response key, in order of first appearance; the implicit
    /// `__typename` is left out where the struct has it anyway.
    private func fieldGroups(_ atoms: [SelectionAtom], skippingTypename: Bool) -> [(String, [SelectionAtom])] {
        var groups: [(String, [SelectionAtom])] = []
        var positions: [String: Int] = [:]
        for atom in atoms {
            guard case .field(let field, _) = atom.kind else { continue }
            if skippingTypename && field.name == "__typename" && field.alias == nil { continue }
            if let position = positions[field.responseKey] {
                groups[position].1.append(atom)
            } else {
                positions[field.responseKey] = groups.count
                groups.append((field.responseKey, [atom]))
            }
        }
        return groups
    }

    /// The fragments reachable from a struct: spreads it meets (decoded), and spreads routed into
    /// its type cases (read through them).
    private func fragmentReferences(
        _ atoms: [SelectionAtom], routed: [SelectionAtom], scope: Set<String>, typeCases: [TypeCase]
    ) -> [FragmentReference] {
        var references: [FragmentReference] = []
        let routedIDs = Set(routed.map(\.id))
        for atom in atoms {
            guard case .fragmentSpread(let name) = atom.kind else { continue }
            var source: FragmentReference.Source
            if isMet(atom, by: scope) {
                source = atom.isConditional ? .decodedIfIncluded : .decoded
            } else if routedIDs.contains(atom.id), let path = typeCasePath(atom, scope: scope, typeCases: typeCases) {
                source = .typeCases([path])
            } else {
                continue
            }
            if let position = references.firstIndex(where: { $0.fragmentName == name }) {
                source = merged(references[position].source, source)
                references[position].source = source
            } else {
                let propertyName = SwiftNames.lowercasedFirst(name)
                references.append(
                    FragmentReference(
                        fragmentName: name, propertyName: propertyName, containerPath: propertyName, source: source))
            }
        }
        return references
    }

    /// Two ways of reaching the same fragment: decoding wins; type-case paths add up.
    private func merged(_ first: FragmentReference.Source, _ second: FragmentReference.Source)
        -> FragmentReference.Source
    {
        switch (first, second) {
        case (.decoded, _), (_, .decoded): return .decoded
        case (.decodedIfIncluded, _), (_, .decodedIfIncluded): return .decodedIfIncluded
        case (.typeCases(let a), .typeCases(let b)): return .typeCases(a + b.filter { !a.contains($0) })
        }
    }

    /// The type-case accessors from a struct down to the one that meets `atom`.
    private func typeCasePath(_ atom: SelectionAtom, scope: Set<String>, typeCases: [TypeCase]) -> String? {
        var path: [String] = []
        var holder: SelectionSetShape?
        var current = typeCases
        var currentScope = scope
        for condition in atom.conditions where !currentScope.isSubset(of: index.possibleTypes(of: condition)) {
            guard let typeCase = current.first(where: { $0.shape.graphQLType == condition }) else { return nil }
            path.append(typeCase.propertyName)
            holder = typeCase.shape
            current = typeCase.shape.typeCases
            currentScope = currentScope.intersection(index.possibleTypes(of: condition))
        }
        guard let holder, case .fragmentSpread(let name) = atom.kind,
            let reference = holder.fragments.first(where: { $0.fragmentName == name })
        else { return nil }
        return path.joined(separator: "?.") + "?." + reference.containerPath
    }

    // MARK: Conditions

    private func isMet(_ atom: SelectionAtom, by scope: Set<String>) -> Bool {
        atom.conditions.allSatisfy { scope.isSubset(of: index.possibleTypes(of: $0)) }
    }

    /// The first of the atom's conditions that `scope` does not meet, and the possible types of
    /// the type case it makes.
    private func firstUnmetCondition(_ atom: SelectionAtom, scope: Set<String>) -> (String, Set<String>)? {
        for condition in atom.conditions {
            let possible = index.possibleTypes(of: condition)
            if !scope.isSubset(of: possible) { return (condition, scope.intersection(possible)) }
        }
        return nil
    }
}

extension TypeReference {
    /// The named type alone, without list or non-null wrappers.
    fileprivate var namedTypeReference: TypeReference { .named(namedType) }
}
