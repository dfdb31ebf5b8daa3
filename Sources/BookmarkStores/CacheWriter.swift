import Foundation

/// Little-endian writes of a ``CacheFile``'s payload, read back by ``CacheReader``.
struct CacheWriter {
  var bytes: [UInt8] = []

  mutating func append(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ value: Int64) { append(UInt64(bitPattern: value)) }

  mutating func append(_ string: String) {
    var string = string
    string.withUTF8 { utf8 in
      append(UInt32(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  mutating func append(_ data: Data) {
    append(UInt32(data.count))
    bytes.append(contentsOf: data)
  }

  mutating func append(_ strings: [String]) {
    append(UInt32(strings.count))
    for string in strings { append(string) }
  }
}
