import BookmarkModel
import Foundation

/// Bounds-checked little-endian reads from a ``CacheFile``'s bytes; nil past the end.
struct CacheReader {
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

  mutating func int64() -> Int64? { uint64().map { Int64(bitPattern: $0) } }

  /// A count no larger than the bytes left could hold (each item takes at least one byte).
  mutating func count() -> Int? {
    guard let count = uint32().map(Int.init), count <= raw.count - offset else { return nil }
    return count
  }

  mutating func string() -> String? {
    guard let length = uint32().map(Int.init), raw.count - offset >= length else { return nil }
    defer { offset += length }
    let bytes = UnsafeRawBufferPointer(rebasing: raw[offset..<offset + length])
    // The checksum has vouched for these bytes, which were written from a String.
    return String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
  }

  mutating func data() -> Data? {
    guard let length = uint32().map(Int.init), raw.count - offset >= length else { return nil }
    defer { offset += length }
    return Data(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + length]))
  }

  /// The last list of strings read, and where its bytes were.
  struct Repeated {
    var range = 0..<0
    var strings: [String] = []
  }

  /// A count, then that many strings; the previous list itself when the bytes are the same
  /// (neighbours usually share a folder, and often tags).
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

  mutating func strings() -> [String]? {
    var unshared = Repeated()
    return strings(reusing: &unshared)
  }

  /// A string, or the last one read through `last` when the bytes are the same.
  mutating func string(reusing last: inout Repeated) -> String? {
    let start = offset
    guard let length = uint32().map(Int.init), raw.count - offset >= length else { return nil }
    let end = offset + length
    if let shared = last.strings.first, last.range.count == end - start,
      memcmp(raw.baseAddress! + start, raw.baseAddress! + last.range.lowerBound, end - start) == 0
    {
      offset = end
      return shared
    }
    offset = start
    guard let string = string() else { return nil }
    last = Repeated(range: start..<end, strings: [string])
    return string
  }

  /// What ``bookmark(sharing:)`` shares between neighbours.
  struct BookmarkContext {
    var folder = Repeated()
    var tags = Repeated()
    var folderID = Repeated()
  }

  /// A bookmark as ``CacheWriter/append(_:)-bookmark`` wrote it.
  mutating func bookmark(sharing context: inout BookmarkContext) -> Bookmark? {
    guard let id = string(), let name = string(), let url = string(),
      let created = uint64(), let modified = uint64(),
      let folder = strings(reusing: &context.folder), let notes = string(),
      let tags = strings(reusing: &context.tags), let hasFolderID = uint32(), hasFolderID <= 1
    else { return nil }
    var folderID: String?
    if hasFolderID == 1 {
      guard let read = string(reusing: &context.folderID) else { return nil }
      folderID = read
    }
    return Bookmark(
      id: id, name: name, url: url, created: Date(timeIntervalSince1970: Double(bitPattern: created)),
      modified: Date(timeIntervalSince1970: Double(bitPattern: modified)), folder: folder, notes: notes,
      tags: tags, folderID: folderID)
  }
}
