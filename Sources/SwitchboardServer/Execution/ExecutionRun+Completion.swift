import GraphQLLanguage

extension ExecutionRun {
    // MARK: Value completion

    /// CompleteValue, written into `output`: non-null checks, lists item by item, leaves
    /// serialized, objects (and abstract types resolved through `__typename`) by executing their
    /// sub-selections. Returns whether it wrote `null`. `type` is the field's type or, in a list or
    /// non-null wrapper, the part of it left to complete; what else the field needs (its nodes,
    /// the kind of its named type) comes from its `group`, looked up once per collected field
    /// rather than for every value. A thrown failure leaves what was written for whoever catches
    /// it to replace.
    @discardableResult
    nonisolated(nonsending) func completeValue(
        _ type: TypeReference, group: FieldCollector.Group, memo: GroupMemo, value: JSON, parentType: String,
        path: ResponsePath, into output: inout JSONWriter
    ) async throws(CompletionFailure) -> Bool {
        if stopped { throw .bubble }
        completedValues += 1
        if completedValues > limits.maximumCompletedValues {
            stopped = true
            throw .error(
                ExecutionError(
                    "The response is too large: it would hold more than \(limits.maximumCompletedValues) "
                        + "values. Ask for fewer items (limit) or fewer nested fields."))
        }
        switch type {
        case .nonNull(let inner):
            let wroteNull = try await completeValue(
                inner, group: group, memo: memo, value: value, parentType: parentType, path: path, into: &output)
            if wroteNull {
                throw .error(
                    ExecutionError(
                        "Cannot return null for non-nullable type: '\(inner)' within parent '\(parentType)' "
                            + "(\(Self.pathText(pathStack)))"))
            }
            return false
        case .list(let inner):
            if value.isNull {
                output.writeNull()
                return true
            }
            guard case .array(let elements) = value else {
                throw .error(
                    ExecutionError(
                        "Can't resolve value (\(Self.pathText(pathStack))) : type mismatch error, expected type LIST"
                    ))
            }
            output.writeByte(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.writeByte(UInt8(ascii: ",")) }
                let itemStart = output.count
                pathStack.append(.index(index))
                defer { pathStack.removeLast() }
                do throws(CompletionFailure) {
                    try await completeValue(
                        inner, group: group, memo: memo, value: element, parentType: parentType, path: path,
                        into: &output)
                } catch {
                    try replaceWithNull(error, group: group, isNonNull: inner.isNonNull, from: itemStart, in: &output)
                }
            }
            output.writeByte(UInt8(ascii: "]"))
            return false
        case .named(let name):
            if value.isNull {
                output.writeNull()
                return true
            }
            return try await completeNamed(name, group: group, memo: memo, value: value, path: path, into: &output)
        }
    }

    nonisolated(nonsending) private func completeNamed(
        _ name: String, group: FieldCollector.Group, memo: GroupMemo, value: JSON, path: ResponsePath,
        into output: inout JSONWriter
    ) async throws(CompletionFailure) -> Bool {
        let kind: TypeDefinitionKind
        if let namedKind = group.namedKind {
            kind = namedKind
        } else if let found = schema.type(named: name)?.kind {
            kind = found
        } else {
            output.write(value)
            return value.isNull
        }
        switch kind {
        case .scalar:
            return try writeSerialized(value, with: scalar(named: name, memo: memo), path: path, into: &output)
        case .enum:
            guard case .string(let text) = value,
                schema.type(named: name)?.enumValues.contains(where: { $0.name == text }) == true
            else {
                throw .error(
                    ExecutionError(
                        "Can't serialize value (\(Self.pathText(pathStack))) : Invalid input for Enum '\(name)'. "
                            + "No value found for name '\(value.stringValue ?? value.text)'"))
            }
            output.writeString(text)
            return false
        case .object, .interface, .union:
            let objectType: String
            if kind == .object {
                guard case .object = value else {
                    throw .error(
                        ExecutionError(
                            "Can't resolve value (\(Self.pathText(pathStack))) : expected an object of type '\(name)'"
                        ))
                }
                objectType = name
            } else {
                guard let concrete = value["__typename"]?.stringValue, schema.type(named: concrete)?.kind == .object,
                    schema.isPossibleType(concrete, of: name)
                else {
                    throw .error(
                        ExecutionError(
                            "Abstract type '\(name)' must resolve to an Object type at runtime (\(Self.pathText(pathStack)))"
                        ))
                }
                objectType = concrete
            }
            let groups = collectedSubfields(of: group, memo: memo, on: objectType)
            // An object type's objects (a list's items) of scalar members only are written as rows.
            if kind == .object,
                let row = scalarRow(
                    of: groups, parent: group, memo: memo, objectType: objectType, depth: path.depth + 1),
                writeRow(row, hints: memo.rowHints, objectType: objectType, source: value, into: &output)
            {
                return false
            }
            try await executeSelectionSet(groups, objectType: objectType, source: value, path: path, into: &output)
            return false
        case .inputObject:
            throw .error(
                ExecutionError("Can't resolve value (\(Self.pathText(pathStack))) : '\(name)' is an input type"))
        }
    }

    /// `value` serialized with `scalar` and written; whether that wrote `null`.
    private func writeSerialized(
        _ value: JSON, with scalar: any ScalarType, path: ResponsePath, into output: inout JSONWriter
    ) throws(CompletionFailure) -> Bool {
        let serialized: JSON
        do {
            serialized = try scalar.serialize(value)
        } catch {
            throw .error(ExecutionError("Can't serialize value (\(Self.pathText(pathStack))) : \(error.reason)"))
        }
        output.write(serialized)
        return serialized.isNull
    }
}
