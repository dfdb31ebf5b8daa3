import Foundation

/// Little-endian writes of a ``CacheFile``'s payload, read back by ``CacheReader``.
package struct CacheWriter {
  package var bytes: [UInt8] = []

  package init() {}

  package mutating func append(_ value: UInt8) {
    bytes.append(value)
  }

  package mutating func append(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  package mutating func append(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  package mutating func append(_ value: Int64) { append(UInt64(bitPattern: value)) }

  /// Writes `value` over the eight bytes at `offset`, written before (a length known only
  /// once what it measures is written).
  package mutating func set(_ value: UInt64, at offset: Int) {
    withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + 8, with: $0) }
  }

  package mutating func append(_ string: String) {
    var string = string
    string.withUTF8 { utf8 in
      append(UInt32(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  package mutating func append(_ data: Data) {
    append(UInt32(data.count))
    bytes.append(contentsOf: data)
  }

  package mutating func append(_ strings: [String]) {
    append(UInt32(strings.count))
    for string in strings { append(string) }
  }
}
