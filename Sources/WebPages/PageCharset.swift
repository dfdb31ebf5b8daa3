import Foundation

/// Which character set a page's bytes are in, found the way a browser looks: a byte-order
/// mark, the HTTP `Content-Type` header, an XML declaration, then `<meta charset>` or
/// `<meta http-equiv="Content-Type">` near the top; UTF-8 when nothing says.
public enum PageCharset {
  /// How far into the page a `<meta>` or XML declaration is looked for (browsers look at the
  /// first 1024 bytes; pages with long heads put it later, so a little further).
  static let sniffLength = 4096

  /// The charset name and how many bytes of byte-order mark to skip.
  public static func detect(_ body: [UInt8], contentType: String?) -> (name: String, skip: Int) {
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { return ("utf-8", 3) }
    if body.starts(with: [0xFF, 0xFE]) { return ("utf-16le", 2) }
    if body.starts(with: [0xFE, 0xFF]) { return ("utf-16be", 2) }
    if let contentType, let name = charset(inContentType: contentType) { return (label(name), 0) }
    let head = String(decoding: body.prefix(sniffLength).map { $0 < 0x80 ? $0 : 0x20 }, as: UTF8.self).lowercased()
    if head.hasPrefix("<?xml"), let end = head.range(of: "?>"),
      let name = HTMLTag(attributesOf: head[head.index(head.startIndex, offsetBy: 5)..<end.lowerBound])["encoding"]
    {
      return (label(name, inPage: true), 0)
    }
    if let name = metaCharset(in: head) { return (label(name, inPage: true), 0) }
    return ("utf-8", 0)
  }

  /// The charset a label means, as browsers read it: Latin-1 and ASCII labels are
  /// windows-1252 (whose 0x80–0x9F are curly quotes and dashes, not controls), a page that
  /// says UTF-16 in its own ASCII text can't be UTF-16, so it is UTF-8, and UTF-7 (which hides
  /// markup in plain ASCII, `+ADw-` for `<`) is no page charset at all: UTF-8 too.
  static func label(_ name: String, inPage: Bool = false) -> String {
    switch name {
    case "iso-8859-1", "iso8859-1", "latin1", "l1", "cp819", "ibm819", "iso_8859-1", "us-ascii", "ascii",
      "iso-ir-100", "x-cp1252", "cp1252":
      return "windows-1252"
    case "utf-16", "utf-16le", "utf-16be": return inPage ? "utf-8" : name
    case "utf-7", "utf7", "unicode-1-1-utf-7", "unicode-2-0-utf-7", "csunicode11utf7", "x-unicode20utf7": return "utf-8"
    default: return name
    }
  }

  /// `text/html; charset=windows-1251` → `windows-1251`.
  static func charset(inContentType value: String) -> String? {
    let lowered = value.lowercased()
    guard let range = lowered.range(of: "charset=") else { return nil }
    let name = lowered[range.upperBound...].prefix { $0 != ";" && $0 != " " && $0 != "," }
      .trimmingCharacters(in: "\"'")
    return name.isEmpty ? nil : name
  }

  /// The charset a `<meta>` in the (lowercased, ASCII-only) head names.
  private static func metaCharset(in head: String) -> String? {
    for tag in HTMLTag.all("meta", in: Substring(head)) {
      if let name = tag["charset"], !name.isEmpty { return name }
      if tag["http-equiv"] == "content-type", let content = tag["content"], let name = charset(inContentType: content) {
        return name
      }
    }
    return nil
  }
}
