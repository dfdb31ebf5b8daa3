import BookmarkModel
import Foundation

/// Cloudy's own file format: the JSON array `cloudy list --json` prints, each bookmark with
/// `id`, `name`, `url`, `created`, `modified` (ISO 8601, whole seconds) and, when present,
/// `folder`, `notes` and `tags`. Lossless: reading what was written gives the same bookmarks.
/// An entry without `created` is read too, and dated by the import as an HTML entry without
/// `ADD_DATE` is.
public enum BookmarkJSON {
  public static func data(for bookmarks: [Bookmark]) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    var data = escapingTerminalControls(try encoder.encode(bookmarks))
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// JSON text with DEL, C1 controls and invisible formatting characters (bidi controls,
  /// zero-width characters, line/paragraph separators: ``InvisibleCharacter``) written as
  /// `\uXXXX` escapes (`JSONEncoder` escapes only C0), so printing it to a terminal can't
  /// send a control sequence or reorder text. Readers decode the escapes: nothing is lost.
  public static func escapingTerminalControls(_ json: Data) -> Data {
    let text = String(decoding: json, as: UTF8.self)
    guard text.unicodeScalars.contains(where: needsEscape) else { return json }
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        // Beyond the BMP, JSON's `\u` escapes are a UTF-16 surrogate pair.
        for unit in String(scalar).utf16 { out += String(format: "\\u%04X", unit) }
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return Data(out.utf8)
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    InvisibleCharacter.needsEscape(scalar)
  }

  /// Reads an array written by ``data(for:)`` (or by `cloudy list --json`).
  public static func parse(_ data: Data) throws -> ParsedFile {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds) }
      let text = try container.decode(String.self)
      if let date = try? Date(text, strategy: .iso8601) { return date }
      if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date")
    }
    let bookmarks: [Entry]
    do {
      bookmarks = try decoder.decode([Entry].self, from: data)
    } catch let error as DecodingError {
      throw BookmarkFileError.invalidJSON(explain(error))
    }
    var file = ParsedFile(format: .json)
    for (index, bookmark) in bookmarks.enumerated() {
      file.bookmarks.append(
        ParsedBookmark(
          name: bookmark.name, url: bookmark.url, created: bookmark.created, modified: bookmark.modified,
          folder: bookmark.folder, notes: bookmark.notes, tags: bookmark.tags, id: bookmark.id, line: index + 1))
    }
    return file
  }

  /// One bookmark of the array as read: the keys of ``Bookmark``'s JSON form, the dates
  /// optional.
  private struct Entry: Decodable {
    var id: String
    var name: String
    var url: String
    var created: Date?
    var modified: Date?
    var folder: [String]
    var notes: String
    var tags: [String]

    private enum CodingKeys: String, CodingKey {
      case id, name, url, created, modified, folder, notes, tags
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(String.self, forKey: .id)
      name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
      url = try container.decode(String.self, forKey: .url)
      created = try container.decodeIfPresent(Date.self, forKey: .created)
      modified = try container.decodeIfPresent(Date.self, forKey: .modified)
      folder = try container.decodeIfPresent([String].self, forKey: .folder) ?? []
      notes = try container.decodeIfPresent(String.self, forKey: .notes) ?? ""
      tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    }
  }

  /// One clause for a decoding error: "entry 3 has no “url”".
  private static func explain(_ error: DecodingError) -> String {
    func entry(_ path: [any CodingKey]) -> String {
      guard let index = path.first?.intValue else { return "the top level" }
      return "entry \(index + 1)"
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(entry(context.codingPath)) has no “\(key.stringValue)”"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      if context.codingPath.isEmpty { return "it is not an array of bookmarks" }
      let key = context.codingPath.last?.stringValue ?? "a value"
      return "“\(key)” in \(entry(context.codingPath)) has the wrong type"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "it is not valid JSON" }
      let key = context.codingPath.last?.stringValue ?? "a value"
      return "“\(key)” in \(entry(context.codingPath)) is not valid"
    @unknown default:
      return "it can't be read"
    }
  }
}
