import Foundation

/// One saved version of a bookmark in its history (the document store's `NSFileVersion`):
/// the bookmark as it was saved, by which device and when, and the version(s) it was made
/// from. A version made from one other is an edit (or a revert); one made from two or more
/// is a resolved conflict; one made from none is where the history begins.
public struct HistoryVersion: Hashable, Sendable, Identifiable {
  public var id: String
  /// The versions this one was made from (ids; one may be gone from a bounded history).
  public var parents: [String]
  public var device: String
  /// When it was saved, by that device's clock, in whole seconds.
  public var saved: Date
  public var bookmark: Bookmark
  /// What made it, when more than an edit: "reverted to 1A2B3C4D", "conflict resolved".
  public var note: String?

  public init(
    id: String, parents: [String], device: String, saved: Date, bookmark: Bookmark, note: String? = nil
  ) {
    self.id = id
    self.parents = parents
    self.device = device
    self.saved = saved
    self.bookmark = bookmark
    self.note = note
  }

  /// The first eight characters of the id, lowercased: what `cloudy history` shows and
  /// `revert` takes (which finds a version by its start in either case; ids made on
  /// different systems differ in case).
  public var shortID: String { String(id.prefix(8)).lowercased() }

  /// The fields that differ from `earlier`, as people name them ("name", "URL", "folder",
  /// "tags", "notes"); "created" for a version with nothing before it.
  public func changedFields(from earlier: Bookmark?) -> [String] {
    guard let earlier else { return ["created"] }
    var fields: [String] = []
    if bookmark.name != earlier.name { fields.append("name") }
    if bookmark.url != earlier.url { fields.append("URL") }
    if bookmark.folder != earlier.folder || bookmark.folderID != earlier.folderID { fields.append("folder") }
    if bookmark.tags != earlier.tags { fields.append("tags") }
    if bookmark.notes != earlier.notes { fields.append("notes") }
    return fields
  }
}
