import Foundation
import SwitchboardCore

/// The models of a `hasMany` association or of a `list` query: a random-access collection of the
/// loaded page, as Amplify's `List`, whose loading is explicit.
///
/// A list is either **loaded** (its elements, the `nextToken` of the next page and the query that
/// produced it) or **not loaded** (the parent's identifiers and the association; empty as a
/// collection). ``fetch()`` loads a not-loaded list with one `list` query filtered by the foreign
/// key; ``hasNextPage()`` and ``getNextPage()`` page through a loaded one; ``allElements`` walks
/// every model of every page, loading as it goes.
///
/// ```swift
/// let post = try await Switchboard.API.query(request: .get(Post.self, byId: id)).get()
/// if let comments = post?.comments {
///     try await comments.fetch()                        // one filtered listComments query
///     print(comments.map(\.content))                    // the loaded page
///     for try await comment in comments.allElements { print(comment.content) }   // every page
/// }
/// ```
public final class List<ModelType: Model>: Sendable {
    /// What the list holds, with its models typed: how code reads and builds a list.
    enum LoadState: Sendable {
        case notLoaded(ListAssociationReference)
        case loaded(elements: [ModelType], nextToken: String?, source: ListPageSource)
    }

    /// The state as stored: ``ListContents`` does not depend on `ModelType`, so that making and
    /// freeing a list — a response of a thousand models makes a thousand not-loaded ones — needs no
    /// runtime lookup of the generic state's type metadata (two lookups each way, measured as most
    /// of the cost of a not-loaded list's `deinit`).
    let contents: Locked<ListContents>
    let context: ModelRequestContext?

    init(state: LoadState, context: ModelRequestContext?) {
        contents = Locked(ListContents(state))
        self.context = context
    }

    /// A not-loaded list, made without the generic `LoadState` (whose metadata costs a lookup).
    init(notLoaded association: ListAssociationReference, context: ModelRequestContext?) {
        contents = Locked(.notLoaded(association))
        self.context = context
    }

    /// A loaded list of `elements` with no further pages.
    public init(elements: [ModelType]) {
        contents = Locked(ListContents(.loaded(elements: elements, nextToken: nil, source: .none)))
        context = nil
    }

    /// An empty loaded list.
    public convenience init() { self.init(elements: []) }

    /// The current state, with the models typed.
    var state: LoadState {
        switch contents.withLock({ $0 }) {
        case .notLoaded(let association): .notLoaded(association)
        case .loaded(let models, let nextToken, let source):
            .loaded(elements: Self.elements(of: models), nextToken: nextToken, source: source)
        }
    }

    /// Whether the elements are here (`false` until a lazy `hasMany` list is fetched).
    public var isLoaded: Bool {
        contents.withLock {
            if case .loaded = $0 { return true }
            return false
        }
    }

    /// The loaded elements (empty while not loaded).
    public var elements: [ModelType] {
        guard let models = contents.withLock({ $0.models }) else { return [] }
        return Self.elements(of: models)
    }

    /// The token of the next page, when there is one.
    public var nextToken: String? {
        contents.withLock {
            if case .loaded(_, let nextToken, _) = $0 { return nextToken }
            return nil
        }
    }

    /// The models of a loaded state: only ``ListContents/init(_:)`` of this list's `LoadState`
    /// stores them, so the box is always a `ListModels<ModelType>`.
    private static func elements(of models: any AnyObject & Sendable) -> [ModelType] {
        unsafeDowncast(models, to: ListModels<ModelType>.self).elements
    }
}

/// A ``List``'s state without its model type (see ``List/contents``): the loaded models are kept
/// in a ``ListModels`` box, held as a plain object reference.
enum ListContents: Sendable {
    case notLoaded(ListAssociationReference)
    case loaded(models: any AnyObject & Sendable, nextToken: String?, source: ListPageSource)

