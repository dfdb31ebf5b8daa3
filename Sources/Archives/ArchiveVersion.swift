import Foundation

/// One bookmark's archive of its page at one time: which asset, from where, when.
public struct ArchiveVersion: Hashable, Sendable, Codable {
  public var bookmarkID: String
  /// The asset's name: the SHA-256 of its bytes, in hexadecimal.
  public var hash: String
  /// The URL that answered, after redirects.
  public var url: String
  public var title: String?
  /// When the page was fetched (the last time, when it was fetched again unchanged).
  public var fetched: Date

  public init(bookmarkID: String, hash: String, url: String, title: String?, fetched: Date) {
    self.bookmarkID = bookmarkID
    self.hash = hash
    self.url = url
    self.title = title
    self.fetched = fetched
  }
}

/// What recording a version changed.
public struct ArchiveRecording: Hashable, Sendable {
  /// The bookmark's newest version already was this asset: only its date moved.
  public var wasUnchanged: Bool
  /// Assets no version refers to any more (older versions let go): their files can go.
  public var released: [String]

  public init(wasUnchanged: Bool, released: [String]) {
    self.wasUnchanged = wasUnchanged
    self.released = released
  }
}

/// The archives' index on this device: which versions each bookmark has, and the folded text
/// of each asset for search. Implemented on SQLite (`ArchiveIndexSQLite`).
public protocol ArchiveIndex: Sendable {
  /// Adds `version` (or moves its date, when it is the bookmark's newest already), with its
  /// asset's folded text, and lets go of the bookmark's versions beyond the newest `keeping`.
  func record(_ version: ArchiveVersion, foldedText: String, keeping: Int) throws -> ArchiveRecording
  /// Removes these bookmarks' versions; returns the assets no version refers to any more.
  func forget(_ bookmarkIDs: Set<String>) throws -> [String]
  /// A bookmark's versions, newest first.
  func versions(of bookmarkID: String) throws -> [ArchiveVersion]
  /// The bookmarks that have at least one version.
  func archivedBookmarks() throws -> Set<String>
  /// The newest matching version of each bookmark whose kept text contains `folded` (a
  /// folded query), best first, at most `limit`; with `scanning`, the best among the first
  /// that many texts found to hold it, the texts kept last first (a search's time then does
  /// not grow with the pages kept).
  func search(folded: String, limit: Int, scanning: Int?) throws -> [ArchiveMatch]
}
