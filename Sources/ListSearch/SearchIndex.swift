import BookmarkModel
import CSubstring
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
/// everything below it. A search over everything scans the whole buffer once (two bytes of
/// the query compared at 32 places at once, `cloudy_find`) and steps to the next entry after
/// each hit; a search among earlier matches (the query grew) looks only inside those entries.
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
      result = result.ascendingRemoving(search(term.pattern, among: result))
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
    locate(needle, among: candidates, from: nil, splitAbove: splitAbove, places: false).entries
  }

  /// The entries that contain `needle`, ascending, each with the place in its text where
  /// `needle` is first found (``FoundPlaces``): among `candidates` when given, each looked for
  /// from its place in `from` (where a query `needle` starts with was first found in it:
  /// `needle` can't be found before), else among all. A query that grows by a letter then
  /// compares, for most earlier matches, the 8 bytes kept from there rather than their text.
  public func locate(_ needle: [UInt8], among candidates: [Int]?, from: FoundPlaces?) -> (
    entries: [Int], found: FoundPlaces
  ) {
    locate(needle, among: candidates, from: from, splitAbove: Self.splitAbove, places: true)
  }

  func locate(
    _ needle: [UInt8], among candidates: [Int]?, from: FoundPlaces?, splitAbove: Int, places wanted: Bool
  ) -> (entries: [Int], found: FoundPlaces) {
    precondition(from == nil || from?.count == candidates?.count, "a place for each candidate")
    // Every entry, from their starts: one scan of the whole text is quicker.
    if from == nil, let all = candidates?.count, all == count, count > 0 {
      return locate(needle, among: nil, from: nil, splitAbove: splitAbove, places: wanted)
    }
    guard !needle.isEmpty else {
      let all = candidates ?? Array(0..<count)
      guard wanted else { return (all, FoundPlaces()) }
      return (all, from ?? FoundPlaces(places: all.map { _ in 0 }, windows: all.map { windowOfEntry($0) }))
    }
    let scanned = candidates.map { text.count / max(1, count) * $0.count } ?? text.count
    let parts = scanned > splitAbove ? min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)) : 1
    return text.withUnsafeBufferPointer { haystack in
      starts.withUnsafeBufferPointer { starts in
        needle.withUnsafeBufferPointer { pattern in
          let (first, second) = Self.anchors(of: UnsafeRawBufferPointer(pattern))
          let total = candidates?.count ?? count
          let bounds = (0...parts).map { total * $0 / parts }
          // One array of each for all the parts, each part writing from its own start, and the
          // later parts' results moved down after the earlier ones': arrays of their own joined
          // after were twice the memory touched, a page fault for every 4 KB of it (24 MB at
          // 1,000,000 bookmarks). Made without setting them first for the same reason.
          var counts = [Int](repeating: 0, count: parts)
          var places: [Int] = []
          var entries: [Int] = []
          let windows = [UInt64](unsafeUninitializedCapacity: wanted ? total : 0) { windows, windowed in
            places = [Int](unsafeUninitializedCapacity: wanted ? total : 0) { places, placed in
              entries = [Int](unsafeUninitializedCapacity: total) { buffer, written in
                counts.withUnsafeMutableBufferPointer { counts in
                  // Each part writes only its own range and count, and reads what no part writes.
                  nonisolated(unsafe) let (haystack, starts, pattern, counts) = (haystack, starts, pattern, counts)
                  nonisolated(unsafe) let (buffer, places, windows) = (buffer, places, windows)
                  let search = { @Sendable (part: Int) in
                    let range = bounds[part]..<bounds[part + 1]
                    let entriesOut = buffer.baseAddress.map { $0 + range.lowerBound }
                    let placesOut = wanted ? places.baseAddress.map { $0 + range.lowerBound } : nil
                    let windowsOut = wanted ? windows.baseAddress.map { $0 + range.lowerBound } : nil
                    if let candidates {
                      counts[part] = candidates.withUnsafeBufferPointer { candidates in
                        from.withUnsafeBuffersIfPresent { from, fromWindows in
                          cloudy_find_among(
                            haystack.baseAddress, haystack.count, starts.baseAddress,
                            candidates.baseAddress.map { $0 + range.lowerBound },
                            from?.baseAddress.map { $0 + range.lowerBound },
                            fromWindows?.baseAddress.map { $0 + range.lowerBound }, range.count, pattern.baseAddress,
                            pattern.count, first, second, entriesOut, placesOut, windowsOut)
                        }
                      }
                    } else {
                      counts[part] = cloudy_find_entries(
                        haystack.baseAddress, haystack.count, starts.baseAddress, range.lowerBound, range.upperBound,
                        pattern.baseAddress, pattern.count, first, second, entriesOut, placesOut, windowsOut)
                    }
                  }
                  if parts == 1 {
                    search(0)
                  } else {
                    DispatchQueue.concurrentPerform(iterations: parts, execute: search)
                  }
                  var kept = counts[0]
                  for part in 1..<parts {
                    let (from, found) = (bounds[part], counts[part])
                    if let base = buffer.baseAddress { (base + kept).update(from: base + from, count: found) }
                    if wanted, let base = places.baseAddress { (base + kept).update(from: base + from, count: found) }
                    if wanted, let base = windows.baseAddress { (base + kept).update(from: base + from, count: found) }
                    kept += found
                  }
                  written = kept
                }
              }
              placed = wanted ? entries.count : 0
            }
            windowed = wanted ? entries.count : 0
          }
          // Few found among many: kept at their size (a step of the query is kept while it
          // is typed on).
          if total > 1 << 16, entries.count < total / 4 {
            return (Array(entries[...]), FoundPlaces(places: Array(places[...]), windows: Array(windows[...])))
          }
          return (entries, FoundPlaces(places: places, windows: windows))
        }
      }
    }
  }

  /// The first 8 bytes of an entry's text, as ``FoundPlaces`` keeps them.
  private func windowOfEntry(_ entry: Int) -> UInt64 {
    var window: UInt64 = 0
    for (shift, byte) in zip(stride(from: 0, to: 64, by: 8), text[starts[entry]...].prefix(8)) {
      window |= UInt64(byte) << UInt64(shift)
    }
    return window
  }

  /// More bytes than this to look at are searched in parts (8 MB: about 60,000 bookmarks).
  static let splitAbove = 8 << 20

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

  /// The places in `pattern` of its rarest byte (``anchor(of:)``) and of the next rarest
  /// elsewhere in it: the search compares both at every place of a block at once
  /// (`cloudy_find`), and the two seldom agree where the pattern is not. Both 0 for one byte.
  static func anchors(of pattern: UnsafeRawBufferPointer) -> (first: Int, second: Int) {
    let first = anchor(of: pattern)
    var second = first
    for index in pattern.indices where index != first {
      if second == first || commonness[Int(pattern[index])] < commonness[Int(pattern[second])] { second = index }
    }
    return (first, second)
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

extension Optional where Wrapped == FoundPlaces {
  /// `body` with the buffers of the places and windows, or with `nil`s when there are none.
  fileprivate func withUnsafeBuffersIfPresent<R>(
    _ body: (UnsafeBufferPointer<Int>?, UnsafeBufferPointer<UInt64>?) -> R
  ) -> R {
    switch self {
    case .some(let found):
      found.places.withUnsafeBufferPointer { places in found.windows.withUnsafeBufferPointer { body(places, $0) } }
    case .none: body(nil, nil)
    }
  }
}
