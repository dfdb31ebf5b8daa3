import Foundation
import PropertyLists

/// The property-list form of a deleted bookmark, shared by user defaults and the key-value
/// store: the bookmark's dictionary (``Bookmark/propertyListEntries``, with any keys the
/// stored entry had) plus `deleted` (a date) and `deletedOn` (the device's name).
extension DeletedBookmark {
  static let deletedKey = "deleted"
  static let deviceKey = "deletedOn"

  /// Reads a deleted bookmark; nil when the bookmark can't be read or the date is missing.
  public init?(propertyList: PropertyList) {
    guard let bookmark = Bookmark(propertyList: propertyList),
      let deleted = propertyList.dictionary?[Self.deletedKey]?.date
    else { return nil }
    self.init(
      bookmark: bookmark, deleted: deleted, device: propertyList.dictionary?[Self.deviceKey]?.string ?? "")
  }

  /// The entry: `stored` (the bookmark's entry as stored, to keep its other keys, such as
  /// its place in the list) with this bookmark's keys and the deletion's over it.
  public func propertyList(keeping stored: [String: PropertyList] = [:]) -> PropertyList {
    .dictionary(Self.marking(bookmark.merged(into: stored), deleted: deleted, device: device))
  }

  /// A stored entry (readable or not) marked as deleted at `deleted` on `device`.
  public static func marking(_ entry: [String: PropertyList], deleted: Date, device: String)
    -> [String: PropertyList]
  {
    var marked = entry
    marked[deletedKey] = .date(deleted)
    marked[deviceKey] = .string(device)
    return marked
  }

  /// A deleted entry as it was stored before it was marked.
  public static func unmarking(_ entry: [String: PropertyList]) -> [String: PropertyList] {
    var unmarked = entry
    unmarked[deletedKey] = nil
    unmarked[deviceKey] = nil
    return unmarked
  }

  /// When a deleted entry was deleted; nil when it doesn't say.
  public static func deletionDate(of entry: PropertyList) -> Date? {
    entry.dictionary?[deletedKey]?.date
  }
}
