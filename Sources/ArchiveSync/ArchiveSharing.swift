import Archives
import Foundation

/// This device's kept pages and the cloud's, kept in step: a page kept here is sent, a page
/// kept on another device is fetched when it is opened or when every page is asked for.
public struct ArchiveSharing: Sendable {
  public let library: ArchiveLibrary
  public let cloud: ArchiveCloud

  public init(library: ArchiveLibrary, cloud: ArchiveCloud) {
    self.library = library
    self.cloud = cloud
  }

  /// Sends the bookmark's newest version kept here.
  public func sendNewest(of bookmarkID: String) async throws -> ArchiveCloud.Sent? {
    guard let newest = try library.versions(of: bookmarkID).first, let bytes = try library.bytes(of: newest.hash)
    else { return nil }
    return try await cloud.send(bytes, as: newest)
  }

  /// What ``exchange(among:fetching:)`` did.
  public struct Exchange: Hashable, Sendable {
    public var sent: Int
    public var fetched: Int

    public init(sent: Int = 0, fetched: Int = 0) {
      self.sent = sent
      self.fetched = fetched
    }
  }

  /// Sends the versions kept here that the cloud lacks (kept while it could not be reached)
  /// and, if `fetching`, fetches those it has that this device lacks, for the bookmarks
  /// among `bookmarkIDs` (a deleted bookmark's pages stay where they are).
  public func exchange(among bookmarkIDs: Set<String>, fetching: Bool) async throws -> Exchange {
    let inCloud = try await cloud.allVersions()
    var done = Exchange()
    for bookmarkID in try library.archivedBookmarks() where bookmarkIDs.contains(bookmarkID) {
      let theirs = inCloud[bookmarkID] ?? []
      let mine = try library.versions(of: bookmarkID)
      let sent = Set(theirs.map(\.hash))
      let newest = Set(Self.newest(mine, theirs).map(\.hash))
      // Oldest first, so the cloud's list ends as this device's.
      for version in mine.reversed() where !sent.contains(version.hash) && newest.contains(version.hash) {
        guard let bytes = try library.bytes(of: version.hash) else { continue }
        _ = try await cloud.send(bytes, as: version)
        done.sent += 1
      }
    }
    if fetching {
      for (bookmarkID, theirs) in inCloud where bookmarkIDs.contains(bookmarkID) {
        done.fetched += try await fetch(bookmarkID, from: theirs)
      }
    }
    return done
  }

  /// Lets go of the pages of bookmarks gone for good (not among `keeping`: those listed and
  /// those in Recently Deleted), here and in the cloud: their versions, and the assets
  /// nothing else refers to, which leave the cloud's usage. Returns how many bookmarks' pages
  /// went from the cloud (those here go too).
  public func free(keeping: Set<String>, now: Date = Date()) async throws -> Int {
    _ = try library.free(keeping: keeping, now: now)
    return try await cloud.free(keeping: keeping, now: now)
  }

  /// Fetches the bookmark's versions in `theirs` (the cloud's, ``ArchiveCloud/versions(of:)``)
  /// that this device does not have, among the newest 3 of both; how many were fetched.
  @discardableResult
  public func fetch(_ bookmarkID: String, from theirs: [CloudArchive]) async throws -> Int {
    let mine = try library.versions(of: bookmarkID)
    let here = Set(mine.map(\.hash))
    let newest = Set(Self.newest(mine, theirs).map(\.hash))
    var fetched = 0
    for archive in theirs.reversed() where !here.contains(archive.hash) && newest.contains(archive.hash) {
      // An asset this device has for another bookmark is not fetched again.
      var bytes = try library.bytes(of: archive.hash)
      if bytes == nil { bytes = try await cloud.asset(archive) }
      guard let bytes else { continue }
      _ = try library.keepFetched(bytes, as: archive.version(of: bookmarkID))
      fetched += 1
    }
    return fetched
  }

  /// The newest versions of both lists, as many as a bookmark keeps.
  private static func newest(_ mine: [ArchiveVersion], _ theirs: [CloudArchive]) -> [CloudArchive] {
    CloudArchive.merged(mine.map { CloudArchive($0, bytes: 1) }, theirs)
  }
}
