import BookmarkModel
import Shelf

/// Work for the team shelf; ``ShelfEffects`` runs it.
public enum ShelfEffect: Hashable, Sendable {
  /// Fetch a page of the team shelf; the answer is ``Action/shelfLoaded(_:_:)``.
  case loadShelf(ShelfRequest)
  /// Add a bookmark to the team shelf (`p` publishes one of mine; `+` on the shelf); the
  /// answer is ``Action/shelfSaved(_:)``.
  case addToShelf(name: String, url: String, published: Bool)
  /// Change a shelf bookmark from the version shown; the answer is ``Action/shelfSaved(_:)``.
  case editOnShelf(ShelfBookmark, name: String, url: String)
  /// Remove a bookmark from the team shelf; the answer is ``Action/shelfRemoved(_:_:)``.
  case removeFromShelf(ShelfBookmark)
}
