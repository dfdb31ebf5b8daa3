import BookmarkModel

/// How a conflict is settled: which bookmark stays under the id, and whether the other
/// versions go or live on as bookmarks of their own.
public enum ConflictResolution: Hashable, Sendable {
  /// This version stays; the others are removed on every device.
  case keep(versionID: String)
  /// This version stays; every other version becomes a bookmark of its own (its id:
  /// ``copyID(of:version:)``), so nothing anybody typed goes.
  case keepAll(versionID: String)
  /// This bookmark, made of fields from the versions, replaces them all as a new version.
  case merge(Bookmark)

  /// The id a version kept as a bookmark of its own gets: made from the bookmark's and the
  /// version's ids, so two devices (or a second try after a failure) make the same bookmark
  /// once, not twice.
  public static func copyID(of id: Bookmark.ID, version versionID: String) -> Bookmark.ID {
    DerivedID.make(from: "copy of \(id)\nversion \(versionID)")
  }
}
