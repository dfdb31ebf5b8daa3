import Foundation

/// A bookmark in Recently Deleted: the bookmark as it was when deleted (its folder is the
/// path it was shown at then), when, and on which device.
public struct DeletedBookmark: Identifiable, Hashable, Sendable {
  public var bookmark: Bookmark
  public var deleted: Date
  /// The device's name as the resolve dialog shows it (`laptop · home`).
  public var device: String

  public var id: Bookmark.ID { bookmark.id }

  public init(bookmark: Bookmark, deleted: Date, device: String) {
    self.bookmark = bookmark
    self.deleted = deleted
    self.device = device
  }

  /// Newest deletion first; one second's deletions by name, then id, the same on every device.
  public static func newestFirst(_ a: DeletedBookmark, _ b: DeletedBookmark) -> Bool {
    if a.deleted != b.deleted { return a.deleted > b.deleted }
    if a.bookmark.name != b.bookmark.name { return a.bookmark.name < b.bookmark.name }
    return a.id < b.id
  }

  /// Recently Deleted as shown: without a copy whose bookmark is listed again (an edit on
  /// another device beat this one's delete, whenever it was made; or an import brought the
  /// id back). It can't be put back over the listed one, so it is not shown as deleted; it
  /// stays stored until it expires, and shows again if the listed one is deleted.
  public static func notListed(_ deleted: [DeletedBookmark], listed: [Bookmark]) -> [DeletedBookmark] {
    guard !deleted.isEmpty, !listed.isEmpty else { return deleted }
    let ids = Set(listed.map(\.id))
    return deleted.filter { !ids.contains($0.id) }
  }
}
