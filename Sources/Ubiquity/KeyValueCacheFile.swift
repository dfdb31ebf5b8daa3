import BookmarkModel
import DurableFiles
import Foundation

/// The file that holds one account's ``KeyValueCache`` on this device, written atomically
/// under an inter-process lock, so sessions sharing a home never lose each other's changes.
struct KeyValueCacheFile: Sendable {
  let path: String
  let account: String
  let cloud: String
  var lockPath: String { path + ".lock" }

  /// The cache file for an account and cloud in `directory`: one file per pair, so
  /// switching accounts or clouds never mixes their values or drops queued changes.
  init(directory: String, account: String, cloud: String) {
    self.account = account
    self.cloud = cloud
    path = directory + "/" + Self.fileName(account: account, cloud: cloud)
  }

  static func fileName(account: String, cloud: String) -> String {
    AccountCloudName.make(account: account, cloud: cloud) + ".plist"
  }

  /// Reads the cache; a missing file is an empty cache.
  func read() throws -> KeyValueCache {
    guard let data = try PrivateFiles.read(path) else { return KeyValueCache(account: account, cloud: cloud) }
    do {
      return try KeyValueCache(propertyList: try PropertyListReader.read(data))
    } catch let error as KeyValueCache.Unreadable {
      throw Damaged(path: path, reason: "it has \(error.reason)")
    } catch {
      throw Damaged(path: path, reason: "not a property list")
    }
  }

  /// The file was read but its contents are not a cache this version understands (as
  /// opposed to a file that could not be read at all, which may work on the next try).
  struct Damaged: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path) is damaged (\(reason))" }
  }

  /// Changes the cache under the lock, reading the newest contents first, and writes it
  /// atomically. Returns the body's result and the cache as written.
  func modify<T>(_ body: (inout KeyValueCache) throws -> T) throws -> (result: T, cache: KeyValueCache) {
    try PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
    return try PrivateFiles.withExclusiveLock(lockPath) {
      PrivateFiles.removeStaleTemporaries(of: path)
      var cache = try read()
      let before = cache
      let result = try body(&cache)
      if cache != before {
        try PrivateFiles.replace(path, with: PropertyListXMLWriter.data(for: cache.propertyList))
      }
      return (result, cache)
    }
  }

  /// Moves an unreadable cache aside (never deleting it) so a fresh one can be built.
  /// Returns the path it was moved to.
  func setAside() throws -> String {
    try PrivateFiles.withExclusiveLock(lockPath) {
      let aside = path + ".unreadable-\(Int(Date().timeIntervalSince1970))"
      guard rename(path, aside) == 0 else {
        throw FileError.writeFailed(path: path, reason: String(cString: strerror(errno)))
      }
      return aside
    }
  }
}