    init<M: Model>(_ state: List<M>.LoadState) {
        switch state {
        case .notLoaded(let association): self = .notLoaded(association)
        case .loaded(let elements, let nextToken, let source):
            self = .loaded(models: ListModels(elements), nextToken: nextToken, source: source)
        }
    }

    /// The box of the loaded models, or `nil` while not loaded.
    var models: (any AnyObject & Sendable)? {
        if case .loaded(let models, _, _) = self { return models }
        return nil
    }
}

/// The loaded models of a ``List``, boxed so that ``ListContents`` needs no type parameter.
final class ListModels<M: Model>: Sendable {
    let elements: [M]

    init(_ elements: [M]) { self.elements = elements }
}

extension List: ExpressibleByArrayLiteral {
    /// A loaded list of the given models.
    public convenience init(arrayLiteral elements: ModelType...) { self.init(elements: elements) }
}

extension List: RandomAccessCollection {
    /// The position of the first loaded element.
    public var startIndex: Int { 0 }
    /// One past the last loaded element.
    public var endIndex: Int { elements.count }
    /// The loaded element at `position`.
    public subscript(position: Int) -> ModelType { elements[position] }
    /// Iterates over a snapshot of the loaded elements.
    public func makeIterator() -> IndexingIterator<[ModelType]> { elements.makeIterator() }
}

/// How a not-loaded list finds its models: the parent's key values and the child fields that
/// hold them.
struct ListAssociationReference: Sendable {
    /// The parent's primary-key values, hash key first.
    var parentIdentifiers: [JSONValue] {
        switch identifiers {
        case .single(let value): [value]
        case .composite(let values): values
        }
    }
    /// The `associatedWith`/`associatedFields` names of the `hasMany` field, in the child model.
    let associatedFieldNames: [String]
    /// A single key value is kept without an array: a response of a thousand models makes a
    /// thousand references, and most models have a single-field key.
    private let identifiers: Identifiers

    private enum Identifiers: Sendable {
        case single(JSONValue)
        case composite([JSONValue])
    }

    init(parentIdentifiers: [JSONValue], associatedFieldNames: [String]) {
        identifiers = parentIdentifiers.count == 1 ? .single(parentIdentifiers[0]) : .composite(parentIdentifiers)
        self.associatedFieldNames = associatedFieldNames
    }

    init(parentIdentifier: JSONValue, associatedFieldNames: [String]) {
        identifiers = .single(parentIdentifier)
        self.associatedFieldNames = associatedFieldNames
    }

    /// `{"postId": {"eq": "…"}}`, or `{"and": […]}` for composite keys.
    func filter(childSchema: ModelSchema) -> JSONValue {
        var columns: [String] = []
        for name in associatedFieldNames {
            let targetNames = childSchema.field(withName: name)?.association?.targetNames ?? []
            columns += targetNames.isEmpty ? [name] : targetNames
        }
        let conditions = zip(columns, parentIdentifiers).map { column, value -> JSONValue in
            .object([column: .object(["eq": value])])
        }
        if conditions.count == 1 { return conditions[0] }
        return .object(["and": .array(conditions)])
    }
}

/// Where the next page of a loaded list comes from.
enum ListPageSource: Sendable {
    /// The request that returned the list (a `list` query, builder-made or custom).
    case request(ListPageRequest)
    /// A nested `hasMany` list: the builder's `list` query filtered by the foreign key.
    case association(ListAssociationReference)
    /// Unknown: the builder's unfiltered `list` query.
    case none
}

/// `Switchboard.List`: the enum `Switchboard` shadows the module name, so the list is also its
/// member. Write `Switchboard.List<Comment>` where another `List` is in scope (SwiftUI's).
extension Switchboard {
    /// ``List`` as a member of the hub, so that `Switchboard.List<M>` names it unambiguously.
    public typealias List<ModelType: Model> = _ModelList<ModelType>
}

/// The module-level name of ``List`` for ``Switchboard/List``, which cannot refer to it directly.
@_documentation(visibility: private)
public typealias _ModelList<ModelType: Model> = List<ModelType>
