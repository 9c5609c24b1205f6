// The Swift samples of `../shared/seeds/amplify-advanced-workflows.txt`, copied as the seed writes
// them with only the renames a port makes (`Amplify.` → `Switchboard.`, `AWSAPIPlugin` →
// `APIPlugin`). Statement samples are wrapped in functions so that the tests can run them; the
// seed's document strings, its `query createTodo` (a mutation field under `query`, as written)
// and its `print`s are kept.
import Foundation
import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - A GraphQL request is automatically generated

func seedCreateTodoWithTheModelBuilder() async throws {
    let todo = Todo(name: "my first todo", description: "todo description")
    try await Switchboard.API.mutate(request: .create(todo))
}

// MARK: - Subset of data

extension GraphQLRequest {
    static func getWithoutDescription(byId id: String) -> GraphQLRequest<Todo> {
        let operationName = "getTodo"
        let document = """
            query getTodo($id: ID!) {
              \(operationName)(id: $id) {
                id
                name
              }
            }
            """
        return GraphQLRequest<Todo>(
            document: document,
            variables: ["id": id],
            responseType: Todo.self,
            decodePath: operationName
        )
    }
}

func seedQueryWithoutDescription() async throws {
    try await Switchboard.API.query(request: .getWithoutDescription(byId: "[UNIQUE_ID]"))
    // handle result
}

// MARK: - Custom Request Inputs

struct CreateTodoInput: Encodable {
    let id: String
    let name: String
    let description: String?
}

extension GraphQLRequest {
    static func createTodo(input: CreateTodoInput) throws -> GraphQLRequest<Todo> {
        let operationName = "createTodo"
        let document = """
            query createTodo($input: CreateTodoInput!) {
              \(operationName)(input: $input) {
                id
                name
                description
              }
            }
            """

        let data = try JSONEncoder().encode(input)
        let jsonObject = try JSONSerialization.jsonObject(with: data, options: [])

        return GraphQLRequest<Todo>(
            document: document,
            variables: ["input": jsonObject],
            responseType: Todo.self,
            decodePath: operationName
        )
    }
}

// MARK: - Nested Data

extension GraphQLRequest {
    static func getPostWithComments(byId id: String) -> GraphQLRequest<Post> {
        let document = """
            query getPost($id: ID!) {
              getPost(id: $id) {
                id
                title
                rating
                status
                comments {
                  items {
                    id
                    postID
                    content
                  }
                }
              }
            }
            """
        return GraphQLRequest<Post>(
            document: document,
            variables: ["id": id],
            responseType: Post.self,
            decodePath: "getPost"
        )
    }
}

// MARK: - Combining multiple GraphQL operations in a single request

extension GraphQLRequest {
    static func get(byPostId postId: String, todoId: String) -> GraphQLRequest<JSONValue> {
        let document = """
            query get($postId: ID!, $todoId: ID!) {
              getPost(id: $postId) {
                id
                title
                rating
              }
              getTodo(id: $todoId) {
                id
                name
              }
            }
            """

        return GraphQLRequest<JSONValue>(
            document: document,
            variables: [
                "postId": postId,
                "todoId": todoId,
            ],
            responseType: JSONValue.self
        )
    }
}

func seedCombinedOperations() async {
    do {
        let response = try await Switchboard.API.query(request: .get(byPostId: "[POST_ID]", todoId: "[TODO_ID]"))
        switch response {
        case .success(let data):
            if let todoJSON = data.value(at: "getTodo"),
                let todoData = try? JSONEncoder().encode(todoJSON),
                let todo = try? JSONDecoder().decode(Todo.self, from: todoData)
            {
                print(todo)
            }
            if let postJSON = data.value(at: "getPost"),
                let postData = try? JSONEncoder().encode(postJSON),
                let post = try? JSONDecoder().decode(Post.self, from: postData)
            {
                print(post)
            }
        case .failure(let errorResponse):
            print("Response contained errors: \(errorResponse)")
        }
    } catch let error as APIError {
        print("Failed with error: \(error)")
    } catch {
        print("Unexpected error: \(error)")
    }
}

struct PostAndTodoResponse: Codable {
    public let getTodo: Todo
    public let getPost: Post
    struct Todo: Codable {
        public let id: String
        public var name: String
    }
    struct Post: Codable {
        public let id: String
        public var title: String
        public var rating: Int
    }
}

// MARK: - Adding Headers to Outgoing Requests

struct CustomInterceptor: URLRequestInterceptor {
    func intercept(_ request: URLRequest) throws -> URLRequest {
        var request = request
        request.setValue("headerValue", forHTTPHeaderField: "headerKey")
        return request
    }
}

func seedAddCustomHeaders() throws {
    let apiPlugin = try APIPlugin()
    try Switchboard.addPlugin(apiPlugin)
    try Switchboard.configure()
    try apiPlugin.add(interceptor: CustomInterceptor(), for: "yourApiName")
}
