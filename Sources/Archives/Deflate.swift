import CZlib

/// zlib's deflate: the text and HTML of pages kept before assets were Zstandard (version 1).
enum Deflate {
  /// The bytes compressed (zlib format).
  static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
    var size = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    let result = output.withUnsafeMutableBufferPointer { out in
      bytes.withUnsafeBufferPointer { input in
        compress2(out.baseAddress, &size, input.baseAddress, uLong(input.count), level)
      }
    }
    precondition(result == Z_OK, "compressBound leaves room for any input")
    return Array(output.prefix(Int(size)))
  }

  /// The bytes of a zlib stream that inflates to exactly `length` bytes, or nil (damaged).
  static func decompress(_ bytes: ArraySlice<UInt8>, length: Int) -> [UInt8]? {
    guard length >= 0 else { return nil }
    var size = uLong(length)
    var output = [UInt8](repeating: 0, count: max(length, 1))
    let result = output.withUnsafeMutableBufferPointer { out in
      Array(bytes).withUnsafeBufferPointer { input in
        uncompress(out.baseAddress, &size, input.baseAddress, uLong(input.count))
      }
    }
    guard result == Z_OK, Int(size) == length else { return nil }
    return Array(output.prefix(length))
  }
}
