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

  /// Recently Deleted as shown: without a copy whose bookmark is listed again and was changed
  /// after the deletion (an edit on another device beat this one's delete). That copy stays
  /// stored until it expires; it is no longer what was deleted. A bookmark listed again
  /// unchanged since (imported again from an older file) leaves the copy shown: two pasts,
  /// both kept.
  public static func notChangedSince(_ deleted: [DeletedBookmark], listed: [Bookmark]) -> [DeletedBookmark] {
    guard !deleted.isEmpty, !listed.isEmpty else { return deleted }
    var modified: [Bookmark.ID: Date] = [:]
    for bookmark in listed { modified[bookmark.id] = bookmark.modified }
    return deleted.filter { copy in modified[copy.id].map { $0 <= copy.deleted } ?? true }
  }
}
