import BookmarkModel
import Foundation

/// A version as `cloudy history --json` prints it.
package struct ListedVersion: Encodable {
  var id: String
  var parents: [String]
  var saved: Date
  var device: String
  var changes: String
  var note: String?
  var current: Bool
  var bookmark: Bookmark

  package init(_ row: HistoryListing.Row) {
    id = row.version.id
    parents = row.version.parents
    saved = row.version.saved
    device = row.version.device
    changes = row.changes
    note = row.version.note
    current = row.isCurrent
    bookmark = row.version.bookmark
  }
}
