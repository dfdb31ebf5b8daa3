import BookmarkModel
import Foundation

/// Every bookmark's name, URL, folder path, tags and notes, folded (see ``SearchFolding``)
/// into one byte buffer, for finding every bookmark that satisfies a ``SearchQuery``.
///
/// Entries are stored back to back, in list order, as five fields each followed by 0x01
/// (the last by 0x00): the folded name; the folded URL; ``folderMark`` and the folder path,
/// each folder followed by `/`; ``tagMark``, then each tag followed by ``tagMark``; the
/// notes, line breaks as spaces. A folded query holds none of these control bytes, so no
/// word matches across two fields or two bookmarks, while a tag term (its marks around it)
/// matches a whole tag and a folder term (the mark before it, `/` after) a folder and
/// everything below it. A search over everything scans the whole buffer once (`memchr` for
/// the first byte) and steps to the next entry after each hit; a search among earlier
/// matches (the query grew) looks only inside those entries.
public struct SearchIndex: Sendable {
  /// Starts the folder path.
  static let folderMark: UInt8 = 0x03
  /// Starts the tags and ends each tag.
  static let tagMark: UInt8 = 0x02

  private var text: [UInt8] = []
  /// Where each entry starts in `text`, plus the end: `count + 1` offsets.
  private var starts: [Int] = [0]

  /// The index of `bookmarks`, folding with (and teaching) `folding`.
  public init(_ bookmarks: [Bookmark], folding: inout SearchFolding) {
    // Folding seldom makes text longer, so the fields' bytes are about what the buffer
    // holds: reserving them keeps growth (which doubles) from leaving up to half unused.
    text.reserveCapacity(Self.estimatedBytes(of: bookmarks))
    starts.reserveCapacity(bookmarks.count + 1)
    for bookmark in bookmarks {
      folding.append(bookmark.name, to: &text)
      text.append(0x01)
      folding.append(bookmark.url, to: &text)
      text.append(0x01)
      text.append(Self.folderMark)
      for folder in bookmark.folder {
        folding.append(folder, to: &text)
        text.append(UInt8(ascii: "/"))
      }
      text.append(0x01)
      text.append(Self.tagMark)
      for tag in bookmark.tags {
        folding.append(tag, to: &text)
        text.append(Self.tagMark)
      }
      text.append(0x01)
      if !bookmark.notes.isEmpty {
        folding.append(Self.spacingLineBreaks(bookmark.notes), to: &text)
      }
      text.append(0x00)
      starts.append(text.count)
    }
  }

  /// The bytes of `bookmarks`' fields and separators before folding.
  static func estimatedBytes(of bookmarks: [Bookmark]) -> Int {
    var bytes = 0
    for bookmark in bookmarks {
      bytes += bookmark.name.utf8.count + bookmark.url.utf8.count + bookmark.notes.utf8.count + 7
      for folder in bookmark.folder { bytes += folder.utf8.count + 1 }
      for tag in bookmark.tags { bytes += tag.utf8.count + 1 }
    }
    return bytes
  }

  /// How many bookmarks the index holds.
  public var count: Int { starts.count - 1 }

  /// The positions of the entries that satisfy every term of `query`, ascending: among
  /// `candidates` (ascending positions) when given, else among all.
  public func search(_ query: SearchQuery, among candidates: [Int]? = nil) -> [Int] {
    var found = candidates
    for term in query.terms where !term.isExcluded {
      found = search(term.pattern, among: found)
    }
    var result = found ?? Array(0..<count)
    for term in query.terms where term.isExcluded {
      let excluded = Set(search(term.pattern, among: result))
      if !excluded.isEmpty { result.removeAll { excluded.contains($0) } }
    }
    return result
  }

  /// Notes with their line breaks and tabs as spaces, so words on two lines stay two words.
  private static func spacingLineBreaks(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return text }
    return String(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : Character($0) })
  }

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
