import BookmarkModel
import PropertyLists
import Synchronization

/// The key-value store's bookmark entries, each decoded once. The store decodes all its
/// values on every change (to publish the list, to file a new bookmark), and at 1,000 keys
/// that was milliseconds on every step of a sync between devices; an entry whose value did
/// not change keeps the bookmark decoded from it.
final class KeyValueDecodedEntries: Sendable {
  typealias Decoded = (bookmark: Bookmark, order: Int)?

  private let entries = Mutex<[String: (value: PropertyList, decoded: Decoded)]>([:])

  /// Each entry in `values` decoded by `decode`, or as before if its value is unchanged.
  /// Forgets the entries `values` no longer has.
  func decode(
    _ values: [String: PropertyList], where isEntry: (String) -> Bool, by decode: (String, PropertyList) -> Decoded
  ) -> [Decoded] {
    entries.withLock { known in
      var now: [String: (value: PropertyList, decoded: Decoded)] = [:]
      now.reserveCapacity(known.count)
      var decodedEntries: [Decoded] = []
      for (key, value) in values where isEntry(key) {
        let decoded: Decoded
        if let earlier = known[key], earlier.value == value {
          decoded = earlier.decoded
        } else {
          decoded = decode(key, value)
        }
        now[key] = (value, decoded)
        decodedEntries.append(decoded)
      }
      known = now
      return decodedEntries
    }
  }
}
