import Archives
import Foundation

/// One kept version of a bookmark's page as the cloud lists it, in the bookmark's record of
/// the archives zone: which asset (its SHA-256), how many bytes it has, where the page came
/// from, and when it was fetched. The asset's bytes are records of their own (``ArchiveCloud``).
public struct CloudArchive: Codable, Hashable, Sendable {
  public var hash: String
  public var bytes: Int
  public var url: String
  public var title: String?
  /// Seconds since 1970.
  public var fetched: Double

  public init(_ version: ArchiveVersion, bytes: Int) {
    hash = version.hash
    self.bytes = bytes
    url = version.url
    title = version.title
    fetched = version.fetched.timeIntervalSince1970
  }

  /// The version of `bookmarkID` this describes.
  public func version(of bookmarkID: String) -> ArchiveVersion {
    ArchiveVersion(
      bookmarkID: bookmarkID, hash: hash, url: url, title: title, fetched: Date(timeIntervalSince1970: fetched))
  }

  /// The largest asset taken from the cloud: a page's HTML is cut at 2 MB before it is
  /// deflated, and its text is smaller than it.
  public static let maximumBytes = 8 << 20

  /// Whether this came from a Cloudy that wrote it as Cloudy writes it: a SHA-256 in
  /// lowercase hexadecimal, a size an asset can have, a URL and title of sane length, a
  /// date. Anything else in the cloud is ignored, never fetched.
  var isWellFormed: Bool {
    hash.utf8.count == 64 && hash.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
      && (1...Self.maximumBytes).contains(bytes) && !url.isEmpty && url.utf8.count <= 8192
      && (title?.utf8.count ?? 0) <= 4096 && fetched.isFinite
  }

  /// The versions in a record's value, newest first; nil for a value that is not a list of
  /// versions (entries that are not well formed are left out).
  static func decode(_ value: Data) -> [CloudArchive]? {
    guard let all = try? JSONDecoder().decode([CloudArchive].self, from: value) else { return nil }
    return newestFirst(all.filter(\.isWellFormed))
  }

  static func encode(_ versions: [CloudArchive]) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return (try? encoder.encode(versions)) ?? Data("[]".utf8)
  }

  /// The versions of two lists, one per asset (the later date of the two), newest first,
  /// at most ``ArchiveLibrary/versionsKept``.
  static func merged(_ first: [CloudArchive], _ second: [CloudArchive]) -> [CloudArchive] {
    var byHash: [String: CloudArchive] = [:]
    for version in first + second where (byHash[version.hash]?.fetched ?? -.infinity) < version.fetched {
      byHash[version.hash] = version
    }
    return Array(newestFirst(Array(byHash.values)).prefix(ArchiveLibrary.versionsKept))
  }

  private static func newestFirst(_ versions: [CloudArchive]) -> [CloudArchive] {
    versions.sorted { ($0.fetched, $0.hash) > ($1.fetched, $1.hash) }
  }
}
