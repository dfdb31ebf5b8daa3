import BookmarkModel
import BookmarkStoreInterface

/// Work on this device alone: a file read, the filter's index built, settings remembered.
public enum DeviceEffect: Hashable, Sendable {
  /// Reads a file to import, against the bookmarks listed now (the app's ``ImportReading``).
  case readImport(path: String, existing: [Bookmark])
  /// Build the `/` filter's index of this list off the UI thread; the answer is
  /// ``Action/searchPrepared(_:)``.
  case prepareSearch([Bookmark], generation: Int)
  /// Remember the list's order on this device.
  case rememberSortOrder(ListOrder)
  /// Remember where the list is, for the account's other devices (coalesced by the runtime's
  /// ``PlaceFollowing``).
  case rememberPlace(ReadingPlace)
}
