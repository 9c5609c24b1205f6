// The Swift samples of `../shared/seeds/amplify-model-based-queries.txt`, copied with the port's
// rename (`Amplify.` → `Switchboard.`). The seed is a design document from Amplify's callback era
// and elides Swift's effect markers, so each call that suspends or throws gains `try await`, and
// its pseudo-code `foreach comment in post.comments` is written `for try await comment in
// comments.allElements`, the loop that loads the list as the seed describes. Nothing else changes.
import Foundation
import SwitchboardAPI

// 1. As a developer, I want to retrieve a simple model object.
func seedGetSimpleModel(id: String) async throws -> GraphQLResponse<SimpleModel?> {
    try await Switchboard.API.query(request: .get(SimpleModel.self, byId: id))
}

// 2. As a developer, I want to retrieve a list of simple model objects.
func seedListSimpleModels() async throws -> List<SimpleModel> {
    let models = try await Switchboard.API.query(request: .list(SimpleModel.self)).get()
    if models.hasNextPage() { _ = try await models.getNextPage() }
    return models
}

// 3. As a developer, I want to retrieve a model that contains associations to other models.
func seedGetPost(id: String) async throws -> Post? {
    try await Switchboard.API.query(request: .get(Post.self, byId: id)).get()
}

/// Explicit load, as the seed writes it (Amplify's callback form of `fetch`).
func seedExplicitLoad(post: Post, done: @escaping @Sendable () -> Void) {
    if let comments = post.comments {
        comments.fetch { result in
            switch result {
            case .success:
                print("fetch completed, list data is now loaded into memory")
            case .failure(let error):
                print("Could not fetch posts \(error)")
            }
            done()
        }
    }
}

/// Implicit load: the comments are loaded before the first element is returned.
func seedImplicitLoad(post: Post) async throws -> [String] {
    var seen: [String] = []
    if let comments = post.comments {
        for try await comment in comments.allElements {
            seen.append(comment.id)
        }
    }
    return seen
}

/// The query the implicit load performs, as the seed spells it.
func seedListCommentsOfPost(_ post: Post) async throws -> GraphQLResponse<List<Comment>> {
    try await Switchboard.API.query(request: .list(Comment.self, limit: 100, where: Comment.keys.post == post.id))
}

// 4. As a developer, I can customize my request to retrieve multiple levels of data at once.
func seedGetBlogWithPostsAndComments(id: String) async throws -> Blog {
    let document = """
        query getBlog($id: ID!) {
          getBlog(id: $id) {
            id
            post {
              items {
                id
                comments {
                  items {
                    id
                  }
                  nextToken
                }
              }
              nextToken
            }
          }
        }
        """
    return try await Switchboard.API.query(
        request: GraphQLRequest<Blog>(
            document: document, variables: ["id": id], responseType: Blog.self, decodePath: "getBlog")
    ).get()
}
