/// A tag's attributes, read from its bytes.
enum TagAttributes {
  /// The value of the attribute `name` (lower case) among a tag's attributes: quoted with `"`
  /// or `'`, or bare up to white space; nil if the tag has none. (A regular expression did
  /// this, and took a tenth of an archive's time.)
  static func value(of name: String, in attributes: ArraySlice<UInt8>) -> String? {
    let wanted = Array(name.utf8)
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    var index = attributes.startIndex
    let end = attributes.endIndex
    while index < end {
      // The start of a name: after white space, a quote or the tag's start.
      while index < end, isSpace(attributes[index]) { index += 1 }
      let nameStart = index
      while index < end, !isSpace(attributes[index]), attributes[index] != 0x3D, attributes[index] != 0x3E {
        index += 1
      }
      let nameBytes = attributes[nameStart..<index]
      while index < end, isSpace(attributes[index]) { index += 1 }
      guard index < end, attributes[index] == 0x3D else {
        if index == nameStart { index += 1 }
        continue
      }
      index += 1
      while index < end, isSpace(attributes[index]) { index += 1 }
      var valueStart = index
      var valueEnd: Int
      if index < end, attributes[index] == 0x22 || attributes[index] == 0x27 {
        let quote = attributes[index]
        valueStart = index + 1
        valueEnd = valueStart
        while valueEnd < end, attributes[valueEnd] != quote { valueEnd += 1 }
        index = min(end, valueEnd + 1)
      } else {
        valueEnd = index
        while valueEnd < end, !isSpace(attributes[valueEnd]), attributes[valueEnd] != 0x3E { valueEnd += 1 }
        index = valueEnd
      }
      let matches =
        nameBytes.count == wanted.count
        && zip(nameBytes, wanted).allSatisfy { ((0x41...0x5A).contains($0) ? $0 + 0x20 : $0) == $1 }
      if matches { return String(decoding: attributes[valueStart..<valueEnd], as: UTF8.self) }
    }
    return nil
  }
}
