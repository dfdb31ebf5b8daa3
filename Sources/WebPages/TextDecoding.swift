import Glibc

/// Bytes in a named character set made into text, through the C library's iconv (which
/// knows every charset name a web page uses: windows-1251, Shift_JIS, EUC-KR, KOI8-R…).
enum TextDecoding {
  /// The text, or nil when iconv does not know the charset. Bytes the charset can't read
  /// become U+FFFD, so a page with one bad byte still has its title.
  static func decode(_ bytes: ArraySlice<UInt8>, charset: String) -> String? {
    let name = charset.lowercased()
    if name == "utf-8" || name == "utf8" { return String(decoding: bytes, as: UTF8.self) }
    let converter = iconv_open("UTF-8", charset)
    guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
    defer { iconv_close(converter) }
    var input = bytes.map { CChar(bitPattern: $0) }
    var output = [CChar](repeating: 0, count: 4 * input.count + 16)
    var produced = [UInt8]()
    produced.reserveCapacity(input.count)
    input.withUnsafeMutableBufferPointer { inputBuffer in
      output.withUnsafeMutableBufferPointer { outputBuffer in
        var inputPointer = inputBuffer.baseAddress
        var inputLeft = inputBuffer.count
        while inputLeft > 0 {
          var outputPointer = outputBuffer.baseAddress
          var outputLeft = outputBuffer.count
          let result = iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
          let failure = errno
          let written = outputBuffer.count - outputLeft
          produced.append(contentsOf: UnsafeRawBufferPointer(start: outputBuffer.baseAddress, count: written))
          if result == -1, failure != E2BIG {
            // An invalid or cut-off sequence: one replacement character, then go on after it.
            guard failure == EILSEQ || failure == EINVAL else { return }
            produced.append(contentsOf: [0xEF, 0xBF, 0xBD])
            inputPointer = inputPointer.map { $0 + 1 }
            inputLeft -= 1
          }
        }
      }
    }
    return String(decoding: produced, as: UTF8.self)
  }
}
