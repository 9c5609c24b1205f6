import SwitchboardAPI

/// The titles of a page of posts, from the typed operation the plugin generated from Posts.graphql.
func titles(of data: PostTitlesQuery.Data) -> [String] {
    data.listPosts?.items.compactMap { $0?.title } ?? []
}
