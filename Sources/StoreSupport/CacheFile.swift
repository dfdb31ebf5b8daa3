import DurableFiles
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The framing of Cloudy's private binary caches (user defaults' ``DefaultsDomainCache``, the
/// document store's ``GatheredDocumentsCache``): a faster way to read what a slower source
/// says, never the only copy of anything.
///
/// Layout (little-endian): an 8-byte magic, the format version (UInt32), the stamp's length
/// (UInt32) and bytes (what the cache was made from: a file's signature, an index's
/// generation), the payload's length and an FNV-style checksum of it (UInt64 each), then the
/// payload. A file whose magic, version, stamp, length or checksum is not exactly what the
/// reader expects is not read at all.
///
/// Written to a temporary and renamed over the old file (0600), so a reader sees a whole
/// old or whole new file; not `fsync`ed: after a crash it is at worst stale or corrupt,
/// which the stamp and checksum catch.
package struct CacheFile {
  package var magic: [UInt8]
  package var formatVersion: UInt32

  package init(magic: [UInt8], formatVersion: UInt32) {
    self.magic = magic
    self.formatVersion = formatVersion
  }

  /// The header's size for a stamp of this many bytes.
  package static func headerSize(stampLength: Int) -> Int { 8 + 4 + 4 + stampLength + 16 }

  // MARK: - Reading

  /// The whole file at `path` in one buffer given to `body`, or nil if it can't be read.
  package static func withContents<T>(of path: String, _ body: (UnsafeRawBufferPointer) -> T?) -> T? {
    // Read whole into one buffer of the file's size (not mapped: a mapped file cut short by
    // someone else would end the process with SIGBUS).
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_size > 0, let size = Int(exactly: info.st_size) else { return nil }
    // Anonymous pages faulted in at once (one call, not one fault per page), given back on return.
    let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
    guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0), base != MAP_FAILED else { return nil }
    defer { munmap(base, size) }
    var filled = 0
    while filled < size {
      let count = Glibc.read(fd, base + filled, size - filled)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      filled += count
    }
    return body(UnsafeRawBufferPointer(start: base, count: size))
  }

  /// Gives `body` a reader over the payload if `raw` is a whole cache of this kind and
  /// version, stamped exactly `stamp`; nil otherwise, or if `body` does not read the whole
  /// payload (or returns nil).
  package func decode<T>(_ raw: UnsafeRawBufferPointer, stamp: [UInt8], _ body: (inout CacheReader) -> T?) -> T? {
    let headerSize = Self.headerSize(stampLength: stamp.count)
    guard raw.count >= headerSize, magic.elementsEqual(UnsafeRawBufferPointer(rebasing: raw[0..<8])) else {
      return nil
    }
    var header = CacheReader(raw: raw, offset: 8)
    guard header.uint32() == formatVersion, header.uint32() == UInt32(stamp.count),
      stamp.elementsEqual(UnsafeRawBufferPointer(rebasing: raw[header.offset..<header.offset + stamp.count]))
    else { return nil }
    header.offset += stamp.count
    guard let payloadLength = header.uint64(), let checksum = header.uint64(),
      UInt64(raw.count - headerSize) == payloadLength,
      Self.checksum(UnsafeRawBufferPointer(rebasing: raw[headerSize...])) == checksum
    else { return nil }
    var reader = CacheReader(raw: raw, offset: headerSize)
    guard let result = body(&reader), reader.offset == raw.count else { return nil }
    return result
  }

  // MARK: - Writing

  /// The bytes of a cache stamped `stamp` whose payload `body` writes.
  package func encode(stamp: [UInt8], capacity: Int = 0, _ body: (inout CacheWriter) -> Void) -> [UInt8] {
    var writer = CacheWriter()
    let headerSize = Self.headerSize(stampLength: stamp.count)
    writer.bytes.reserveCapacity(headerSize + capacity)
    writer.bytes.append(contentsOf: magic)
    writer.append(formatVersion)
    writer.append(UInt32(stamp.count))
    writer.bytes.append(contentsOf: stamp)
    writer.append(UInt64(0))  // payload length, filled in below
    writer.append(UInt64(0))  // checksum, filled in below
    body(&writer)
    let payloadLength = UInt64(writer.bytes.count - headerSize)
    let checksum = writer.bytes.withUnsafeBytes { Self.checksum(UnsafeRawBufferPointer(rebasing: $0[headerSize...])) }
    writer.bytes.withUnsafeMutableBytes { raw in
      raw.storeBytes(of: payloadLength.littleEndian, toByteOffset: headerSize - 16, as: UInt64.self)
      raw.storeBytes(of: checksum.littleEndian, toByteOffset: headerSize - 8, as: UInt64.self)
    }
    return writer.bytes
  }

  /// Replaces the file at `path` with `bytes` (a temporary renamed over it, 0600). Failures
  /// are ignored: a cache only ever saves time.
  package static func write(_ bytes: [UInt8], to path: String) {
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

  /// A 64-bit checksum: catches truncation and corruption, not deliberate forgery (whoever
  /// can write the cache can write its source too). Four independent lanes of eight bytes
  /// each, so a step does not wait for the one before it (100,000 bookmarks, 30 MB: about
  /// 3 ms rather than 9 with one lane).
  package static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
    let prime: UInt64 = 0x0000_0100_0000_01b3
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325 ^ UInt64(raw.count), 1, 2, 3)
    func mix(_ hash: inout UInt64, _ offset: Int) {
      hash = (hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) &* prime
      hash ^= hash >> 29
    }
    let blocks = raw.count / 32
    for block in 0..<blocks {
      let offset = block * 32
      mix(&lanes.0, offset)
      mix(&lanes.1, offset + 8)
      mix(&lanes.2, offset + 16)
      mix(&lanes.3, offset + 24)
    }
    var hash = lanes.0
    for lane in [lanes.1, lanes.2, lanes.3] { hash = ((hash ^ lane) &* prime) ^ (hash >> 31) }
    for index in (blocks * 32)..<raw.count {
      hash = (hash ^ UInt64(raw[index])) &* prime
    }
    return hash
  }
}
