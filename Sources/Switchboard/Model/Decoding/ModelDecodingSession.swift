import Foundation

/// What the models of one response need while they decode: the request context, and — when the
/// body went through ``NotLoadedListMarking`` — the association of every `hasMany` list the
/// scanner marked.
///
/// It is a task-local for the duration of one synchronous decoder call, so that thousands of
/// models find it without a `userInfo` lookup each, and so that models decode straight from the
/// JSON decoder (no wrapping decoder per model) once their lists are marked in the bytes.
package final class ModelDecodingSession: Sendable {
    /// The context of the request the response answers.
    let context: ModelRequestContext?
    /// Whether the body carries list markers, so that models decode directly.
    let usesListMarkers: Bool
    /// The association of each marked list, by marker number.
    let associations: [ListAssociationReference]

    init(context: ModelRequestContext?, usesListMarkers: Bool, associations: [ListAssociationReference]) {
        self.context = context
        self.usesListMarkers = usesListMarkers
        self.associations = associations
    }

    /// A session for a body decoded without markers (through ``ModelFieldsDecoder``).
    package convenience init(context: ModelRequestContext?) {
        self.init(context: context, usesListMarkers: false, associations: [])
    }

    /// The session of the decode running on this task, if any.
    @TaskLocal package static var current: ModelDecodingSession?

    /// The association behind marker `number`, or an error naming it when the body's value is not
    /// one of ours (a server sending a number where a list belongs).
    func association(
        marker number: Int, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> ListAssociationReference {
        // The coding path is built only for the error: JSONDecoder assembles it on every call.
        guard associations.indices.contains(number) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath(), debugDescription: "A List is an array or an object with \"items\"."))
        }
        return associations[number]
    }
}
