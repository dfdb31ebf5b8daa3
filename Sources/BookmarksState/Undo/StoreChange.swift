import BookmarkModel

/// A change the runtime asks the store for: a `J`/`K`, or the undo or redo of a step
/// (``UndoStep``).
public enum StoreChange: Hashable, Sendable {
  /// Puts a bookmark back as it was: same id, dates, folder, tags and notes (an import of one).
  case restore(Bookmark)
  /// Deletes a bookmark.
  case remove(Bookmark)
  /// Sets a bookmark's name, URL, folder, tags and notes to these.
  case replace(Bookmark.ID, BookmarkDraft)
  /// Puts the first bookmark after (or before) the second in your own order, by exchanging
  /// their places.
  case reorder(Bookmark.ID, after: Bool, Bookmark.ID)
  /// Imports these bookmarks as they are (ids, dates, folders), and these empty folders, in
  /// one write: an import, or its redo.
  case importAll([Bookmark], folders: [[String]] = [])
  /// Takes these bookmarks out, in one write, without keeping them in Recently Deleted (the
  /// undo of an import: they are exactly as it brought them); then the folders the import
  /// made, those still empty.
  case removeAll([Bookmark], folders: [[String]])

  /// The draft that gives a bookmark every field of `bookmark` back.
  public static func replacing(with bookmark: Bookmark) -> StoreChange {
    .replace(
      bookmark.id,
      BookmarkDraft(
        name: bookmark.name, url: bookmark.url, folder: bookmark.folder, tags: bookmark.tags, notes: bookmark.notes))
  }
}
