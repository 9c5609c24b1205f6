// An app's API code written against Amplify Swift, ported by renaming only:
//   import Amplify / import AWSAPIPlugin  →  import SwitchboardAPI
//   Amplify.                              →  Switchboard.
//   AWSAPIPlugin                          →  APIPlugin
// Everything else — the synchronous setup, the models, the calls, a class-based interceptor with
// state, an auth provider factory and a cancellable subscription — is as Amplify apps write it.
import Foundation
import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Counts requests in a header; a class with mutable state, as many apps' interceptors are.
class RequestCountingInterceptor: URLRequestInterceptor {
    var count = 0

    func intercept(_ request: URLRequest) async throws -> URLRequest {
        count += 1
        var request = request
        request.setValue("\(count)", forHTTPHeaderField: "x-request-count")
        return request
    }
}

class MyOIDCAuthProvider: AmplifyOIDCAuthProvider {
    func getLatestAuthToken() async throws -> String {
        "oidc-token-from-my-identity-provider"
    }
}

class MyAPIAuthProviderFactory: APIAuthProviderFactory {
    override func oidcAuthProvider() -> AmplifyOIDCAuthProvider? {
        MyOIDCAuthProvider()
    }
}

@MainActor
final class TodoStore {
    var todos: [Todo] = []
    var events: [String] = []
    var subscription: AmplifyAsyncThrowingSequence<GraphQLSubscriptionEvent<Todo>>?
    var subscriptionTask: Task<Void, Never>?

    func configureAmplify() {
        do {
            let apiPlugin = try APIPlugin(
                modelRegistration: AmplifyModels(), apiAuthProviderFactory: MyAPIAuthProviderFactory())
            try Switchboard.add(plugin: apiPlugin)
            try Switchboard.configure()
            try apiPlugin.add(interceptor: RequestCountingInterceptor(), for: "yourApiName")
            print("Amplify configured with API plugin")
        } catch {
            print("Failed to initialize Amplify with \(error)")
        }
    }

    func createTodo(name: String) async -> Todo? {
        let todo = Todo(name: name, description: "created by the ported app")
        do {
            let result = try await Switchboard.API.mutate(request: .create(todo))
            switch result {
            case .success(let todo):
                print("Successfully created todo: \(todo)")
                return todo
            case .failure(let error):
                print("Got failed result with \(error.errorDescription)")
            }
        } catch let error as APIError {
            print("Failed to create todo: ", error)
        } catch {
            print("Unexpected error: \(error)")
        }
        return nil
    }

    func listTodos() async {
        let request = GraphQLRequest<Todo>.list(Todo.self, where: Todo.keys.name.beginsWith("Buy"), limit: 10)
        do {
            let result = try await Switchboard.API.query(request: request)
            switch result {
            case .success(let todos):
                print("Successfully retrieved list of todos: \(todos)")
                self.todos = todos.elements
                var page: Switchboard.List<Todo> = todos
                while page.hasNextPage() {
                    page = try await page.getNextPage()
                    self.todos.append(contentsOf: page)
                }
            case .failure(let error):
                print("Got failed result with \(error.errorDescription)")
            }
        } catch let error as APIError {
            print("Failed to query list of todos: ", error)
        } catch {
            print("Unexpected error: \(error)")
        }
    }

    func renameTodo(_ todo: Todo, to name: String) async throws -> Todo {
        var todo = todo
        todo.name = name
        return try await Switchboard.API.mutate(request: .update(todo)).get()
    }

    func deleteTodo(_ todo: Todo) async throws {
        _ = try await Switchboard.API.mutate(request: .delete(todo)).get()
    }

    func whoAmI() async throws -> String {
        let request = GraphQLRequest<JSONValue>(
            document: "query WhoAmI { whoAmI }", responseType: JSONValue.self, decodePath: "whoAmI",
            authMode: AWSAuthorizationType.openIDConnect)
        return try await Switchboard.API.query(request: request).get().stringValue ?? ""
    }

    func createSubscription() {
        let subscription = Switchboard.API.subscribe(request: .subscription(of: Todo.self, type: .onCreate))
        self.subscription = subscription
        subscriptionTask = Task {
            do {
                for try await subscriptionEvent in subscription {
                    switch subscriptionEvent {
                    case .connection(let subscriptionConnectionState):
                        print("Subscription connect state is \(subscriptionConnectionState)")
                        events.append("connection \(subscriptionConnectionState)")
                    case .data(let result):
                        switch result {
                        case .success(let createdTodo):
                            print("Successfully got todo from subscription: \(createdTodo)")
                            events.append("created \(createdTodo.name)")
                        case .failure(let error):
                            print("Got failed result with \(error.errorDescription)")
                        }
                    }
                }
                events.append("ended")
            } catch {
                print("Subscription has terminated with \(error)")
                events.append("failed")
            }
        }
    }

    func cancelSubscription() {
        subscription?.cancel()
    }
}
