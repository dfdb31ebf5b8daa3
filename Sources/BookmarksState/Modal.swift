import BookmarkModel
import BookmarkStoreInterface
import Shelf

/// What sits on top of the list and takes the keys.
public enum Modal: Hashable, Sendable {
  /// The Add/Edit dialog.
  case dialog(BookmarkDialog)
  /// Waiting for `y` to delete a bookmark.
  case confirmDelete(Bookmark)
  /// The help overlay, scrolled down by some lines when it is taller than the window.
  case help(scroll: Int)
  /// Choosing which version of a conflicted bookmark to keep.
  case resolve(ResolveDialog)
  /// Choosing the folder to move a bookmark or folder to.
  case move(FolderPicker)
  /// Naming a new folder, or a folder anew.
  case folderName(FolderNamePrompt)
  /// Waiting for `y` to delete a folder (what it holds goes to its parent).
  case confirmDeleteFolder(FolderRow)
  /// Waiting for `y` to undo (or redo) a change whose bookmark another device changed since.
  case confirmUndo(UndoStep, redo: Bool)
  /// Recently Deleted (`D`).
  case recentlyDeleted(RecentlyDeletedView)
  /// A bookmark's history (`H`).
  case history(HistoryView)
  /// The file to import (`I`).
  case importPrompt(ImportPrompt)
  /// Deletes from another device held back because they take too many at once: `y` applies
  /// them here, `k` keeps the bookmarks everywhere, any other key decides later.
  case confirmHeldDeletes(HeldDeletes)
  /// Adding a bookmark to the team shelf, or editing one of it.
  case shelfPrompt(ShelfPrompt)
  /// Waiting for `y` to remove a bookmark from the team shelf.
  case confirmShelfRemove(ShelfBookmark)
}
