/// How the pages of a paginated list field merge into one list in the store (Apollo's field
/// policies with `keyArgs` and a merge function, Relay's `@connection`).
///
/// A paginated field is stored without its page arguments, so every page of
/// `listTodos(filter: …, limit: 100, nextToken: …)` writes the same field, `listTodos({"filter":…})`.
/// A page asked for without a cursor (the first page, or a refresh) replaces the list; a page
/// asked for after a cursor appends its items to it, leaving out objects the list already holds.
/// Every query of the field, whichever page it asked for, reads the whole merged list, so a
/// watcher of the first page shows every page loaded so far.
///
/// ```swift
/// var configuration = RecordStoreConfiguration()
/// configuration.paginatedFields["feed"] = .relay
/// configuration.paginatedFields["search"] = PaginationRule(cursorArgument: "page", pageArguments: ["page"], listField: "results")
/// ```
public struct PaginationRule: Sendable, Hashable {
    /// The argument that asks for the page after a cursor; without a value, the page is the first.
    public var cursorArgument: String
    /// The arguments left out of the stored field's key: the cursor and the page size.
    public var pageArguments: Set<String>
    /// The list, in the object the field returns, that pages add their items to.
    public var listField: String

    /// A rule from its parts; the cursor argument is always a page argument.
    public init(cursorArgument: String, pageArguments: Set<String>, listField: String) {
        self.cursorArgument = cursorArgument
        self.pageArguments = pageArguments.union([cursorArgument])
        self.listField = listField
    }

    /// AppSync's lists: `nextToken` and `limit` arguments, pages of `items` (with `nextToken`).
    public static let nextToken = PaginationRule(
        cursorArgument: "nextToken", pageArguments: ["nextToken", "limit"], listField: "items")

    /// Relay connections, paged forwards: `after` and `first` arguments, pages of `edges` (with
    /// `pageInfo`).
    public static let relay = PaginationRule(
        cursorArgument: "after", pageArguments: ["after", "first"], listField: "edges")

    /// The rule a field's shape implies, for ``RecordStoreConfiguration/automaticPagination``: a
    /// `nextToken` argument with `items` and `nextToken` selected (AppSync's lists), or an `after`
    /// argument with `edges` and `pageInfo` selected (a Relay connection).
    static func implied(arguments: [String], selected: Set<String>) -> PaginationRule? {
        if arguments.contains("nextToken"), selected.isSuperset(of: ["items", "nextToken"]) { return .nextToken }
        if arguments.contains("after"), selected.isSuperset(of: ["edges", "pageInfo"]) { return .relay }
        return nil
    }
}

/// The pagination rules a store applies: configured ones by field name, then, when on, the ones
/// fields' shapes imply.
struct PaginationRules: Sendable {
    let configured: [String: PaginationRule]
    let automatic: Bool

    static let none = PaginationRules(configured: [:], automatic: false)

    func rule(for field: PlannedField) -> PaginationRule? {
        if let rule = configured[field.name] { return rule }
        return automatic ? field.impliedPagination : nil
    }
}
