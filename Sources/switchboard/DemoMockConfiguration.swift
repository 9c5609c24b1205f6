/// The mock API behind `switchboard demo`: a small Todo/Post/Comment backend, bundled with the CLI
/// so the demo runs from a fresh clone with nothing else installed.
enum DemoMockConfiguration {
    static let yaml = """
        graphQL:
          - operations: getTodo
            response:
              body:
                json:
                  data:
                    getTodo: {id: "{{variables.id}}", name: Write the demo, priority: 2, done: false}
          - operations: createTodo
            response:
              body:
                json:
                  data:
                    createTodo:
                      id: todo-42
                      name: "{{variables.input.name}}"
                      priority: "{{variables.input.priority}}"
                      done: false
          - operations: [listPosts, listComments]
            response:
              body:
                json:
                  data:
                    listPosts:
                      items:
                        - {id: post-1, title: Hello Switchboard}
                        - {id: post-2, title: Moving off Amplify}
                    listComments:
                      items:
                        - {id: comment-1, postID: post-1, content: First!}
          - operations: ListPosts
            response:
              body:
                json:
                  data:
                    listPosts:
                      items:
                        - {id: post-1, title: Hello Switchboard, __typename: Post}
                        - {id: post-2, title: Moving off Amplify, __typename: Post}
                      nextToken: null
                      __typename: ModelPostConnection
          - operations: ListComments
            response:
              body:
                json:
                  data:
                    listComments:
                      items:
                        - id: comment-1
                          content: "First comment on {{variables.filter.postId.eq}}"
                          post: {id: "{{variables.filter.postId.eq}}", __typename: Post}
                          __typename: Comment
                      nextToken: null
                      __typename: ModelCommentConnection
          - operations: me
            headers: {x-demo-client: switchboard-demo}
            response:
              body:
                json: {data: {me: {id: user-1, client: "{{headers.x-demo-client}}"}}}
        subscription:
          - operations: onCreateTodo
            emitsOn: createTodo
            events:
              - data:
                  onCreateTodo: {id: todo-0, name: Scripted by the mock, priority: 3, done: false}
        """
}
