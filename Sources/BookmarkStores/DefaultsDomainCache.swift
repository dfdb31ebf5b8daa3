import BookmarkModel
import DurableFiles
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A private binary copy of the user-defaults domain's bookmarks, beside the domain file
/// (`cloudy.plist.cache`, 0600), so opening a large list does not parse the whole XML
/// property list (100,000 bookmarks: about 60 MB of XML).
///
/// The property list stays the truth and keeps Foundation compatibility; the cache is only
/// ever a faster way to read what it says:
/// - it is stamped with the domain file's signature (inode, size, modification time in
///   nanoseconds) and read only when that signature matches the file's now, so any change
///   by anyone (another Cloudy, Foundation, an editor) makes it stale;
/// - a stale, truncated, corrupted (checksum), foreign or other-version file is ignored
///   and the XML parsed instead, and the cache is then rewritten;
/// - it is written after every change Cloudy makes, under the domain's lock, and after a
///   read that had to parse; it is replaced with a `rename`, so a reader sees a whole old
///   or whole new file. It is not `fsync`ed: after a crash it is at worst stale or
///   corrupt, which the stamp and checksum catch.
///
/// Layout (little-endian): the 8-byte magic `CLDYUDC\0`, the format version (UInt32),
/// the stamp (inode UInt64, size Int64, seconds Int64, nanoseconds Int64), the number of
/// bookmarks and of unreadable entries (UInt32 each), the payload's length and an FNV-style
/// checksum of it (UInt64 each), then the payload: per bookmark `id`, `name`, `url` (each
/// a UInt32 byte count and UTF-8), `created` and `modified` (Double bit patterns), the
/// folder (a count, then strings), `notes` (a string) and the tags (a count, then strings);
/// then the domain's own folders (a count, then each path as a count and strings).
enum DefaultsDomainCache {
  static let magic: [UInt8] = Array("CLDYUDC\0".utf8)
  /// Raise when the layout changes: a cache of another version is ignored.
  static let formatVersion: UInt32 = 2
  static let headerSize = 8 + 4 + 32 + 8 + 16

  /// The cache file for a domain file.
  static func path(for domainPath: String) -> String { domainPath + ".cache" }

  // MARK: - Reading

