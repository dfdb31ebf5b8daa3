import Foundation

/// Writes the XML property-list format (Apple's DTD, version 1.0), as Foundation reads it.
///
/// Dictionary keys are written sorted, so equal values give equal bytes. Dates are whole
/// seconds in UTC, as the format allows. Characters XML 1.0 cannot carry (C0 controls other
/// than tab, LF and CR) are written as numeric references, which Foundation's reader accepts.
public enum PropertyListXMLWriter {
  public static func data(for value: PropertyList) -> Data {
    var out: [UInt8] = []
    out.reserveCapacity(4096)
    append(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """, to: &out)
    var writer = Writer(out: out, pretty: true)
    writer.write(value, depth: 0)
    out = writer.out
    append("</plist>\n", to: &out)
    return Data(out)
  }

  /// The value's element alone, with no header, indentation or line breaks:
  /// `<string>abc</string>`. ``PropertyListReader`` reads it back.
  public static func element(for value: PropertyList) -> Data {
    var writer = Writer(out: [], pretty: false)
    writer.write(value, depth: 0)
    return Data(writer.out)
  }

  private struct Writer {
    var out: [UInt8]
    let pretty: Bool

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
        for item in items { write(item, depth: depth + 1) }
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
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): append("&amp;", to: &out)
      case UInt8(ascii: "<"): append("&lt;", to: &out)
      case UInt8(ascii: ">"): append("&gt;", to: &out)
      case 0x09, 0x0A, 0x0D: out.append(byte)
      case 0x00..<0x20: append("&#\(byte);", to: &out)
      default: out.append(byte)
      }
    }
  }
}
