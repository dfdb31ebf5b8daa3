/// Looks for the `number`th non-empty line (from 0) of a text as more of it is decoded: each
/// look goes on from where the last one stopped.
struct LineSearch {
  let number: Int
  private var looked: Int
  private var lineStart: Int
  private var lines = 0

  /// Looks for the line in a text that begins `from` bytes into what is decoded.
  init(number: Int, from start: Int) {
    self.number = number
    looked = start
    lineStart = start
  }

  /// The line, once `decoded` (all that is decoded so far, the same bytes as before and
  /// more) holds all of it: up to its line break, or to the end of the text when `isWhole`.
  mutating func line(in decoded: UnsafeBufferPointer<UInt8>, isWhole: Bool) -> String? {
    while looked < decoded.count {
      if decoded[looked] == 0x0A {
        if looked > lineStart {
          if lines == number {
            return String(decoding: UnsafeBufferPointer(rebasing: decoded[lineStart..<looked]), as: UTF8.self)
          }
          lines += 1
        }
        lineStart = looked + 1
      }
      looked += 1
    }
    guard isWhole, lineStart < decoded.count, lines == number else { return nil }
    return String(decoding: UnsafeBufferPointer(rebasing: decoded[lineStart...]), as: UTF8.self)
  }
}