  /// The cached contents if the cache at `path` is whole, of this version and stamped with
  /// exactly `stamp`; otherwise nil.
  static func read(_ path: String, matching stamp: PrivateFiles.Signature) -> DefaultsDomain.Contents? {
    // Read whole into one buffer of the file's size (not mapped: a mapped file cut short by
    // someone else would end the process with SIGBUS).
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_size >= headerSize, let size = Int(exactly: info.st_size) else { return nil }
    // Anonymous pages faulted in at once (one call, not one fault per page), given back on return.
    let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
    guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0), base != MAP_FAILED else { return nil }
    defer { munmap(base, size) }
    let buffer = UnsafeMutableRawBufferPointer(start: base, count: size)
    var filled = 0
    while filled < size {
      let count = Glibc.read(fd, buffer.baseAddress! + filled, size - filled)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      filled += count
    }
    return decode(UnsafeRawBufferPointer(buffer), matching: stamp)
  }

  static func decode(_ raw: UnsafeRawBufferPointer, matching stamp: PrivateFiles.Signature)
    -> DefaultsDomain.Contents?
  {
    var reader = Reader(raw: raw)
    guard raw.count >= headerSize, magic.elementsEqual(UnsafeRawBufferPointer(rebasing: raw[0..<8])) else {
      return nil
    }
    reader.offset = 8
    guard reader.uint32() == formatVersion,
      reader.uint64() == stamp.inode, reader.uint64() == UInt64(bitPattern: stamp.size),
      reader.uint64() == UInt64(bitPattern: Int64(stamp.seconds)),
      reader.uint64() == UInt64(bitPattern: Int64(stamp.nanoseconds)),
      let count = reader.uint32(), let unreadable = reader.uint32(),
      let payloadLength = reader.uint64(), let checksum = reader.uint64(),
      UInt64(raw.count - headerSize) == payloadLength,
      Self.checksum(UnsafeRawBufferPointer(rebasing: raw[headerSize...])) == checksum,
      Int(count) <= raw.count
    else { return nil }
    var bookmarks: [Bookmark] = []
    bookmarks.reserveCapacity(Int(count))
    // Neighbours usually share a folder (and often tags): equal bytes reuse the last array.
    var lastFolder = Reader.Repeated()
    var lastTags = Reader.Repeated()
    for _ in 0..<count {
      guard let id = reader.string(), let name = reader.string(), let url = reader.string(),
        let created = reader.uint64(), let modified = reader.uint64(),
        let folder = reader.strings(reusing: &lastFolder), let notes = reader.string(),
        let tags = reader.strings(reusing: &lastTags)
      else { return nil }
      bookmarks.append(
        Bookmark(
          id: id, name: name, url: url, created: Date(timeIntervalSince1970: Double(bitPattern: created)),
          modified: Date(timeIntervalSince1970: Double(bitPattern: modified)), folder: folder, notes: notes,
          tags: tags))
    }
    guard let folderCount = reader.uint32(), Int(folderCount) <= raw.count else { return nil }
    var folders: [[String]] = []
    for _ in 0..<folderCount {
      var unshared = Reader.Repeated()
      guard let path = reader.strings(reusing: &unshared) else { return nil }
      folders.append(path)
    }
    guard reader.offset == raw.count else { return nil }
    return DefaultsDomain.Contents(bookmarks: bookmarks, unreadableEntries: Int(unreadable), folders: folders)
  }

  /// Bounds-checked little-endian reads; nil past the end.
  private struct Reader {
    let raw: UnsafeRawBufferPointer
    var offset = 0

    mutating func uint32() -> UInt32? {
      guard raw.count - offset >= 4 else { return nil }
      defer { offset += 4 }
      return UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    mutating func uint64() -> UInt64? {
      guard raw.count - offset >= 8 else { return nil }
      defer { offset += 8 }
      return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    mutating func string() -> String? {
      guard let length = uint32().map(Int.init), raw.count - offset >= length else { return nil }
      defer { offset += length }
      let bytes = UnsafeRawBufferPointer(rebasing: raw[offset..<offset + length])
      // The checksum has vouched for these bytes, which were written from a String.
      return String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }

    /// The last list of strings read, and where its bytes were.
    struct Repeated {
      var range = 0..<0
      var strings: [String] = []
    }

    /// A count, then that many strings; the previous list itself when the bytes are the same.
    mutating func strings(reusing last: inout Repeated) -> [String]? {
      let start = offset
      guard let count = uint32() else { return nil }
      if count == 0 { return [] }
      var end = offset
      for _ in 0..<count {
        guard raw.count - end >= 4 else { return nil }
        let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: end, as: UInt32.self)))
        guard raw.count - end - 4 >= length else { return nil }
        end += 4 + length
      }
      if last.range.count == end - start,
        memcmp(raw.baseAddress! + start, raw.baseAddress! + last.range.lowerBound, end - start) == 0
      {
        offset = end
        return last.strings
      }
      var result: [String] = []
      result.reserveCapacity(Int(count))
      for _ in 0..<count {
        guard let string = string() else { return nil }
        result.append(string)
      }
      last = Repeated(range: start..<end, strings: result)
      return result
    }
  }

  // MARK: - Writing

  /// Replaces the cache with these contents, stamped `stamp`. Failures are ignored: the
  /// cache only ever saves time.
  static func write(_ contents: DefaultsDomain.Contents, stamp: PrivateFiles.Signature, to path: String) {
    let bytes = encode(contents, stamp: stamp)
    let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    var offset = 0
    let written = bytes.withUnsafeBytes { raw -> Bool in
      while offset < raw.count {
        let count = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += count
      }
      return true
    }
    close(fd)
    if !written || rename(temporary, path) != 0 { unlink(temporary) }
  }

  static func encode(_ contents: DefaultsDomain.Contents, stamp: PrivateFiles.Signature) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(headerSize + contents.bookmarks.count * 256)
    out.append(contentsOf: magic)
    append(formatVersion, to: &out)
    append(stamp.inode, to: &out)
    append(UInt64(bitPattern: stamp.size), to: &out)
    append(UInt64(bitPattern: Int64(stamp.seconds)), to: &out)
    append(UInt64(bitPattern: Int64(stamp.nanoseconds)), to: &out)
    append(UInt32(contents.bookmarks.count), to: &out)
    append(UInt32(contents.unreadableEntries), to: &out)
    let lengthOffset = out.count
    append(UInt64(0), to: &out)  // payload length, filled in below
    append(UInt64(0), to: &out)  // checksum, filled in below
    for bookmark in contents.bookmarks {
      append(bookmark.id, to: &out)
      append(bookmark.name, to: &out)
      append(bookmark.url, to: &out)
      append(bookmark.created.timeIntervalSince1970.bitPattern, to: &out)
      append(bookmark.modified.timeIntervalSince1970.bitPattern, to: &out)
      append(bookmark.folder, to: &out)
      append(bookmark.notes, to: &out)
      append(bookmark.tags, to: &out)
    }
    append(UInt32(contents.folders.count), to: &out)
    for path in contents.folders { append(path, to: &out) }
    let payloadLength = UInt64(out.count - headerSize)
    let checksum = out.withUnsafeBytes { Self.checksum(UnsafeRawBufferPointer(rebasing: $0[headerSize...])) }
    out.withUnsafeMutableBytes { raw in
      raw.storeBytes(of: payloadLength.littleEndian, toByteOffset: lengthOffset, as: UInt64.self)
      raw.storeBytes(of: checksum.littleEndian, toByteOffset: lengthOffset + 8, as: UInt64.self)
    }
    return out
  }

  private static func append(_ value: UInt32, to out: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
  }

  private static func append(_ value: UInt64, to out: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
  }

  private static func append(_ string: String, to out: inout [UInt8]) {
    var string = string
    string.withUTF8 { utf8 in
      append(UInt32(utf8.count), to: &out)
      out.append(contentsOf: utf8)
    }
  }

  private static func append(_ strings: [String], to out: inout [UInt8]) {
    append(UInt32(strings.count), to: &out)
    for string in strings { append(string, to: &out) }
  }

  /// A 64-bit checksum, eight bytes a step: catches truncation and corruption, not
  /// deliberate forgery (whoever can write the cache can write the domain file too).
  static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(raw.count)
    let words = raw.count / 8
    for index in 0..<words {
      hash =
        (hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)))
        &* 0x0000_0100_0000_01b3
      hash ^= hash >> 29
    }
    for index in (words * 8)..<raw.count {
      hash = (hash ^ UInt64(raw[index])) &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
