import Foundation

/// Bounds-checked little-endian reads from a ``CacheFile``'s bytes; nil past the end.
package struct CacheReader {
  package let raw: UnsafeRawBufferPointer
  package var offset = 0

  package init(raw: UnsafeRawBufferPointer, offset: Int = 0) {
    self.raw = raw
    self.offset = offset
  }

  package mutating func byte() -> UInt8? {
    guard raw.count - offset >= 1 else { return nil }
    defer { offset += 1 }
    return raw[offset]
  }

  package mutating func uint32() -> UInt32? {
    guard raw.count - offset >= 4 else { return nil }
    defer { offset += 4 }
    return UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }

  package mutating func uint64() -> UInt64? {
    guard raw.count - offset >= 8 else { return nil }
    defer { offset += 8 }
    return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  package mutating func int64() -> Int64? { uint64().map { Int64(bitPattern: $0) } }

  /// A count no larger than the bytes left could hold (each item takes at least one byte).
  package mutating func count() -> Int? {
    guard let count = uint32().map(Int.init), count <= raw.count - offset else { return nil }
    return count
  }

  package mutating func string() -> String? {
    guard let length = uint32().map(Int.init), raw.count - offset >= length else { return nil }
    defer { offset += length }
    let bytes = UnsafeRawBufferPointer(rebasing: raw[offset..<offset + length])
    // The checksum has vouched for these bytes, which were written from a String.
    return String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
  }

  /// Moves past a string without making it; its length in bytes, or nil past the end.
  package mutating func skipString() -> Int? {
    guard let length = uint32().map(Int.init), raw.count - offset >= length else { return nil }
    offset += length
    return length
  }

  package mutating func data() -> Data? {
    guard let length = uint32().map(Int.init), raw.count - offset >= length else { return nil }
    defer { offset += length }
    return Data(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + length]))
  }

  /// A count, then that many strings.
  package mutating func strings() -> [String]? {
    guard let count = count() else { return nil }
    var result: [String] = []
    result.reserveCapacity(count)
    for _ in 0..<count {
      guard let string = string() else { return nil }
      result.append(string)
    }
    return result
  }
}
