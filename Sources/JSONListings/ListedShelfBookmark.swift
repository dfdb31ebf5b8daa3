import Foundation
import Shelf

/// A shelf bookmark as `--shelf list --json` prints it.
package struct ListedShelfBookmark: Encodable {
  var id: String
  var name: String
  var url: String
  var addedBy: String
  var added: Date
  var changedBy: String
  var changed: Date

  package init(_ bookmark: ShelfBookmark) {
    id = bookmark.id
    name = bookmark.name
    url = bookmark.url
    addedBy = bookmark.createdBy
    added = bookmark.createdAt
    changedBy = bookmark.modifiedBy
    changed = bookmark.modifiedAt
  }
}
