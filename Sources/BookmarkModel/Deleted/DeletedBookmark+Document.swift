import Foundation
import PropertyLists

/// The document form of a deleted bookmark (the document store's `<id>.deleted`): the
/// bookmark's document (``BookmarkDocument``) with two more lines, `deleted:` (the time)
/// and `deleted-on:` (the device's name). Its `order:` line keeps the bookmark's place, so a
/// restored bookmark goes back where it was.
extension DeletedBookmark {
  public func document(order: Int?) -> Data {
    var text = String(decoding: BookmarkDocument.data(for: bookmark, order: order), as: UTF8.self)
    text += "deleted: " + ISO8601.format(deleted) + "\n"
    text += "deleted-on: "
    BookmarkDocument.escape(device, into: &text)
    text += "\n"
    return Data(text.utf8)
  }

  /// Reads a deleted bookmark's document and the place it had; nil when it is not one (not
  /// a bookmark document, or no `deleted:` line).
  public static func read(document data: Data) -> (deleted: DeletedBookmark, order: Int)? {
    guard let (bookmark, order) = BookmarkDocument.read(data) else { return nil }
    var deleted: Date?
    var device = ""
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      for line in bytes.split(separator: UInt8(ascii: "\n")) {
        var value = line
        if value.last == UInt8(ascii: "\r") { value = value.dropLast() }
        if value.starts(with: "deleted: ".utf8) {
          deleted = ISO8601.parse(Array(value.dropFirst(9)))
        } else if value.starts(with: "deleted-on: ".utf8) {
          device = BookmarkDocument.unescape(value.dropFirst(12))
        }
      }
    }
    guard let deleted else { return nil }
    return (DeletedBookmark(bookmark: bookmark, deleted: deleted, device: device), order)
  }
}
