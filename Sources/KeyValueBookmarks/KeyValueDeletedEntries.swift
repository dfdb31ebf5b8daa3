import BookmarkModel
import PropertyLists
import Synchronization

/// The key-value store's Recently Deleted entries, each decoded once, and the list sorted
/// newest first made again only when one changed: every snapshot asks for it, and after an
/// afternoon of deleting it holds hundreds.
final class KeyValueDeletedEntries: Sendable {
  typealias Found = (deleted: DeletedBookmark, entry: [String: PropertyList])

  private struct Known {
    var entries: [String: (value: PropertyList, found: Found?)] = [:]
    var sorted: [Found] = []
  }

  private let known = Mutex(Known())

  /// Recently Deleted in `values`, newest first; entries that can't be read (or are filed
  /// under another id's key) are left out.
  func deleted(in values: [String: PropertyList]) -> [Found] {
    known.withLock { known in
      var changed = false
      var now: [String: (value: PropertyList, found: Found?)] = [:]
      for (key, value) in values where key.hasPrefix(KeyValueBookmarkLayout.deletedPrefix) {
        if let earlier = known.entries[key], earlier.value == value {
          now[key] = earlier
          continue
        }
        changed = true
        now[key] = (value, Self.read(key, value))
      }
      if !changed, now.count == known.entries.count { return known.sorted }
      known.entries = now
      known.sorted = now.values.compactMap(\.found).sorted { DeletedBookmark.newestFirst($0.deleted, $1.deleted) }
      return known.sorted
    }
  }

  private static func read(_ key: String, _ value: PropertyList) -> Found? {
    guard let deleted = DeletedBookmark(propertyList: value),
      key == KeyValueBookmarkLayout.key(forDeleted: deleted.id), let entry = value.dictionary
    else { return nil }
    return (deleted, entry)
  }
}
