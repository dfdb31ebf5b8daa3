import BookmarkModel
import Foundation

/// One link as `check --json` prints it.
package struct CheckedLink: Encodable {
  var bookmark: Bookmark
  var status: LinkStatus
  var checked: Date

  package init(bookmark: Bookmark, status: LinkStatus, checked: Date) {
    self.bookmark = bookmark
    self.status = status
    self.checked = checked
  }

  private enum Key: String, CodingKey { case id, name, url, status, code, movedTo, detail, checked, reason }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(bookmark.id, forKey: .id)
    try container.encode(bookmark.name, forKey: .name)
    try container.encode(bookmark.url, forKey: .url)
    try container.encode(status.label, forKey: .status)
    try container.encode(status.detail, forKey: .detail)
    try container.encode(checked, forKey: .checked)
    switch status {
    case .moved(let url): try container.encode(url, forKey: .movedTo)
    case .gone(let code), .clientError(let code), .serverError(let code): try container.encode(code, forKey: .code)
    default: break
    }
  }
}
