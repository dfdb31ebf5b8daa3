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
  /// A large list is searched in parts at once, one a core (issue 39.3: a keystroke at
  /// 1,000,000 bookmarks).
  public func search(_ needle: [UInt8], among candidates: [Int]? = nil) -> [Int] {
    search(needle, among: candidates, splitAbove: Self.splitAbove)
  }

  /// ``search(_:among:)``, in parts when more than `splitAbove` bytes are looked at.
  func search(_ needle: [UInt8], among candidates: [Int]?, splitAbove: Int) -> [Int] {
    guard !needle.isEmpty else { return candidates ?? Array(0..<count) }
    let scanned = candidates.map { text.count / max(1, count) * $0.count } ?? text.count
    let parts = scanned > splitAbove ? min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)) : 1
    return text.withUnsafeBytes { haystack in
      needle.withUnsafeBytes { pattern in
        let anchor = Self.anchor(of: pattern)
        let total = candidates?.count ?? count
        let bounds = (0...parts).map { total * $0 / parts }
        var found = [[Int]](repeating: [], count: parts)
        found.withUnsafeMutableBufferPointer { found in
          // Each part writes only its own slot, and reads what no part writes.
          nonisolated(unsafe) let (found, haystack, pattern) = (found, haystack, pattern)
          let search = { @Sendable (part: Int) in
            let range = bounds[part]..<bounds[part + 1]
            if let candidates {
              found[part] = candidates[range].filter { entry in
                let entryText = UnsafeRawBufferPointer(rebasing: haystack[starts[entry]..<starts[entry + 1]])
                return Self.find(pattern, anchor: anchor, in: entryText) != nil
              }
            } else {
              found[part] = searchAll(haystack, pattern, anchor: anchor, entries: range)
            }
          }
          if parts == 1 {
            search(0)
          } else {
            DispatchQueue.concurrentPerform(iterations: parts, execute: search)
          }
        }
        return parts == 1 ? found[0] : Array(found.joined())
      }
    }
  }

  /// More bytes than this to look at are searched in parts (8 MB: about 60,000 bookmarks).
  static let splitAbove = 8 << 20

  /// The entries in `entries` whose text contains `pattern`, ascending.
  private func searchAll(
    _ haystack: UnsafeRawBufferPointer, _ pattern: UnsafeRawBufferPointer, anchor: Int, entries: Range<Int>
  ) -> [Int] {
    var found: [Int] = []
    guard !entries.isEmpty else { return found }
    let end = starts[entries.upperBound]
    var offset = starts[entries.lowerBound]
    var entry = entries.lowerBound
    while offset < end {
      guard
        let hit = Self.find(pattern, anchor: anchor, in: UnsafeRawBufferPointer(rebasing: haystack[offset..<end]))
      else { break }
      let position = offset + hit
      while starts[entry + 1] <= position { entry += 1 }
      found.append(entry)
      offset = starts[entry + 1]
      entry += 1
    }
    return found
  }

  /// The offset of the first occurrence of a non-empty `pattern` in `haystack`: `memchr`
  /// finds each place of the pattern's byte at `anchor` (its rarest, ``anchor(of:)``),
  /// `memcmp` checks the whole pattern around it.
  static func find(_ pattern: UnsafeRawBufferPointer, anchor: Int = 0, in haystack: UnsafeRawBufferPointer) -> Int? {
    guard let base = haystack.baseAddress, let needle = pattern.baseAddress, pattern.count <= haystack.count else {
      return nil
    }
    let byte = Int32(pattern[anchor])
    // The anchor's first and last possible places.
    var offset = anchor
    let last = haystack.count - pattern.count + anchor
    while offset <= last {
      guard let hit = memchr(base + offset, byte, last - offset + 1) else { return nil }
      let start = base.distance(to: UnsafeRawPointer(hit)) - anchor
      if pattern.count == 1 || memcmp(base + start, needle, pattern.count) == 0 { return start }
      offset = start + anchor + 1
    }
    return nil
  }

  /// The place in `pattern` of its byte least often found in bookmarks' folded text: `memchr`
  /// stops at fewer places that are not a match (`swift` is looked for by its `f`, not by the
  /// `s` of nearly every URL). The first of equally rare ones.
  static func anchor(of pattern: UnsafeRawBufferPointer) -> Int {
    var best = 0
    for index in pattern.indices where commonness[Int(pattern[index])] < commonness[Int(pattern[best])] {
      best = index
    }
    return best
  }

  /// How common each byte is in folded names, URLs and folders, from the most common (the
  /// separators, then `/`, `e`, `t`, … of URLs and English) to the rarest (0: not listed).
  /// UTF-8 lead bytes of the common scripts come before the other bytes of a character.
  private static let commonness: [UInt8] = {
    let order =
      Array("\u{1}\u{0}/et.aospihnrcm:wldug -bfykv0123456789x_jqz".utf8) + Array(0xC2...0xF4)
      + Array(0x80...0xBF)
    var table = [UInt8](repeating: 0, count: 256)
    for (rank, byte) in order.enumerated() where table[Int(byte)] == 0 { table[Int(byte)] = UInt8(255 - rank / 2) }
    return table
  }()
}
