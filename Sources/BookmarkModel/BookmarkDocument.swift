import Foundation
import PropertyLists

/// The document store's file format: one small UTF-8 text file per bookmark, one field a
/// line, readable and editable by hand:
///
/// ```
/// cloudy-bookmark 1
/// id: 9A3F0C2E-5B7D-4E61-8F0A-1C2D3E4F5A6B
/// name: Swift Forums
/// url: https://forums.swift.org
/// created: 2026-11-22T09:00:00Z
/// modified: 2026-11-22T09:00:00Z
/// order: 1795338000123456
/// ```
///
/// Optional lines: `folder:` (one per folder, outermost first), `folder-id:` (the folder
/// record it is filed in, see ``FolderRecord``), `tag:` (one per tag),
/// `notes:`, and `order:` (the bookmark's place in the list: when it was added, in
/// microseconds since 1970; an import numbers its bookmarks from its start in the order
/// given; without it, the creation date). In values, a backslash, a line break, a carriage
/// return and every other control character are escaped (`\\`, `\n`, `\r`, `\xHH`), so a
/// value is always one line. Unknown lines are ignored, so a newer Cloudy can add fields.
public enum BookmarkDocument {
  public static let header = "cloudy-bookmark 1"

  /// The document for a bookmark, with the precise time it was added when known.
  public static func data(for bookmark: Bookmark, order: Int? = nil) -> Data {
    var text = header + "\n"
    func line(_ key: String, _ value: String) {
      text += key
      text += ": "
      escape(value, into: &text)
      text += "\n"
    }
    line("id", bookmark.id)
    line("name", bookmark.name)
    line("url", bookmark.url)
    line("created", ISO8601.format(bookmark.created))
    line("modified", ISO8601.format(bookmark.modified))
    if let order { line("order", String(order)) }
    for folder in bookmark.folder { line("folder", folder) }
    if let folderID = bookmark.folderID { line("folder-id", folderID) }
    for tag in bookmark.tags { line("tag", tag) }
    if !bookmark.notes.isEmpty { line("notes", bookmark.notes) }
    return Data(text.utf8)
  }

  /// Reads a document; `nil` when it is not one (no header, no id or url, a bad date, a URL
  /// the one URL rule refuses, over a limit every entry point applies: ``BookmarkOrganisation``).
  public static func read(_ data: Data) -> (bookmark: Bookmark, order: Int)? {
    // One over the limits is refused unread: a 20 MB document, read, cost every list seconds.
    guard data.count <= BookmarkOrganisation.maximumDocumentBytes else { return nil }
    return data.withUnsafeBytes { raw in read(raw.bindMemory(to: UInt8.self)) }
  }

  private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (bookmark: Bookmark, order: Int)? {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).makeIterator()
    guard let first = lines.next(), first.elementsEqual(header.utf8) else { return nil }
    var id: String?
    var url: String?
    var name = ""
    var created: Date?
    var modified: Date?
    var order: Int?
    var folder: [String] = []
    var tags: [String] = []
    var notes = ""
    var folderID: String?
    while let line = lines.next() {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
      let key = line[line.startIndex..<colon]
      var valueStart = colon + 1
      if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
      var raw = line[valueStart...]
      if raw.last == UInt8(ascii: "\r") { raw = raw.dropLast() }
      switch String(decoding: key, as: UTF8.self) {
      case "id": id = unescape(raw)
      case "name": name = unescape(raw)
      case "url": url = unescape(raw)
      case "created": created = ISO8601.parse(Array(raw))
      case "modified": modified = ISO8601.parse(Array(raw))
      case "order": order = Int(String(decoding: raw, as: UTF8.self))
      case "folder": folder.append(unescape(raw))
      case "tag": tags.append(unescape(raw))
      case "notes": notes = unescape(raw)
      case "folder-id": folderID = unescape(raw)
      default: continue
      }
    }
    // A URL that breaks the one URL rule (a control sequence, a bidi override) makes the
    // file unreadable: it is left as it is and never shown, opened or copied.
    guard let id, !id.isEmpty, let url, BookmarkURL.storageProblem(url) == nil, let created else { return nil }
    let bookmark = Bookmark(
      id: id, name: name, url: url, created: created, modified: modified ?? created, folder: folder, notes: notes,
      tags: tags, folderID: folderID)
    // Every entry point's limits hold for a document too (one dropped in, or from the cloud).
    guard BookmarkOrganisation.problem(bookmark) == nil else { return nil }
    // A document without an order (written by hand, say) sorts by its creation date.
    return (bookmark, order ?? Int(created.timeIntervalSince1970 * 1_000_000))
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  static func escape(_ value: String, into text: inout String) {
    guard value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) else {
      text += value
      return
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(value.utf8.count + 8)
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0..<0x20, 0x7F:
        bytes += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
      default: bytes.append(byte)
      }
    }
    text += String(decoding: bytes, as: UTF8.self)
  }

  static func unescape(_ raw: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.count)
    var index = raw.startIndex
    while index < raw.endIndex {
      let byte = raw[index]
      index += 1
      guard byte == UInt8(ascii: "\\"), index < raw.endIndex else {
        bytes.append(byte)
        continue
      }
      let code = raw[index]
      index += 1
      switch code {
      case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n"))
      case UInt8(ascii: "r"): bytes.append(UInt8(ascii: "\r"))
      case UInt8(ascii: "x") where index + 2 <= raw.endIndex:
        if let value = UInt8(String(decoding: raw[index..<index + 2], as: UTF8.self), radix: 16) {
          bytes.append(value)
          index += 2
        } else {
          bytes += [UInt8(ascii: "\\"), code]
        }
      default: bytes.append(code)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
