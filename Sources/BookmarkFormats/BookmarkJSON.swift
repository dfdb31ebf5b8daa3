import BookmarkModel
import Foundation

/// Cloudy's own file format: the JSON array `cloudy list --json` prints, each bookmark with
/// `id`, `name`, `url`, `created`, `modified` (ISO 8601, whole seconds) and, when present,
/// `folder`, `notes` and `tags`. Lossless: reading what was written gives the same bookmarks.
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
    let bookmarks: [Bookmark]
    do {
      bookmarks = try decoder.decode([Bookmark].self, from: data)
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
