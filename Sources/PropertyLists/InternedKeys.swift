import Foundation

/// The dictionary keys a parser has met, by their bytes, so a key that repeats (each of
/// 100,000 bookmarks has `id`, `url`, `created` …) is compared with one met before instead
/// of being made into a `String` again. Only keys whose text is their bytes (valid UTF-8, no
/// entity) are remembered, at most ``limit`` of them.
struct InternedKeys {
  static let limit = 64
  /// The keys' bytes one after another; key `i` ends at `ends[i]`.
  private var storage: [UInt8] = []
  private var ends: [Int] = []
  private var strings: [String] = []
  /// Where to look first: the key after the last one found (keys come in the same order in
  /// every entry).
  private var next = 0

  /// The key with exactly these bytes, if it was remembered.
  mutating func lookUp(_ key: UnsafeBufferPointer<UInt8>) -> String? {
    let count = strings.count
    var i = next
    for _ in 0..<count {
      if i == count { i = 0 }
      let start = i == 0 ? 0 : ends[i - 1]
      if ends[i] - start == key.count, matches(key, at: start) {
        next = i + 1
        return strings[i]
      }
      i += 1
    }
    return nil
  }

  /// Remembers a key's text (its bytes must be valid UTF-8 with no entity).
  mutating func remember(_ key: UnsafeBufferPointer<UInt8>, as string: String) {
    guard strings.count < Self.limit else { return }
    storage.append(contentsOf: key)
    ends.append(storage.count)
    strings.append(string)
    next = strings.count
  }

  private func matches(_ key: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
    guard let keyBase = key.baseAddress, !key.isEmpty else { return true }
    return storage.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, keyBase, key.count) == 0 }
  }
}
