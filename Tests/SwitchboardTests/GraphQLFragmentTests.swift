import Foundation
import Testing

@testable import Switchboard

/// Fragment pointers and `decodeIfIncluded`, on JSON decoded in memory.
@Suite struct GraphQLFragmentTests {
    struct NameFragment: GraphQLFragment {
        let fragmentPointer: FragmentPointer
        let data: Data

        struct Data: Decodable, Sendable, Equatable {
            let name: String
            let friend: Friend?

            struct Friend: Decodable, Sendable, Equatable {
                let id: String
            }
        }
    }

    struct Holder: Decodable {
        let hero: NameFragment?

        enum CodingKeys: CodingKey { case hero }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            hero = try NameFragment.decodeIfIncluded(from: try container.superDecoder(forKey: .hero))
        }
    }

    @Test func decodeIfIncludedIsNilWhenAFieldOfTheObjectIsMissing() throws {
        let holder = try JSONDecoder().decode(Holder.self, from: Data(#"{"hero":{"__typename":"Droid"}}"#.utf8))
        #expect(holder.hero == nil)
    }

    @Test func decodeIfIncludedDecodesAnIncludedFragment() throws {
        let json = #"{"hero":{"__typename":"Droid","name":"R2-D2","friend":{"id":"1"}}}"#
        let holder = try JSONDecoder().decode(Holder.self, from: Data(json.utf8))
        #expect(holder.hero?.name == "R2-D2")
        #expect(holder.hero?.friend?.id == "1")
        #expect(holder.hero?.fragmentPointer.typename == "Droid")
    }

    @Test func decodeIfIncludedStillFailsOnAMissingNestedField() {
        let json = #"{"hero":{"__typename":"Droid","name":"R2-D2","friend":{}}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Holder.self, from: Data(json.utf8)) }
    }

    @Test func pointerOnARootTypeHasNoTypename() throws {
        let fragment = try JSONDecoder().decode(NameFragment.self, from: Data(#"{"name":"R2-D2"}"#.utf8))
        #expect(fragment.fragmentPointer.typename == nil)
        #expect(fragment.name == "R2-D2")
    }

    @Test func fragmentDecodesAgainFromAPointerMadeForAnotherFragment() throws {
        struct Other: GraphQLFragment {
            let fragmentPointer: FragmentPointer
            let data: Data

            struct Data: Decodable, Sendable, Equatable {
                // swift-format-ignore: AlwaysUseLowerCamelCase
                let __typename: String
            }
        }
        let other = try JSONDecoder().decode(Other.self, from: Data(#"{"__typename":"Droid","name":"C-3PO"}"#.utf8))
        let fragment = NameFragment(pointer: other.fragmentPointer)
        #expect(fragment.name == "C-3PO")
        #expect(fragment.fragmentPointer == other.fragmentPointer)
    }
}
