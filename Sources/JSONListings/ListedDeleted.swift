import BookmarkModel
import Foundation

/// A deleted bookmark as `cloudy trash list --json` prints it.
package struct ListedDeleted: Encodable {
  var id: String
  var name: String
  var url: String
  var folder: [String]
  var tags: [String]
  var notes: String
  var deleted: Date
  var device: String

  package init(_ item: DeletedBookmark) {
    id = item.id
    name = item.bookmark.name
    url = item.bookmark.url
    folder = item.bookmark.folder
    tags = item.bookmark.tags
    notes = item.bookmark.notes
    deleted = item.deleted
    device = item.device
  }
}
