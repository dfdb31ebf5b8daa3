import Foundation

/// A page's title as a bookmark name: `<title>`, else `og:title`, else `twitter:title`, in
/// the page's own charset, with character references decoded, whitespace collapsed, and
/// control and invisible characters (bidi overrides, escape sequences) taken out.
public enum PageTitle {
  /// Longer titles are cut here, at a character, with an ellipsis.
  public static let maximumLength = 200

  /// The title, or nil when the page has none that is not blank.
  public static func find(in body: [UInt8], contentType: String?) -> String? {
    let (charset, skip) = PageCharset.detect(body, contentType: contentType)
    let text =
      TextDecoding.decode(body[skip...], charset: charset)
      ?? TextDecoding.decode(body[skip...], charset: "windows-1252") ?? ""
    return find(inText: text)
  }

  static func find(inText text: String) -> String? {
    if let title = titleElement(in: text).flatMap(clean) { return title }
    let metas = HTMLTag.all("meta", in: Substring(text))
    for wanted in ["og:title", "twitter:title"] {
      for tag in metas where (tag["property"] ?? tag["name"])?.lowercased() == wanted || tag["name"] == wanted {
        if let title = tag["content"].flatMap(clean) { return title }
      }
    }
    return nil
  }

  /// The text of the first `<title>` that is not inside an `<svg>` (an SVG's own title is a
  /// tooltip, not the page's).
  private static func titleElement(in text: String) -> String? {
    var rest = Substring(text)
    while let open = rest.range(of: "<title", options: .caseInsensitive) {
      let before = rest[..<open.lowerBound]
      let afterName = rest[open.upperBound...]
      guard let next = afterName.first, next == ">" || next.isWhitespace,
        let tagEnd = afterName.firstIndex(of: ">")
      else {
        rest = afterName
        continue
      }
      let content = afterName[afterName.index(after: tagEnd)...]
      let close = content.range(of: "</title", options: .caseInsensitive)?.lowerBound ?? content.endIndex
      if insideSVG(before) {
        rest = content[close...]
        continue
      }
      return String(content[..<close])
    }
    return nil
  }

  private static func insideSVG(_ before: Substring) -> Bool {
    guard let open = before.range(of: "<svg", options: [.caseInsensitive, .backwards]) else { return false }
    return before[open.upperBound...].range(of: "</svg", options: .caseInsensitive) == nil
  }

  /// The text as a name: references decoded, tags dropped, controls and invisible
  /// characters out, whitespace runs made one space, at most ``maximumLength`` characters.
  public static func clean(_ raw: String) -> String? {
    let decoded = withoutEscapeSequences(HTMLEntities.decode(raw))
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in decoded.unicodeScalars {
      if scalar.properties.isWhitespace {
        pendingSpace = !result.isEmpty
        continue
      }
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: continue
      default: break
      }
      if scalar.properties.isNoncharacterCodePoint { continue }
      if pendingSpace { result.append(" ") }
      pendingSpace = false
      result.append(scalar)
    }
    let title = String(result)
    guard !title.isEmpty else { return nil }
    guard title.count > maximumLength else { return title }
    return String(title.prefix(maximumLength - 1)).trimmingCharacters(in: " ") + "…"
  }

  /// The text without terminal escape sequences, whole: `ESC [ 31 m` goes, not only `ESC`
  /// (a title that tried to colour the screen reads as the words it wrapped).
  static func withoutEscapeSequences(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{9D}" }) else {
      return text
    }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      var kind: Unicode.Scalar?
      if scalar == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" || scalars[index + 1] == "]" {
        kind = scalars[index + 1]
        index += 2
      } else if scalar == "\u{9B}" || scalar == "\u{9D}" {
        kind = scalar == "\u{9B}" ? "[" : "]"
        index += 1
      }
      guard let kind else {
        result.append(scalar)
        index += 1
        continue
      }
      if kind == "[" {
        // Parameters and intermediates, then one final byte.
        while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
        if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
      } else {
        // An operating system command runs to BEL or ST.
        while index < scalars.count, scalars[index] != "\u{07}", scalars[index] != "\u{9C}", scalars[index] != "\u{1B}"
        {
          index += 1
        }
        if index < scalars.count {
          index += scalars[index] == "\u{1B}" && index + 1 < scalars.count && scalars[index + 1] == "\\" ? 2 : 1
        }
      }
    }
    return String(result)
  }
}
