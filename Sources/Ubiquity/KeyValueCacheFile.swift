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
    var name = ""
    for byte in account.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
        name.append(Character(UnicodeScalar(byte)))
      default:
        name += String(format: "%%%02X", byte)
      }
    }
    // FNV-1a: a stable short name for the cloud address.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in cloud.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return name + "@" + String(hash, radix: 16) + ".plist"
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
