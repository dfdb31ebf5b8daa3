import Foundation
import Synchronization

/// The bytes each cache file held when this session last read or wrote it, with what they
/// parse to. Every sync step reads the cache afresh under its lock (another session may
/// have changed it), and parsing it was most of a step's time (42% of both devices'
/// samples in a profile of a sync between them, which grew slower with each key). Reading
/// the bytes again and comparing them is cheap and can't be fooled, as a file's size and
/// time can (a rename may reuse an inode within one tick of the clock).
final class ParsedCacheFiles: Sendable {
  private let files = Mutex<[String: (bytes: Data, cache: KeyValueCache)]>([:])

  /// What `bytes` parsed to when `path` last held exactly them, or `nil`.
  func cache(at path: String, holding bytes: Data) -> KeyValueCache? {
    files.withLock { files in
      guard let known = files[path], known.bytes == bytes else { return nil }
      return known.cache
    }
  }

  /// Remembers that `path` holds `bytes`, which parse to `cache`.
  func remember(_ cache: KeyValueCache, at path: String, holding bytes: Data) {
    files.withLock { $0[path] = (bytes, cache) }
  }
}
