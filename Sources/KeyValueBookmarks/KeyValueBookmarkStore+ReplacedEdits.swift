import BookmarkModel
import BookmarkStoreInterface
import PropertyLists
import Synchronization

extension KeyValueBookmarkStore {
  /// An entry written as an edit of this device: a new `edit`, and `base` the one it replaces.
  static func savedAgain(_ entry: [String: PropertyList]) -> [String: PropertyList] {
    var entry = entry
    entry[baseKey] = entry[editKey]
    entry[editKey] = .string(editToken())
    return entry
  }

  /// The entry keys naming an edit (`edit`) and the edit it was made on (`base`).
  static let editKey = "edit"

  static let baseKey = "base"

  /// Eight hex digits: enough to tell one bookmark's edits apart, cheap in the quota.
  static func editToken() -> String {
    let hex = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }

  /// For each changed bookmark this session edited: an incoming value that is neither this
  /// edit (carried along by a reorder or a move that saw it) nor made on it replaced it
  /// unseen. A delete is not counted: it goes to Recently Deleted.
  func noticeReplacedEdits(_ keys: [String]) {
    let values = keys.compactMap { key -> (Bookmark.ID, PropertyList?)? in
      KeyValueBookmarkLayout.id(forKey: key).map { ($0, keyValueStore.object(forKey: key)) }
    }
    guard !values.isEmpty else { return }
    state.withLock { state in
      for (id, value) in values {
        guard let own = state.ownEdits[id] else { continue }
        guard let value, let entry = value.dictionary, let theirs = Bookmark(propertyList: value) else {
          state.ownEdits[id] = nil
          continue
        }
        if entry[Self.editKey]?.string == own.token { continue }
        state.ownEdits[id] = nil
        if entry[Self.baseKey]?.string == own.token { continue }
        state.replacedEdits.append(ReplacedEdit(id: own.token, mine: own.bookmark, theirs: theirs))
      }
    }
  }
}
