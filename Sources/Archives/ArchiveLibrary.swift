import DurableFiles
import Foundation
import Synchronization

/// This device's archived pages: the assets as files named by their SHA-256
/// (`archives/assets/ab/abcd…`, 0600 in 0700 folders), and an ``ArchiveIndex`` of which
/// bookmark has which versions, with their text for search. Writers take the folder's lock,
/// so the app and `cloudy archive` can keep pages at once.
public struct ArchiveLibrary: Sendable {
  /// Versions kept of each bookmark's page: an older one goes when a newer one comes.
  public static let versionsKept = 3

  /// What keeping an archive did.
  public enum Kept: Hashable, Sendable {
    /// A new asset was written, of this many bytes.
    case stored(hash: String, bytes: Int)
    /// The asset was here already (another bookmark of the page, or an older version): only
    /// the index changed.
    case shared(hash: String)
    /// The bookmark's newest version was this page already: nothing new was kept.
    case unchanged(hash: String)

    public var hash: String {
      switch self {
      case .stored(let hash, _), .shared(let hash), .unchanged(let hash): hash
      }
    }
  }

  /// A search result: the version whose text matched, and a line of it around the match.
  public struct Hit: Hashable, Sendable {
    public var version: ArchiveVersion
    public var snippet: String
  }

  public let folder: String
  private let index: any ArchiveIndex
  private let fold: @Sendable (String) -> String

  /// - Parameters:
  ///   - folder: the archives' folder (``folder(inData:)``).
  ///   - fold: how text is folded for search: the list filter's folding, so `text:` and
  ///     `/` agree on what matches.
  public init(folder: String, index: any ArchiveIndex, fold: @escaping @Sendable (String) -> String) {
    self.folder = folder
    self.index = index
    self.fold = fold
  }

  /// The archives' folder in this device's data folder.
  public static func folder(inData dataDirectory: String) -> String { dataDirectory + "/archives" }

  /// Where the asset named `hash` is kept.
  public func path(of hash: String) -> String { folder + "/assets/" + hash.prefix(2) + "/" + hash }

  /// Keeps `archive` as `bookmarkID`'s newest version, fetched at `fetched`.
  public func keep(_ archive: PageArchive, for bookmarkID: String, fetched: Date) throws -> Kept {
    let bytes = archive.encoded()
    let version = ArchiveVersion(
      bookmarkID: bookmarkID, hash: SHA256.hex(of: bytes), url: archive.url, title: archive.title, fetched: fetched)
    return try store(bytes, as: version, text: archive.text)
  }

  /// Keeps an asset another device kept (``version`` says which bookmark, from where and
  /// when), after checking its bytes are the ones its name says and that they are a page.
  public func keepFetched(_ bytes: [UInt8], as version: ArchiveVersion) throws -> Kept {
    guard SHA256.hex(of: bytes) == version.hash, let text = PageArchive.text(decoding: bytes) else {
      throw ArchiveError.damagedInCloud(version.hash)
    }
    return try store(bytes, as: version, text: text)
  }

  /// Writes the asset unless it is here, and records the version.
  private func store(_ bytes: [UInt8], as version: ArchiveVersion, text: String) throws -> Kept {
    let hash = version.hash
    try PrivateFiles.makeDirectory(folder)
    return try PrivateFiles.withExclusiveLock(folder + "/lock") {
      let assetPath = path(of: hash)
      let isNew = !FileManager.default.fileExists(atPath: assetPath)
      if isNew {
        try PrivateFiles.makeDirectory(folder + "/assets")
        try PrivateFiles.makeDirectory(folder + "/assets/" + hash.prefix(2))
        try PrivateFiles.replace(assetPath, with: Data(bytes))
      }
      let recording = try index.record(version, foldedText: folded(text), keeping: Self.versionsKept)
      for released in recording.released where released != hash {
        try? FileManager.default.removeItem(atPath: self.path(of: released))
      }
      if recording.wasUnchanged { return .unchanged(hash: hash) }
      return isNew ? .stored(hash: hash, bytes: bytes.count) : .shared(hash: hash)
    }
  }

  /// A bookmark's versions, newest first.
  public func versions(of bookmarkID: String) throws -> [ArchiveVersion] { try index.versions(of: bookmarkID) }

  /// How long a page kept of a bookmark this device does not know yet is left alone: one
  /// just added and kept elsewhere, or here while a list was read.
  public static let freeingGrace: TimeInterval = 24 * 60 * 60

