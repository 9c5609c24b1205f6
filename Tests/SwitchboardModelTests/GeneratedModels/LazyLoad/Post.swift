// swiftlint:disable all
import Switchboard
import Foundation

public struct Post: Model {
  public let id: String
  public var title: String
  public var status: PostStatus
  public var rating: Int?
  public var tags: [String?]?
  public var location: Location?
  public var publishedOn: Temporal.Date?
  public var publishedAt: Temporal.DateTime?
  public var reminderTime: Temporal.Time?
  public var viewedAt: Int?
  internal var _blog: LazyReference<Blog>
  public var blog: Blog?   {
      get async throws { 
        try await _blog.get()
      } 
    }
  public var comments: List<Comment>?
  public var createdAt: Temporal.DateTime?
  public var updatedAt: Temporal.DateTime?
  
  public init(id: String = UUID().uuidString,
      title: String,
      status: PostStatus,
      rating: Int? = nil,
      tags: [String?]? = nil,
      location: Location? = nil,
      publishedOn: Temporal.Date? = nil,
      publishedAt: Temporal.DateTime? = nil,
      reminderTime: Temporal.Time? = nil,
      viewedAt: Int? = nil,
      blog: Blog? = nil,
      comments: List<Comment>? = []) {
    self.init(id: id,
      title: title,
      status: status,
      rating: rating,
      tags: tags,
      location: location,
      publishedOn: publishedOn,
      publishedAt: publishedAt,
      reminderTime: reminderTime,
      viewedAt: viewedAt,
      blog: blog,
      comments: comments,
      createdAt: nil,
      updatedAt: nil)
  }
  internal init(id: String = UUID().uuidString,
      title: String,
      status: PostStatus,
      rating: Int? = nil,
      tags: [String?]? = nil,
      location: Location? = nil,
      publishedOn: Temporal.Date? = nil,
      publishedAt: Temporal.DateTime? = nil,
      reminderTime: Temporal.Time? = nil,
      viewedAt: Int? = nil,
      blog: Blog? = nil,
      comments: List<Comment>? = [],
      createdAt: Temporal.DateTime? = nil,
      updatedAt: Temporal.DateTime? = nil) {
      self.id = id
      self.title = title
      self.status = status
      self.rating = rating
      self.tags = tags
      self.location = location
      self.publishedOn = publishedOn
      self.publishedAt = publishedAt
      self.reminderTime = reminderTime
      self.viewedAt = viewedAt
      self._blog = LazyReference(blog)
      self.comments = comments
      self.createdAt = createdAt
      self.updatedAt = updatedAt
  }
  public mutating func setBlog(_ blog: Blog? = nil) {
    self._blog = LazyReference(blog)
  }
  public init(from decoder: Decoder) throws {
      let values = try decoder.container(keyedBy: CodingKeys.self)
      id = try values.decode(String.self, forKey: .id)
      title = try values.decode(String.self, forKey: .title)
      status = try values.decode(PostStatus.self, forKey: .status)
      rating = try? values.decode(Int?.self, forKey: .rating)
      tags = try values.decodeIfPresent([String?].self, forKey: .tags)
      location = try? values.decode(Location?.self, forKey: .location)
      publishedOn = try? values.decode(Temporal.Date?.self, forKey: .publishedOn)
      publishedAt = try? values.decode(Temporal.DateTime?.self, forKey: .publishedAt)
      reminderTime = try? values.decode(Temporal.Time?.self, forKey: .reminderTime)
      viewedAt = try? values.decode(Int?.self, forKey: .viewedAt)
      _blog = try values.decodeIfPresent(LazyReference<Blog>.self, forKey: .blog) ?? LazyReference(identifiers: nil)
      comments = try values.decodeIfPresent(List<Comment>?.self, forKey: .comments) ?? .init()
      createdAt = try? values.decode(Temporal.DateTime?.self, forKey: .createdAt)
      updatedAt = try? values.decode(Temporal.DateTime?.self, forKey: .updatedAt)
  }
  public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(title, forKey: .title)
      try container.encode(status, forKey: .status)
      try container.encode(rating, forKey: .rating)
      try container.encode(tags, forKey: .tags)
      try container.encode(location, forKey: .location)
      try container.encode(publishedOn, forKey: .publishedOn)
      try container.encode(publishedAt, forKey: .publishedAt)
      try container.encode(reminderTime, forKey: .reminderTime)
      try container.encode(viewedAt, forKey: .viewedAt)
      try container.encode(_blog, forKey: .blog)
      try container.encode(comments, forKey: .comments)
      try container.encode(createdAt, forKey: .createdAt)
      try container.encode(updatedAt, forKey: .updatedAt)
  }
}
