import BookmarkModel
import DurableFiles
import Foundation
import StoreSupport

/// A private binary copy of the user-defaults domain's bookmarks, beside the domain file
/// (`cloudy.plist.cache`, 0600), so opening a large list does not parse the whole XML
/// property list (100,000 bookmarks: about 60 MB of XML).
///
/// The property list stays the truth and keeps Foundation compatibility; the cache is only
/// ever a faster way to read what it says:
/// - it is stamped with the domain file's signature (inode, size, modification time in
///   nanoseconds) and read only when that signature matches the file's now, so any change
///   by anyone (another Cloudy, Foundation, an editor) makes it stale;
/// - a stale, truncated, corrupted (checksum), foreign or other-version file is ignored
///   and the XML parsed instead, and the cache is then rewritten;
/// - it is written after every change Cloudy makes, under the domain's lock, and after a
///   read that had to parse; it is replaced with a `rename`, so a reader sees a whole old
///   or whole new file. It is not `fsync`ed: after a crash it is at worst stale or
///   corrupt, which the stamp and checksum catch.
///
/// A ``CacheFile`` with the magic `CLDYUDC\0`, stamped with the domain file's signature
/// (inode UInt64, size Int64, seconds Int64, nanoseconds Int64). The payload: the number of
/// unreadable entries (UInt32), the bookmarks as ``CachedBookmarks`` writes them, then the
/// domain's own folders (a count, then each path as a count and strings), then Recently
/// Deleted: its bookmarks as ``CachedBookmarks`` writes them, each one's deletion time (the
/// bits of its seconds since 1970) and device.
enum DefaultsDomainCache {
  /// Raise when the layout changes: a cache of another version is ignored.
  static let formatVersion: UInt32 = 6
  static let file = CacheFile(magic: Array("CLDYUDC\0".utf8), formatVersion: formatVersion)
  static let headerSize = CacheFile.headerSize(stampLength: 32)

  /// The cache file for a domain file.
  static func path(for domainPath: String) -> String { domainPath + ".cache" }

  static func stampBytes(_ stamp: PrivateFiles.Signature) -> [UInt8] {
    var writer = CacheWriter()
    writer.append(stamp.inode)
    writer.append(stamp.size)
    writer.append(Int64(stamp.seconds))
    writer.append(Int64(stamp.nanoseconds))
    return writer.bytes
  }

  /// The cached contents if the cache at `path` is whole, of this version and stamped with
  /// exactly `stamp`; otherwise nil.
  static func read(_ path: String, matching stamp: PrivateFiles.Signature) -> DefaultsDomain.Contents? {
    CacheFile.withContents(of: path) { decode($0, matching: stamp) }
  }

  /// Only the listed bookmarks with these ids, if the cache at `path` is whole, of this
  /// version and stamped with exactly `stamp`; otherwise nil.
  static func bookmarks(withIDs ids: Set<String>, in path: String, matching stamp: PrivateFiles.Signature)
    -> [Bookmark]?
  {
    CacheFile.withContents(of: path) { raw in
      file.decode(raw, stamp: stampBytes(stamp)) { reader in
        guard reader.uint32() != nil, let found = CachedBookmarks.read(&reader, keeping: ids) else { return nil }
        // The folders and Recently Deleted after the list are not needed (the checksum has
        // vouched for every byte).
        reader.offset = reader.raw.count
        return found
      }
    }
  }

  static func decode(_ raw: UnsafeRawBufferPointer, matching stamp: PrivateFiles.Signature)
    -> DefaultsDomain.Contents?
  {
    file.decode(raw, stamp: stampBytes(stamp)) { reader in
      guard let unreadable = reader.uint32(),
        let bookmarks = CachedBookmarks.read(&reader, inHalves: true, place: { _ in nil })?.bookmarks,
        let folderCount = reader.count()
      else { return nil }
      var folders: [[String]] = []
      for _ in 0..<folderCount {
        guard let path = reader.strings() else { return nil }
        folders.append(path)
      }
      guard let deletedBookmarks = CachedBookmarks.read(&reader) else { return nil }
      var deleted: [DeletedBookmark] = []
      for bookmark in deletedBookmarks {
        guard let seconds = reader.uint64(), let device = reader.string() else { return nil }
        let date = Date(timeIntervalSince1970: Double(bitPattern: seconds))
        deleted.append(DeletedBookmark(bookmark: bookmark, deleted: date, device: device))
      }
      return DefaultsDomain.Contents(
        bookmarks: bookmarks, unreadableEntries: Int(unreadable), folders: folders, deleted: deleted)
    }
  }

  /// Replaces the cache with these contents, stamped `stamp`, after any write
  /// ``writeLater(_:stamp:to:)`` left running. Failures are ignored: the cache only ever
  /// saves time.
  static func write(_ contents: DefaultsDomain.Contents, stamp: PrivateFiles.Signature, to path: String) {
    writes.sync { CacheFile.write(encode(contents, stamp: stamp), to: path) }
  }

  /// ``write(_:stamp:to:)`` off the caller's path: a read that had to parse the XML returns
  /// its bookmarks without waiting (100,000 bookmarks: about 100 ms to encode and write). The
  /// writes run in turn; the process waits for them when it exits, so a command leaves the
  /// cache for the next one.
  static func writeLater(_ contents: DefaultsDomain.Contents, stamp: PrivateFiles.Signature, to path: String) {
    _ = waitAtExit
    writes.async(group: pending) { CacheFile.write(encode(contents, stamp: stamp), to: path) }
  }

  /// Waits for the writes ``writeLater(_:stamp:to:)`` started.
  static func finishWrites() { pending.wait() }

  private static let writes = DispatchQueue(label: "cloudy.user-defaults.cache", qos: .utility)
  private static let pending = DispatchGroup()
  private static let waitAtExit: Void = { atexit { DefaultsDomainCache.finishWrites() } }()

  static func encode(_ contents: DefaultsDomain.Contents, stamp: PrivateFiles.Signature) -> [UInt8] {
    file.encode(stamp: stampBytes(stamp), capacity: CachedBookmarks.estimatedBytes(of: contents.bookmarks) + 4096) {
      writer in
      writer.append(UInt32(contents.unreadableEntries))
      CachedBookmarks.append(contents.bookmarks, to: &writer)
      writer.append(UInt32(contents.folders.count))
      for path in contents.folders { writer.append(path) }
      CachedBookmarks.append(contents.deleted.map(\.bookmark), to: &writer)
      for deleted in contents.deleted {
        writer.append(deleted.deleted.timeIntervalSince1970.bitPattern)
        writer.append(deleted.device)
      }
    }
  }
}
