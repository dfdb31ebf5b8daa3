import BookmarkModel
import Dispatch
import Foundation
import Synchronization

/// How both caches hold a list of bookmarks: what many bookmarks share (folder paths, tag
/// lists, folder record ids) written once in tables, so a bookmark is read with about half
/// the allocations (100,000 bookmarks: about 4 each rather than 8).
///
/// Layout: the number of bookmarks (UInt32); the folder paths, the tag lists (a count, then
/// each as a count and strings) and the folder record ids (a count, then strings); how many
/// bookmarks the first half holds (UInt32) and its length in bytes (UInt64); then the
/// bookmarks. A bookmark: `id`, `name`, `url`, `created` and `modified` (Double bit
/// patterns), its folder path's place in the table (UInt32), `notes`, its tag list's place
/// (UInt32), and its folder record id's place plus one (UInt32, 0 for none).
///
/// Asked to, the halves are read on two threads at once above ``readsInHalvesAbove`` bookmarks,
/// each into its part of one array. The document store asks: the app's first frame of 100,000
/// took 83–91 ms rather than 96–106 (`cloudy`'s second `malloc` arena keeps the threads from
/// taking turns on one lock). User defaults does not: its first frame took 91–100 ms in halves
/// against 73 in one, read as it is beside the app's start. Reading checks every length, count
/// and place, and that the first half ends where the second begins, so a file the checksum let
/// through but that was not written this way is refused (nil), never read past its end.
package enum CachedBookmarks {
  package static func append(_ bookmarks: [Bookmark], to writer: inout CacheWriter) {
    var folders = Table()
    var tags = Table()
    var folderIDs = Table()
    // Each bookmark's places, found once (neighbours usually share them, so the previous
    // bookmark's are tried before the tables' dictionaries).
    var places: [(folder: UInt32, tags: UInt32, folderID: UInt32)] = []
    places.reserveCapacity(bookmarks.count)
    var previous: Bookmark?
    for bookmark in bookmarks {
      let last = places.last
      let folder =
        previous.map { Exact($0.folder) == Exact(bookmark.folder) } == true
        ? last!.folder : folders.place(of: Exact(bookmark.folder))
      let tagList =
        previous.map { Exact($0.tags) == Exact(bookmark.tags) } == true
        ? last!.tags : tags.place(of: Exact(bookmark.tags))
      var folderID: UInt32 = 0
      if let id = bookmark.folderID {
        folderID =
          previous?.folderID.map { Exact([$0]) == Exact([id]) } == true
          ? last!.folderID : folderIDs.place(of: Exact([id])) + 1
      }
      places.append((folder, tagList, folderID))
      previous = bookmark
    }
    writer.append(UInt32(bookmarks.count))
    writer.append(UInt32(folders.values.count))
    for path in folders.values { writer.append(path.strings) }
    writer.append(UInt32(tags.values.count))
    for list in tags.values { writer.append(list.strings) }
    writer.append(UInt32(folderIDs.values.count))
    for id in folderIDs.values { writer.append(id.strings[0]) }
    let half = bookmarks.count / 2
    writer.append(UInt32(half))
    let firstHalfLength = writer.bytes.count
    writer.append(UInt64(0))
    for (index, (bookmark, place)) in zip(bookmarks, places).enumerated() {
      if index == half { writer.set(UInt64(writer.bytes.count - firstHalfLength - 8), at: firstHalfLength) }
      writer.append(bookmark.id)
      writer.append(bookmark.name)
      writer.append(bookmark.url)
      writer.append(bookmark.created.timeIntervalSince1970.bitPattern)
      writer.append(bookmark.modified.timeIntervalSince1970.bitPattern)
      writer.append(place.folder)
      writer.append(bookmark.notes)
      writer.append(place.tags)
      writer.append(place.folderID)
    }
  }

  /// At least the bytes ``append(_:to:)`` writes for `bookmarks`, so a cache's buffer is made
  /// once rather than doubled past its size: a buffer of 256 bytes a bookmark grew to 51 MB
  /// for 100,000 (the cache is 29.5 MB), the peak of an import. An estimate just short of the
  /// size doubles it too (46 MB for a 23 MB cache), so the tables, which are not counted, get
  /// an eighth more.
  package static func estimatedBytes(of bookmarks: [Bookmark]) -> Int {
    var bytes = 4
    for bookmark in bookmarks {
      // Four strings with their lengths, two dates, three places.
      bytes += bookmark.id.utf8.count + bookmark.name.utf8.count + bookmark.url.utf8.count + bookmark.notes.utf8.count
      bytes += 4 * 4 + 2 * 8 + 3 * 4
    }
    return bytes + bytes / 8
  }

  /// The bookmarks `reader` is at, or nil if they are not whole; the reader is moved past them.
  package static func read(_ reader: inout CacheReader) -> [Bookmark]? {
    read(&reader, place: { _ in nil })?.bookmarks
  }

  /// The bookmarks `reader` is at, each with the folder path it carries, and those a folder
  /// record places elsewhere now, with that place (by position); nil if they are not whole.
  ///
  /// - Parameter place: where a record's bookmarks show now, or nil to keep the paths they
  ///   carry; asked once per record, not per bookmark, and compared by table position, so
  ///   finding the moved ones hashes nothing per bookmark.
  package static func read(
    _ reader: inout CacheReader, inHalves: Bool = false, place: (FolderRecord.ID) -> [String]?
  ) -> (bookmarks: [Bookmark], moved: [(index: Int, folder: [String])])? {
    guard let head = Head(&reader) else { return nil }
    let (count, folders, tags, folderIDs, half, secondStart) =
      (head.count, head.folders, head.tags, head.folderIDs, head.half, head.secondStart)
    let places = folderIDs.map(place)
    // Each record's place as a position in the folder table (-1: not there, so every
    // bookmark it holds moved; nil: the record places nothing).
    var positions: [[String]: Int] = [:]
    for (position, path) in folders.enumerated() { positions[path] = positions[path] ?? position }
    let tables = Tables(
      folders: folders, tags: tags, folderIDs: folderIDs, places: places,
      placeInTable: places.map { place in place.map { positions[$0] ?? -1 } })
    let halves = [
      Half(start: reader.offset, first: 0, count: half, end: secondStart),
      Half(start: secondStart, first: half, count: count - half, end: nil),
    ]
    let raw = SharedBytes(raw: reader.raw)
    let read = HalvesRead()
    var whole = false
    let bookmarks = [Bookmark](unsafeUninitializedCapacity: count) { buffer, initialized in
      let slots = SharedSlots(base: buffer.baseAddress)
      let readHalf: @Sendable (Int) -> Void = { part in
        let done = halves[part].read(raw.raw, into: slots.base, tables)
        read.parts.withLock { $0[part] = done }
      }
      if inHalves, count > readsInHalvesAbove {
        DispatchQueue.concurrentPerform(iterations: 2, execute: readHalf)
      } else {
        readHalf(0)
        readHalf(1)
      }
      let parts = read.parts.withLock { $0 }
      whole = parts.allSatisfy { $0?.isWhole == true } && parts[0]?.end == secondStart
      guard whole else {
        // What a half made before it stopped is let go.
        for (part, done) in zip(halves, parts) {
          if let made = done?.made, made > 0 { (slots.base! + part.first).deinitialize(count: made) }
        }
        initialized = 0
        return
      }
      initialized = count
    }
    let parts = read.parts.withLock { $0 }
    guard whole, let first = parts[0], let second = parts[1] else { return nil }
    reader.offset = second.end
    return (bookmarks, first.moved + second.moved)
  }

  /// Only the bookmarks with these ids, in the list's order (their folder paths as carried),
  /// or nil if the list is not whole. The others are skipped without making their strings:
  /// 100,000 bookmarks are read in a few milliseconds rather than tens.
  package static func read(_ reader: inout CacheReader, keeping ids: Set<String>) -> [Bookmark]? {
    guard let head = Head(&reader) else { return nil }
    let (count, folders, tags, folderIDs, half, secondStart) =
      (head.count, head.folders, head.tags, head.folderIDs, head.half, head.secondStart)
    // The ids' UTF-8 bytes by a hash of them, compared byte for byte (as the cache stores them).
    var wanted: [UInt64: [[UInt8]]] = [:]
    for id in ids {
      let bytes = Array(id.utf8)
      bytes.withUnsafeBytes { wanted[fnv1a($0), default: []].append(bytes) }
    }
    var found: [Bookmark] = []
    for index in 0..<count {
      if index == half, reader.offset != secondStart { return nil }
      guard let length = reader.uint32().map(Int.init), reader.raw.count - reader.offset >= length else { return nil }
      let idBytes = UnsafeRawBufferPointer(rebasing: reader.raw[reader.offset..<reader.offset + length])
      let isWanted =
        wanted[fnv1a(idBytes)]?.contains { candidate in
          candidate.count == length
            && (length == 0 || candidate.withUnsafeBytes { memcmp($0.baseAddress!, idBytes.baseAddress!, length) == 0 })
        } == true
      if !isWanted {
        reader.offset += length
        guard reader.skipString() != nil, reader.skipString() != nil, reader.uint64() != nil,
          reader.uint64() != nil, let folder = reader.uint32(), Int(folder) < folders.count,
          reader.skipString() != nil, let tagList = reader.uint32(), Int(tagList) < tags.count,
          let folderID = reader.uint32(), Int(folderID) <= folderIDs.count
        else { return nil }
        continue
      }
      reader.offset -= 4
      guard let id = reader.string(), let name = reader.string(), let url = reader.string(),
        let created = reader.uint64(), let modified = reader.uint64(),
        let folder = reader.uint32().map(Int.init), folder < folders.count, let notes = reader.string(),
        let tagList = reader.uint32().map(Int.init), tagList < tags.count,
        let folderID = reader.uint32().map(Int.init), folderID <= folderIDs.count
      else { return nil }
      found.append(
        Bookmark(
          id: id, name: name, url: url, created: Date(timeIntervalSince1970: Double(bitPattern: created)),
          modified: Date(timeIntervalSince1970: Double(bitPattern: modified)), folder: folders[folder], notes: notes,
          tags: tags[tagList], folderID: folderID == 0 ? nil : folderIDs[folderID - 1]))
    }
    return found
  }

  /// What comes before the records: how many, the shared tables, how many the first half
  /// holds, and where the second half starts.
  private struct Head {
    var count: Int
    var folders: [[String]]
    var tags: [[String]]
    var folderIDs: [String]
    var half: Int
    var secondStart: Int

    init?(_ reader: inout CacheReader) {
      guard let count = reader.count(),
        let folders = table(&reader, { $0.strings() }),
        let tags = table(&reader, { $0.strings() }),
        let folderIDs = table(&reader, { $0.string() }),
        let half = reader.uint32().map(Int.init), half <= count,
        let firstLength = reader.uint64(), firstLength <= UInt64(reader.raw.count - reader.offset)
      else { return nil }
      (self.count, self.folders, self.tags, self.folderIDs, self.half) = (count, folders, tags, folderIDs, half)
      secondStart = reader.offset + Int(firstLength)
    }
  }

  /// FNV-1a over the bytes: a cheap hash to pass over ids not asked for.
  private static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// Above this many bookmarks the halves are read on two threads (fewer: a thread costs
  /// more than it saves).
  static let readsInHalvesAbove = 4_096

  /// What every record's fields refer to.
  private struct Tables: Sendable {
    var folders: [[String]]
    var tags: [[String]]
    var folderIDs: [String]
    var places: [[String]?]
    var placeInTable: [Int?]
  }

  /// What each half read, as it finishes.
  private final class HalvesRead: Sendable {
    let parts = Mutex<[Half.Read?]>([nil, nil])
  }

  /// The bytes being read, shared by the two halves (only read).
  private struct SharedBytes: @unchecked Sendable {
    let raw: UnsafeRawBufferPointer
  }

  /// The array being made: each half initializes its own slots, none both.
  private struct SharedSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<Bookmark>?
  }

  /// One half of the records: where its bytes start, where its bookmarks go, how many, and
  /// where its bytes must end (the first half: where the second starts).
  private struct Half: Sendable {
    var start: Int
    var first: Int
    var count: Int
    var end: Int?

    struct Read: Sendable {
      /// How many bookmarks were made (all of them, or those before a record that was not whole).
      var made: Int
      var isWhole: Bool
      var end: Int
      var moved: [(index: Int, folder: [String])]
    }

    func read(_ raw: UnsafeRawBufferPointer, into base: UnsafeMutablePointer<Bookmark>?, _ tables: Tables) -> Read {
      var reader = CacheReader(raw: raw, offset: start)
      var moved: [(index: Int, folder: [String])] = []
      for made in 0..<count {
        let index = first + made
        guard let id = reader.string(), let name = reader.string(), let url = reader.string(),
          let created = reader.uint64(), let modified = reader.uint64(),
          let folder = reader.uint32().map(Int.init), folder < tables.folders.count, let notes = reader.string(),
          let tagList = reader.uint32().map(Int.init), tagList < tables.tags.count,
          let folderID = reader.uint32().map(Int.init), folderID <= tables.folderIDs.count, let base
        else { return Read(made: made, isWhole: false, end: reader.offset, moved: moved) }
        if folderID > 0, let position = tables.placeInTable[folderID - 1], position != folder {
          moved.append((index, tables.places[folderID - 1]!))
        }
        (base + index).initialize(
          to: Bookmark(
            id: id, name: name, url: url, created: Date(timeIntervalSince1970: Double(bitPattern: created)),
            modified: Date(timeIntervalSince1970: Double(bitPattern: modified)), folder: tables.folders[folder],
            notes: notes, tags: tables.tags[tagList],
            folderID: folderID == 0 ? nil : tables.folderIDs[folderID - 1]))
      }
      return Read(made: count, isWhole: end.map { $0 == reader.offset } ?? true, end: reader.offset, moved: moved)
    }
  }

  private static func table<T>(_ reader: inout CacheReader, _ item: (inout CacheReader) -> T?) -> [T]? {
    guard let count = reader.count() else { return nil }
    var values: [T] = []
    values.reserveCapacity(count)
    for _ in 0..<count {
      guard let value = item(&reader) else { return nil }
      values.append(value)
    }
    return values
  }

  /// Strings compared and hashed by their UTF-8 bytes. Swift's `==` takes canonically
  /// equivalent text as equal ("é" and "e" with U+0301), and a cache must give back the very
  /// bytes it was given: a bookmark edited later writes them to its document.
  private struct Exact: Hashable {
    var strings: [String]

    init(_ strings: [String]) { self.strings = strings }

    static func == (a: Exact, b: Exact) -> Bool {
      a.strings.count == b.strings.count && zip(a.strings, b.strings).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(strings.count)
      for string in strings {
        var string = string
        string.withUTF8 { utf8 in
          hasher.combine(utf8.count)
          hasher.combine(bytes: UnsafeRawBufferPointer(utf8))
        }
      }
    }
  }

  /// Values in the order first met, and each one's place.
  private struct Table {
    var values: [Exact] = []
    var places: [Exact: UInt32] = [:]

    mutating func place(of value: Exact) -> UInt32 {
      if let place = places[value] { return place }
      let place = UInt32(values.count)
      values.append(value)
      places[value] = place
      return place
    }
  }
}
