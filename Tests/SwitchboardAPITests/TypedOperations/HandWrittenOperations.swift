// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (`__typename` and `fragment_DroidDetails` are the names generated code uses.)

import SwitchboardAPI

// Operations written by hand in the shape SwitchboardCodegen generates, so that the runtime API
// is tested on its own: typed variables with absent/null/value inputs, an enum that keeps
// unknown values, a type condition and a named fragment with its `_Key` protocol.

enum Episode: RawRepresentable, Codable, Sendable, Hashable {
    case newhope
    case jedi
    case unknown(String)

    init(rawValue: String) {
        switch rawValue {
        case "NEWHOPE": self = .newhope
        case "JEDI": self = .jedi
        default: self = .unknown(rawValue)
        }
    }

    var rawValue: String {
        switch self {
        case .newhope: "NEWHOPE"
        case .jedi: "JEDI"
        case .unknown(let value): value
        }
    }
}

struct ReviewInput: Encodable, Sendable, Equatable {
    var stars: Int
    var commentary: GraphQLNullable<String> = nil
}

protocol DroidDetails_Key {
    var fragment_DroidDetails: FragmentPointer { get }
}

struct DroidDetails: GraphQLFragment {
    let fragmentPointer: FragmentPointer
    let data: Data

    struct Data: Decodable, Sendable, Equatable {
        let __typename: String
        let name: String
        let primaryFunction: String?
    }
}

extension DroidDetails {
    init(key: some DroidDetails_Key) {
        self.init(pointer: key.fragment_DroidDetails)
    }
}

struct HeroQuery: GraphQLQuery {
    static let operationName = "Hero"
    static let document = """
        query Hero($episode: Episode) {
          hero(episode: $episode) {
            __typename
            name
            appearsIn
            ...DroidDetails
          }
        }

        fragment DroidDetails on Droid {
          __typename
          name
          primaryFunction
        }
        """

    var variables: Variables

    init(episode: GraphQLNullable<Episode> = nil) {
        variables = Variables(episode: episode)
    }

    struct Variables: Encodable, Sendable, Equatable {
        var episode: GraphQLNullable<Episode> = nil
    }

    struct Data: Decodable, Sendable, Equatable {
        let hero: Hero?

        struct Hero: Decodable, Sendable, Equatable {
            let __typename: String
            let name: String
            let appearsIn: [Episode?]
            let asDroid: AsDroid?

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                __typename = try container.decode(String.self, forKey: .__typename)
                name = try container.decode(String.self, forKey: .name)
                appearsIn = try container.decode([Episode?].self, forKey: .appearsIn)
                asDroid = try __typename == "Droid" ? AsDroid(from: decoder) : nil
            }

            private enum CodingKeys: String, CodingKey {
                case __typename
                case name
                case appearsIn
            }

            struct AsDroid: Decodable, Sendable, Equatable, DroidDetails_Key {
                let __typename: String
                let name: String
                let primaryFunction: String?
                let fragments: Fragments

                var fragment_DroidDetails: FragmentPointer { fragments.droidDetails.fragmentPointer }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    __typename = try container.decode(String.self, forKey: .__typename)
                    name = try container.decode(String.self, forKey: .name)
                    primaryFunction = try container.decodeIfPresent(String.self, forKey: .primaryFunction)
                    fragments = Fragments(droidDetails: try DroidDetails(from: decoder))
                }

                private enum CodingKeys: String, CodingKey {
                    case __typename
                    case name
                    case primaryFunction
                }

                struct Fragments: Sendable, Equatable {
                    let droidDetails: DroidDetails
                }
            }
        }
    }
}

struct CreateReviewMutation: GraphQLMutation {
    static let operationName = "CreateReview"
    static let document = """
        mutation CreateReview($episode: Episode, $review: ReviewInput!) {
          createReview(episode: $episode, review: $review) {
            __typename
            stars
            commentary
          }
        }
        """

    var variables: Variables

    init(episode: GraphQLNullable<Episode> = nil, review: ReviewInput) {
        variables = Variables(episode: episode, review: review)
    }

    struct Variables: Encodable, Sendable, Equatable {
        var episode: GraphQLNullable<Episode> = nil
        var review: ReviewInput
    }

    struct Data: Decodable, Sendable, Equatable {
        let createReview: CreateReview?

        struct CreateReview: Decodable, Sendable, Equatable {
            let __typename: String
            let stars: Int
            let commentary: String?
        }
    }
}

struct HeroNameQuery: GraphQLQuery {
    static let operationName = "HeroName"
    static let document = """
        query HeroName {
          hero {
            __typename
            name
          }
        }
        """

    struct Data: Decodable, Sendable, Equatable {
        let hero: Hero?

        struct Hero: Decodable, Sendable, Equatable {
            let __typename: String
            let name: String
        }
    }
}

struct ReviewAddedSubscription: GraphQLSubscription {
    static let operationName = "ReviewAdded"
    static let document = """
        subscription ReviewAdded {
          reviewAdded {
            __typename
            stars
          }
        }
        """

    struct Data: Decodable, Sendable, Equatable {
        let reviewAdded: ReviewAdded?

        struct ReviewAdded: Decodable, Sendable, Equatable {
            let __typename: String
            let stars: Int
        }
    }
}
