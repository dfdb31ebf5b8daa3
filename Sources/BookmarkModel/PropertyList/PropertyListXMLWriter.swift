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
    write(value, depth: 0, to: &out)
    append("</plist>\n", to: &out)
    return Data(out)
  }

  private static func write(_ value: PropertyList, depth: Int, to out: inout [UInt8]) {
    out.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: depth))
    switch value {
    case .string(let string):
      append("<string>", to: &out)
      escape(string, to: &out)
      append("</string>\n", to: &out)
    case .integer(let integer):
      append("<integer>\(integer)</integer>\n", to: &out)
    case .real(let real):
      append("<real>\(real)</real>\n", to: &out)
    case .bool(let bool):
      append(bool ? "<true/>\n" : "<false/>\n", to: &out)
    case .date(let date):
      append("<date>\(ISO8601.format(date))</date>\n", to: &out)
    case .data(let data):
      append("<data>\(data.base64EncodedString())</data>\n", to: &out)
    case .array(let items):
      if items.isEmpty { return append("<array/>\n", to: &out) }
      append("<array>\n", to: &out)
      for item in items { write(item, depth: depth + 1, to: &out) }
      out.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: depth))
      append("</array>\n", to: &out)
    case .dictionary(let dictionary):
      if dictionary.isEmpty { return append("<dict/>\n", to: &out) }
      append("<dict>\n", to: &out)
      for key in dictionary.keys.sorted() {
        out.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: depth + 1))
        append("<key>", to: &out)
        escape(key, to: &out)
        append("</key>\n", to: &out)
        write(dictionary[key]!, depth: depth + 1, to: &out)
      }
      out.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: depth))
      append("</dict>\n", to: &out)
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
