import SwitchboardAPI

// Documents written in Swift: the build plugin generates `StarWarsAPI.CreateReviewMutation`,
// `StarWarsAPI.ReviewAddedSubscription` and `StarWarsAPI.FriendName` from these literals.

let reviewDocuments = graphql(
    """
    mutation CreateReview($episode: Episode!, $review: ReviewInput!) {
      createReview(episode: $episode, review: $review) {
        stars
        commentary
        createdAt
      }
    }

    subscription ReviewAdded($episode: Episode) {
      reviewAdded(episode: $episode) {
        episode
        stars
      }
    }
    """)

let friendFragment = graphql(#"fragment FriendName on Character { name }"#)

/// A function that needs only `FriendName`, whatever query its value came from.
func friendLine(_ friend: some StarWarsAPI.FriendName_Key) -> String {
    "friend: " + StarWarsAPI.FriendName(key: friend).name
}