  /// Lets go of the versions of bookmarks not among `keeping` (those listed and those in
  /// Recently Deleted: a bookmark gone for good), unless one was kept within
  /// ``freeingGrace`` of `now`, and deletes the assets nothing refers to any more. Returns
  /// how many bookmarks' pages went.
  public func free(keeping: Set<String>, now: Date = Date()) throws -> Int {
    guard FileManager.default.fileExists(atPath: folder) else { return 0 }
    return try PrivateFiles.withExclusiveLock(folder + "/lock") {
      var gone = Set<String>()
      for id in try index.archivedBookmarks() where !keeping.contains(id) {
        let newest = try index.versions(of: id).first?.fetched ?? .distantPast
        if now.timeIntervalSince(newest) > Self.freeingGrace { gone.insert(id) }
      }
      guard !gone.isEmpty else { return 0 }
      for hash in try index.forget(gone) { try? FileManager.default.removeItem(atPath: path(of: hash)) }
      return gone.count
    }
  }

  /// The bookmarks with at least one version.
  public func archivedBookmarks() throws -> Set<String> { try index.archivedBookmarks() }

  /// The asset named `hash`, or nil when this device does not have it. An asset whose bytes
  /// are not what its name says is damaged: an error.
  public func open(_ hash: String) throws -> PageArchive? {
    try verified(hash) { PageArchive(decoding: $0) }
  }

  /// The asset's bytes, checked as ``open(_:)`` checks them; nil when this device does not
  /// have it.
  public func bytes(of hash: String) throws -> [UInt8]? {
    try verified(hash) { $0 }
  }

  /// `decode` of the asset's bytes, if they are the ones its name says; nil when there is none.
  private func verified<T>(_ hash: String, _ decode: ([UInt8]) -> T?) throws -> T? {
    guard let data = try PrivateFiles.read(path(of: hash)) else { return nil }
    let bytes = [UInt8](data)
    guard SHA256.hex(of: bytes) == hash, let decoded = decode(bytes) else {
      throw ArchiveError.damaged(path(of: hash))
    }
    return decoded
  }

  /// How many of the texts holding a search's query, kept last first, are ranked for its
  /// `limit` best: ``searchScanning`` times the limit. Ranking every text that holds a common
  /// word read them all (10,000 pages: 155 ms for a common word).
  public static let searchScanning = 4

  /// The bookmarks whose kept text contains `query` (folded as the filter folds: case,
  /// diacritics and width ignored), best first among the pages kept last that hold it (see
  /// ``searchScanning``), each with a snippet.
  public func search(_ query: String, limit: Int = 50) throws -> [Hit] {
    let folded = fold(query).trimmingCharacters(in: .whitespaces)
    guard !folded.isEmpty else { return [] }
    let matches = try index.search(folded: folded, limit: limit, scanning: limit * Self.searchScanning)
    // Each snippet reads and decodes its own asset: they are made side by side.
    let hits = Mutex([Hit?](repeating: nil, count: matches.count))
    DispatchQueue.concurrentPerform(iterations: matches.count) { number in
      let hit = Hit(version: matches[number].version, snippet: snippet(of: folded, at: matches[number]))
      hits.withLock { $0[number] = hit }
    }
    return hits.withLock { $0.compactMap { $0 } }
  }

  /// The line of a match's asset around the query, cut to a few words either side. The asset
  /// is decoded only as far as the line the index names (``PageArchive/textLine(_:decoding:)``),
  /// and the line is shown only if it folds to the index's copy of it; otherwise (a damaged
  /// asset, or one that does not agree with the index) the whole text is decoded and checked.
  /// Empty when the asset is missing or damaged.
  private func snippet(of folded: String, at match: ArchiveMatch) -> String {
    guard let data = try? PrivateFiles.read(path(of: match.version.hash)) else { return "" }
    let bytes = [UInt8](data)
    if let line = PageArchive.textLine(match.line, decoding: bytes), fold(line) == match.foldedLine {
      return ArchiveSnippet.snippet(of: folded, in: line, fold: fold)
    }
    guard let text = PageArchive.text(decoding: bytes) else { return "" }
    return ArchiveSnippet.around(folded, in: text, fold: fold)
  }

  /// The bookmarks whose kept text contains `query`, best first, without snippets (no asset
  /// is opened): what the list's `text:` filter needs.
  public func bookmarks(holding query: String, limit: Int) throws -> [String] {
    let folded = fold(query).trimmingCharacters(in: .whitespaces)
    guard !folded.isEmpty else { return [] }
    return try index.search(folded: folded, limit: limit, scanning: nil).map(\.version.bookmarkID)
  }

  /// The text folded line by line (a fold drops line breaks; a match must not join two
  /// paragraphs).
  private func folded(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: true).map { fold(String($0)) }.joined(separator: "\n")
  }
}

/// Why the archives could not be read.
public enum ArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
  case damaged(String)
  /// An asset from the cloud whose bytes are not what its name says, or not a page.
  case damagedInCloud(String)

  public var description: String {
    switch self {
    case .damaged(let path): "The archived page \(path) is damaged (its bytes are not what its name says)."
    case .damagedInCloud(let hash):
      "The archived page \(hash.prefix(12))… in the cloud is damaged (its bytes are not what its name says)."
    }
  }
}
