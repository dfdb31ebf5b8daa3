import Foundation
import RandomIDs

/// The clock and the identifier source a store uses, injected so tests are exact.
public struct BookmarkEnvironment: Sendable {
  public var now: @Sendable () -> Date
  public var newID: @Sendable () -> Bookmark.ID

  public init(now: @escaping @Sendable () -> Date, newID: @escaping @Sendable () -> Bookmark.ID) {
    self.now = now
    self.newID = newID
  }

  /// The real clock and random UUIDs (lower-case).
  public static let live = BookmarkEnvironment(now: { Date() }, newID: { RandomID.uuid() })
}
