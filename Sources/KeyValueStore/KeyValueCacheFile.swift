import DurableFiles
import Foundation
import PropertyLists

/// The file that holds one account's ``KeyValueCache`` on this device, written atomically
/// under an inter-process lock, so sessions sharing a home never lose each other's changes.
struct KeyValueCacheFile: Sendable {
  let path: String
  let account: String
  let cloud: String
  var lockPath: String { path + ".lock" }
  private let parsed = ParsedCacheFiles()

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

  /// The changes not yet confirmed by the cloud, kept in a file of their own beside the
  /// cloud's shadow: damage to the one never takes the other with it.
  var pendingPath: String { path + ".pending" }

  /// Both files' signatures, which change whenever either file is replaced.
  struct Signature: Hashable, Sendable {
    var shadow: PrivateFiles.Signature?
    var pending: PrivateFiles.Signature?
  }

  var signature: Signature {
    Signature(shadow: PrivateFiles.signature(path), pending: PrivateFiles.signature(pendingPath))
  }

  /// Reads the cache: the shadow with the pending changes laid over it. A missing file is
  /// an empty one. Under the shared lock: a push's confirmation writes the pending file (the
  /// key gone) before the shadow (the key's new record), and a read between the two once saw
  /// neither, so a bookmark vanished from the list until the next change.
  func read() throws -> KeyValueCache {
    let directory = (path as NSString).deletingLastPathComponent
    guard FileManager.default.fileExists(atPath: directory) else { return try readBoth().cache }
    do {
      return try PrivateFiles.withSharedLock(lockPath) { try readBoth().cache }
    } catch FileError.writeFailed(let failed, _) where failed == lockPath {
      // The lock can't be taken (its path is not a file, the folder is read-only): read
      // without it rather than not at all.
      return try readBoth().cache
    }
  }

  /// The cache, and whether the shadow file still holds pending changes (a cache written
  /// before they had a file of their own).
  private func readBoth() throws -> (cache: KeyValueCache, pendingInShadow: Bool) {
    var cache = try readOne(path)
    let pendingInShadow = !cache.pending.isEmpty
    if FileManager.default.fileExists(atPath: pendingPath) {
      cache.pending.merge(try readOne(pendingPath).pending) { _, newer in newer }
    }
    return (cache, pendingInShadow)
  }

  private func readOne(_ file: String) throws -> KeyValueCache {
    guard let data = try PrivateFiles.read(file) else { return KeyValueCache(account: account, cloud: cloud) }
    if let known = parsed.cache(at: file, holding: data) { return known }
    do {
      let cache = try KeyValueCache(propertyList: try PropertyListReader.read(data))
      parsed.remember(cache, at: file, holding: data)
      return cache
    } catch let error as KeyValueCache.Unreadable {
      throw Damaged(path: file, reason: "it has \(error.reason)")
    } catch {
      throw Damaged(path: file, reason: "not a property list")
    }
  }

  /// The file was read but its contents are not a cache this version understands (as
  /// opposed to a file that could not be read at all, which may work on the next try).
  struct Damaged: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path) is damaged (\(reason))" }
  }

  /// Changes the cache under the lock, reading the newest contents first, and writes each
  /// file that changed atomically: the pending changes first, then the shadow, so a crash
  /// in between leaves a change queued twice (sent again, harmlessly), never lost. Returns
  /// the body's result and the cache as written.
  func modify<T>(_ body: (inout KeyValueCache) throws -> T) throws -> (result: T, cache: KeyValueCache) {
    try PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
    return try PrivateFiles.withExclusiveLock(lockPath) {
      PrivateFiles.removeStaleTemporaries(of: path)
      PrivateFiles.removeStaleTemporaries(of: pendingPath)
      let (before, pendingInShadow) = try readBoth()
      var cache = before
      let result = try body(&cache)
      if cache.pending != before.pending || pendingInShadow {
        var pending = KeyValueCache(account: account, cloud: cloud)
        pending.pending = cache.pending
        try write(pending, to: pendingPath)
      }
      var shadow = cache
      shadow.pending = [:]
      var shadowBefore = before
      shadowBefore.pending = [:]
      if shadow != shadowBefore || pendingInShadow {
        try write(shadow, to: path)
      }
      return (result, cache)
    }
  }

  private func write(_ cache: KeyValueCache, to file: String) throws {
    let data = PropertyListXMLWriter.data(for: cache.propertyList)
    try PrivateFiles.replace(file, with: data)
    // What was written needn't be parsed back: every value in a cache already is in the
    // form the file gives back (set, or fetched from the cloud, through
    // `PropertyList.stored(insideLevels:)`), and the other fields are strings and integers.
    parsed.remember(cache, at: file, holding: data)
  }

  /// Moves an unreadable file (the shadow or the pending changes) aside, never deleting
  /// it, so a fresh one can be built. Returns the path it was moved to.
  func setAside(_ damaged: String) throws -> String {
    try PrivateFiles.withExclusiveLock(lockPath) {
      let aside = damaged + ".unreadable-\(Int(Date().timeIntervalSince1970))"
      guard rename(damaged, aside) == 0 else {
        throw FileError.writeFailed(path: damaged, reason: String(cString: strerror(errno)))
      }
      return aside
    }
  }
}
