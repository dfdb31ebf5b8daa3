import BookmarkModel
import BookmarkStoreInterface

/// A bookmark's history (`H` on a row, the document store): its saved versions newest
/// first, with device, time and what changed, one of them chosen; Enter makes the chosen
/// version current again (a revert, a new version that syncs and `u` takes back).
public struct HistoryView: Hashable, Sendable {
  /// The bookmark, as the list shows it.
  public var bookmark: Bookmark
  /// The versions as people read them; nil until the store has listed them.
  public var listing: HistoryListing?
  /// Index of the chosen row of ``listing``.
  public var choice = 0
  /// The one sentence explaining why listing or reverting failed.
  public var error: String?
  /// True between Enter and the store's answer.
  public var isReverting = false

  public init(bookmark: Bookmark) {
    self.bookmark = bookmark
  }

  /// The chosen row, once the versions are listed.
  public var chosen: HistoryListing.Row? {
    guard let rows = listing?.rows, rows.indices.contains(choice) else { return nil }
    return rows[choice]
  }

  package mutating func moveChoice(by step: Int) {
    guard let count = listing?.rows.count, count > 0 else { return }
    choice = max(0, min(choice + step, count - 1))
  }
}
