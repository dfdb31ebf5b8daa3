import BookmarkModel
import Foundation

/// Every bookmark's name and URL, folded (see ``SearchFolding``) into one byte buffer, for
/// finding every bookmark whose name or URL contains a query.
///
/// Entries are stored back to back, in list order: the folded name, a 0x01 byte, the
/// folded URL, a 0x00 byte. A folded query holds neither byte, so no match spans two
/// fields or two bookmarks. A search over everything scans the whole buffer once (`memchr` for the first byte)
/// and steps to the next entry after each hit; a search among earlier matches (the query
/// grew) looks only inside those entries.
public struct SearchIndex: Sendable {
  private var text: [UInt8] = []
  /// Where each entry starts in `text`, plus the end: `count + 1` offsets.
  private var starts: [Int] = [0]

  /// The index of `bookmarks`, folding with (and teaching) `folding`.
  public init(_ bookmarks: [Bookmark], folding: inout SearchFolding) {
    text.reserveCapacity(bookmarks.count * 64)
    starts.reserveCapacity(bookmarks.count + 1)
    for bookmark in bookmarks {
      folding.append(bookmark.name, to: &text)
      text.append(0x01)
      folding.append(bookmark.url, to: &text)
      text.append(0x00)
      starts.append(text.count)
    }
  }

  /// How many bookmarks the index holds.
  public var count: Int { starts.count - 1 }

  /// The positions of the entries that contain `needle`, ascending: among `candidates`
  /// (ascending positions) when given, else among all. An empty needle matches every one.
  public func search(_ needle: [UInt8], among candidates: [Int]? = nil) -> [Int] {
    guard !needle.isEmpty else { return candidates ?? Array(0..<count) }
    return text.withUnsafeBytes { haystack in
      needle.withUnsafeBytes { pattern in
        if let candidates {
          return candidates.filter { entry in
            let start = starts[entry]
            let length = starts[entry + 1] - start
            return Self.find(pattern, in: UnsafeRawBufferPointer(rebasing: haystack[start..<start + length])) != nil
          }
        }
        return searchAll(haystack, pattern)
      }
    }
  }

  private func searchAll(_ haystack: UnsafeRawBufferPointer, _ pattern: UnsafeRawBufferPointer) -> [Int] {
    var found: [Int] = []
    guard haystack.count > 0 else { return found }
    var offset = 0
    var entry = 0
    while offset < haystack.count {
      guard let hit = Self.find(pattern, in: UnsafeRawBufferPointer(rebasing: haystack[offset...])) else { break }
      let position = offset + hit
      while starts[entry + 1] <= position { entry += 1 }
      found.append(entry)
      offset = starts[entry + 1]
      entry += 1
    }
    return found
  }

  /// The offset of the first occurrence of a non-empty `pattern` in `haystack`: `memchr`
  /// finds each candidate first byte, `memcmp` checks the rest.
  static func find(_ pattern: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer) -> Int? {
    guard let base = haystack.baseAddress, let needle = pattern.baseAddress, pattern.count <= haystack.count else {
      return nil
    }
    let first = Int32(pattern[0])
    let last = haystack.count - pattern.count
    var offset = 0
    while offset <= last {
      guard let hit = memchr(base + offset, first, last - offset + 1) else { return nil }
      let position = base.distance(to: UnsafeRawPointer(hit))
      if pattern.count == 1 || memcmp(base + position + 1, needle + 1, pattern.count - 1) == 0 { return position }
      offset = position + 1
    }
    return nil
  }
}
