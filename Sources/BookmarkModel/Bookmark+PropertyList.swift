import Foundation
import PropertyLists

/// The one property-list form of a bookmark, shared by every store that keeps property
/// lists (user defaults, the key-value store): a dictionary with `id`, `name`, `url`,
/// `created` and `modified`, plus `folder` (array of strings), `notes`, `tags` (array of
/// strings) and `folderID` (the folder record's id) only when they are not empty, so entries without them read and write unchanged.
extension Bookmark {
  /// Reads a bookmark from its dictionary; `nil` when the id or URL is missing, the URL
  /// breaks the one URL rule (``BookmarkURL/storageProblem(_:)``), or a field is over the
  /// model's limits (``BookmarkOrganisation/problem(_:)``): such an entry is left as it is
  /// and counted as unreadable, never shown, opened or copied.
  /// A missing name reads as empty, missing dates as the epoch.
  public init?(propertyList: PropertyList) {
    guard let dictionary = propertyList.dictionary,
      let id = dictionary["id"]?.string, !id.isEmpty,
      let url = dictionary["url"]?.string, BookmarkURL.storageProblem(url) == nil
    else { return nil }
    let created = dictionary["created"]?.date ?? Date(timeIntervalSince1970: 0)
    self.init(
      id: id, name: dictionary["name"]?.string ?? "", url: url, created: created,
      modified: dictionary["modified"]?.date ?? created,
      folder: dictionary["folder"]?.array?.compactMap(\.string) ?? [],
      notes: dictionary["notes"]?.string ?? "",
      tags: dictionary["tags"]?.array?.compactMap(\.string) ?? [],
      folderID: dictionary["folderID"]?.string)
    // The limits every entry point applies hold for an entry from the cloud or a file too.
    guard BookmarkOrganisation.problem(self) == nil else { return nil }
  }

  /// The bookmark's dictionary. Merge it over a stored entry to keep keys another
  /// version of Cloudy added.
  public var propertyListEntries: [String: PropertyList] {
    var entries: [String: PropertyList] = [
      "id": .string(id), "name": .string(name), "url": .string(url),
      "created": .date(created), "modified": .date(modified),
    ]
    if !folder.isEmpty { entries["folder"] = .array(folder.map(PropertyList.string)) }
    if !notes.isEmpty { entries["notes"] = .string(notes) }
    if !tags.isEmpty { entries["tags"] = .array(tags.map(PropertyList.string)) }
    if let folderID { entries["folderID"] = .string(folderID) }
    return entries
  }

  /// A stored entry with this bookmark's keys over it: keys another version of Cloudy added
  /// are kept, and an emptied folder path, notes or tags are removed.
  public func merged(into stored: [String: PropertyList]) -> [String: PropertyList] {
    var entry = stored.merging(propertyListEntries) { _, new in new }
    if folder.isEmpty { entry["folder"] = nil }
    if notes.isEmpty { entry["notes"] = nil }
    if tags.isEmpty { entry["tags"] = nil }
    if folderID == nil { entry["folderID"] = nil }
    return entry
  }
}
