import Foundation
import PropertyLists

/// The document store keeps a bookmark's history as a document of its own beside it
/// (`<id>.history`), synced like any document. JSON, readable by hand:
///
/// ```
/// {"cloudy-history": 1, "bookmark": "<id>", "versions": [
///   {"id": "…", "parents": ["…"], "device": "laptop", "saved": "2026-11-27T09:00:00Z",
///    "note": "reverted to 1A2B3C4D", "document": "cloudy-bookmark 1\nid: …\n…"}]}
/// ```
///
/// Each version's `document` is the bookmark document as saved (``BookmarkDocument``), read
/// with the same rules as one on its own. A document that breaks any rule (a version of
/// another bookmark, a bad date, too many versions) is not a history: it is kept as it is
/// and counted as unreadable, as any damaged document is.
extension BookmarkHistory {
  public static let documentFormat = 1
  /// The most versions a history document may hold (more than any setting keeps).
  static let maximumVersions = HistoryRules.maximumVersions + 100

  private struct Stored: Codable {
    var format: Int
    var bookmark: String
    var versions: [StoredVersion]

    enum CodingKeys: String, CodingKey {
      case format = "cloudy-history"
      case bookmark, versions
    }
  }

  private struct StoredVersion: Codable {
    var id: String
    var parents: [String]
    var device: String
    var saved: String
    var note: String?
    var document: String
  }

  public var document: Data {
    let stored = Stored(
      format: Self.documentFormat, bookmark: bookmarkID,
      versions: versions.map { version in
        // Written only as it will be read: a device name or note is made sensible first.
        StoredVersion(
          id: version.id, parents: Array(version.parents.prefix(Self.maximumParents)),
          device: Self.sensible(version.device), saved: ISO8601.format(version.saved),
          note: version.note.map(Self.sensible).flatMap { $0.isEmpty ? nil : $0 },
          document: String(decoding: BookmarkDocument.data(for: version.bookmark), as: UTF8.self))
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Strings and arrays of strings always encode.
    return (try? encoder.encode(stored)) ?? Data()
  }

  /// The largest history document read: 16 MB.
  public static let maximumDocumentBytes = 16 * 1024 * 1024

  /// The document, its oldest versions left out if it would be larger than a reader takes
  /// (a thousand versions with long notes); never a version nothing was made from.
  public var fittedDocument: Data {
    var history = self
    var data = history.document
    while data.count > Self.maximumDocumentBytes || history.versions.count > Self.maximumVersions {
      // A tenth of the oldest at a time: each try encodes the whole document again.
      let heads = Set(history.heads.map(\.id))
      let oldest = history.versions.filter { !heads.contains($0.id) }.prefix(max(1, history.versions.count / 10))
      guard !oldest.isEmpty else { break }
      let dropping = Set(oldest.map(\.id))
      history.versions.removeAll { dropping.contains($0.id) }
      data = history.document
    }
    return data
  }

  /// Whether `data` looks like a history document, without reading it all (every history is
  /// looked at when a large container is gathered): its size and its format key. A document
  /// that passes and still can't be read is found when its history is asked for.
  public static func looksLikeDocument(_ data: Data) -> Bool {
    guard data.count <= maximumDocumentBytes, data.first == UInt8(ascii: "{") else { return false }
    return data.range(of: Data("\"cloudy-history\"".utf8)) != nil
  }

  /// The history in a document, or nil when it isn't one this version can read.
  public init?(document data: Data) {
    guard data.count <= Self.maximumDocumentBytes, let stored = try? JSONDecoder().decode(Stored.self, from: data),
      stored.format == Self.documentFormat, Self.isSensible(stored.bookmark),
      stored.versions.count <= Self.maximumVersions
    else { return nil }
    var versions: [HistoryVersion] = []
    versions.reserveCapacity(stored.versions.count)
    for version in stored.versions {
      guard Self.isSensible(version.id), Self.isSensible(version.device, allowingEmpty: true),
        version.parents.count <= Self.maximumParents, version.parents.allSatisfy({ Self.isSensible($0) }),
        version.note.map({ Self.isSensible($0) }) ?? true,
        let saved = ISO8601.parse(Array(version.saved.utf8)),
        let (bookmark, _) = BookmarkDocument.read(Data(version.document.utf8)), bookmark.id == stored.bookmark
      else { return nil }
      versions.append(
        HistoryVersion(
          id: version.id, parents: version.parents, device: version.device, saved: saved, bookmark: bookmark,
          note: version.note))
    }
    self.init(bookmarkID: stored.bookmark, versions: versions)
  }

  /// `text` without control characters, at most 200 Unicode scalars.
  private static func sensible(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(
      contentsOf: text.unicodeScalars.lazy.filter { $0.properties.generalCategory != .control && $0 != "\u{7F}" }
        .prefix(200))
    return String(scalars)
  }

  /// An id, device name or note: one line of at most 400 Unicode scalars (what is written is
  /// cut at 200), no control characters (they are shown in the terminal).
  private static func isSensible(_ text: String, allowingEmpty: Bool = false) -> Bool {
    (allowingEmpty || !text.isEmpty) && text.unicodeScalars.count <= 400
      && !text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{7F}" }
  }
}
