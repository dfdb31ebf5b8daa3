import Foundation

/// Writes the XML property-list format (Apple's DTD, version 1.0), as Foundation reads it.
///
/// Dictionary keys are written sorted, so equal values give equal bytes. Dates are whole
/// seconds in UTC, as the format allows. Characters XML 1.0 cannot carry (C0 controls other
/// than tab, LF and CR) are written as numeric references, which Foundation's reader accepts.
public enum PropertyListXMLWriter {
  public static func data(for value: PropertyList) -> Data {
    var data = Data()
    write(value) { data.append(contentsOf: $0) }
    return data
  }

  /// Writes the document in pieces of about 1 MB to `sink`, so a large list is never held
  /// whole in memory as text (an import of 100,000 bookmarks streams to its file).
  public static func write(_ value: PropertyList, to sink: ([UInt8]) -> Void) {
    var out: [UInt8] = []
    out.reserveCapacity(Writer.chunkSize + 4096)
    append(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """, to: &out)
    withoutActuallyEscaping(sink) { sink in
      var writer = Writer(out: out, pretty: true, sink: sink)
      writer.write(value, depth: 0)
      out = writer.out
    }
    append("</plist>\n", to: &out)
    sink(out)
  }

  /// The value's element alone, with no header, indentation or line breaks:
  /// `<string>abc</string>`. ``PropertyListReader`` reads it back.
  public static func element(for value: PropertyList) -> Data {
    var writer = Writer(out: [], pretty: false)
    writer.write(value, depth: 0)
    return Data(writer.out)
  }

  private struct Writer {
    static let chunkSize = 1 << 20
    var out: [UInt8]
    let pretty: Bool
    /// Where full chunks go; `nil` keeps everything in `out`.
    var sink: (([UInt8]) -> Void)? = nil

    /// Hands a full chunk to the sink.
    mutating func flushIfFull() {
      guard let sink, out.count >= Self.chunkSize else { return }
      sink(out)
      out.removeAll(keepingCapacity: true)
    }

    mutating func indent(_ depth: Int) {
      if pretty { out.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: depth)) }
    }

    mutating func line(_ text: String) {
      out.append(contentsOf: text.utf8)
      if pretty { out.append(UInt8(ascii: "\n")) }
    }

    mutating func write(_ value: PropertyList, depth: Int) {
      indent(depth)
      switch value {
      case .string(let string):
        append("<string>", to: &out)
        escape(string, to: &out)
        line("</string>")
      case .integer(let integer):
        line("<integer>\(integer)</integer>")
      case .real(let real):
        line("<real>\(real)</real>")
      case .bool(let bool):
        line(bool ? "<true/>" : "<false/>")
      case .date(let date):
        line("<date>\(ISO8601.format(date))</date>")
      case .data(let data):
        line("<data>\(data.base64EncodedString())</data>")
      case .array(let items):
        if items.isEmpty { return line("<array/>") }
        line("<array>")
        for item in items {
          write(item, depth: depth + 1)
          flushIfFull()
        }
        indent(depth)
        line("</array>")
      case .dictionary(let dictionary):
        if dictionary.isEmpty { return line("<dict/>") }
        line("<dict>")
        for key in dictionary.keys.sorted() {
          indent(depth + 1)
          append("<key>", to: &out)
          escape(key, to: &out)
          line("</key>")
          write(dictionary[key]!, depth: depth + 1)
        }
        indent(depth)
        line("</dict>")
      }
    }
  }

  private static func append(_ text: String, to out: inout [UInt8]) {
    out.append(contentsOf: text.utf8)
  }

  private static func escape(_ text: String, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      // Copy runs of plain bytes at once; only `& < >` and controls are replaced.
      var runStart = 0
      for (index, byte) in bytes.enumerated() {
        let replacement: String
        switch byte {
        case UInt8(ascii: "&"): replacement = "&amp;"
        case UInt8(ascii: "<"): replacement = "&lt;"
        case UInt8(ascii: ">"): replacement = "&gt;"
        case 0x09, 0x0A, 0x0D: continue
        case 0x00..<0x20: replacement = "&#\(byte);"
        default: continue
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        append(replacement, to: &out)
        runStart = index + 1
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
  }
}
