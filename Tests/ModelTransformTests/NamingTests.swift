import Testing

@testable import ModelTransform

/// Generated names: Amplify's plurals (npm `pluralize`), case helpers and subscription shortening.
@Suite struct NamingTests {
    @Test(arguments: [
        ("Post", "Posts"), ("Company", "Companies"), ("Person", "People"), ("Child", "Children"),
        ("Box", "Boxes"), ("Leaf", "Leaves"), ("Status", "Statuses"), ("Index", "Indices"),
        ("PostWithCompositeKeyAndIndex", "PostWithCompositeKeyAndIndices"), ("Project1V2", "Project1V2s"),
        ("TodoCognitoExplicitOperations", "TodoCognitoExplicitOperations"), ("Equipment", "Equipment"),
        ("Sheep", "Sheep"), ("Analysis", "Analyses"), ("Datum", "Data"), ("Quiz", "Quizzes"), ("Key", "Keys"),
        ("Category", "Categories"), ("Hero", "Heroes"), ("Wife", "Wives"), ("People", "People"),
        // The appended `s` copies the case of the letter before it, as pluralize does.
        ("CustomerWithMultipleFieldsinPK", "CustomerWithMultipleFieldsinPKS"), ("API", "APIS"),
    ])
    func pluralsFollowAmplifysPluralize(singular: String, plural: String) {
        #expect(Pluralizer().plural(singular) == plural)
    }

    @Test func everyRuleCompiles() {
        for rule in Pluralizer.rules {
            #expect(rule.regex != nil, "\(rule.pattern)")
        }
    }

    @Test func operationNamesUseThePlural() {
        let pluralizer = Pluralizer()
        #expect(GeneratedNames.list(plural: pluralizer.plural("Company")) == "listCompanies")
        #expect(GeneratedNames.list(plural: pluralizer.plural("Person")) == "listPeople")
        #expect(
            GeneratedNames.indexQueryField(
                plural: pluralizer.plural("Post"), partitionKey: "category", sortKeyFields: ["createdAt"])
                == "postsByCategoryAndCreatedAt")
        #expect(GeneratedNames.foreignKey(model: "Blog", field: "posts", keyField: "id") == "blogPostsId")
        #expect(GeneratedNames.createInput("post") == "CreatePostInput")
    }

    @Test func md5MatchesTheRFCVectors() {
        #expect(MD5.hexDigest("") == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hexDigest("abc") == "900150983cd24fb0d6963f7d28e17f72")
        #expect(
            MD5.hexDigest("12345678901234567890123456789012345678901234567890123456789012345678901234567890")
                == "57edf4a22be3c955ac49da2e2107b67a")
    }

    @Test func subscriptionNamesLongerThanFiftyCharactersAreShortened() throws {
        let name = "ThisModelHasAVeryLongNameThatKeepsGoingOnAndOn"
        let shortened = GeneratedNames.onCreate(name)
        #expect(shortened.count == 50)
        #expect(shortened.hasPrefix(String("onCreate\(name)".prefix(45))))
        #expect(shortened.hasSuffix(String(MD5.hexDigest("onCreate\(name)").prefix(5))))
        #expect(GeneratedNames.onCreate("Post") == "onCreatePost")
    }
}
