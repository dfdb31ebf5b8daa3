import BookmarkModel
import BookmarkStoreInterface
import BookmarksState

/// A folder change sent to the store and not answered yet: what the folder held then (for
/// the sentence afterwards), and whether a snapshot of the store has shown the change (the
/// answer then must not make it a second time).
struct FolderChangeInFlight: Sendable {
  let change: FolderChange
  let held: FolderRow?
  /// A bookmark the change moves, with the folder it will be in: the store shows the change
  /// when it shows the bookmark there.
  let probe: (id: Bookmark.ID, folder: [String])?
  var shownByStore = false

  init(_ change: FolderChange, held: FolderRow?, bookmarks: [Bookmark]) {
    self.change = change
    self.held = held
    if case .create = change {
      probe = nil
    } else {
      probe = bookmarks.first { $0.folder.starts(with: change.path) }.map { ($0.id, change.rewrite($0.folder)) }
    }
  }

  /// Notes whether a snapshot shows the change (one with only a new status, or from before
  /// the change, doesn't).
  mutating func note(_ snapshot: StoreSnapshot) {
    guard !shownByStore, case .success(let bookmarks) = snapshot.bookmarks else { return }
    if let probe {
      shownByStore = bookmarks.contains { $0.id == probe.id && $0.folder == probe.folder }
      return
    }
    // An empty folder: whether the store lists it (made) or not (renamed, moved, deleted).
    let listed = snapshot.folders.contains(change.path)
    if case .create = change { shownByStore = listed } else { shownByStore = !listed }
  }
}
