import Foundation

/// One start tag's attributes, read the way HTML reads them: names without case, values
/// quoted with `"` or `'` or bare.
struct HTMLTag {
  private var attributes: [String: String] = [:]

  subscript(name: String) -> String? { attributes[name] }

  /// The attributes in the text between a tag's name and its `>`.
  init(attributesOf text: Substring) {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    func skipSpace() { while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 } }
    while index < scalars.count {
      skipSpace()
      var name = String.UnicodeScalarView()
      while index < scalars.count, !scalars[index].properties.isWhitespace, scalars[index] != "=",
        scalars[index] != "/" || name.isEmpty
      {
        name.append(scalars[index])
        index += 1
      }
      if name.isEmpty || String(name) == "/" {
        index += 1
        continue
      }
      skipSpace()
      var value = String.UnicodeScalarView()
      if index < scalars.count, scalars[index] == "=" {
        index += 1
        skipSpace()
        if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
          let quote = scalars[index]
          index += 1
          while index < scalars.count, scalars[index] != quote {
            value.append(scalars[index])
            index += 1
          }
          index += 1
        } else {
          while index < scalars.count, !scalars[index].properties.isWhitespace {
            value.append(scalars[index])
            index += 1
          }
        }
      }
      let key = String(name).lowercased()
      if attributes[key] == nil { attributes[key] = String(value) }
    }
  }

  /// Where a tag's `>` is: the first one outside a quoted value (`content="A > B"`).
  static func tagEnd(in text: Substring) -> Substring.Index {
    var quote: Character?
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        // A quote opens a value only after `=` (a stray apostrophe in a bare word does not).
        let before = text[..<index].last { !$0.isWhitespace }
        if before == "=" { quote = character }
      } else if character == ">" {
        return index
      }
      index = text.index(after: index)
    }
    return text.endIndex
  }

  /// Every `<name …>` start tag in the text, in order (comments are not skipped: a title
  /// found in one is still a title the page's author wrote).
  static func all(_ name: String, in text: Substring) -> [HTMLTag] {
    var tags: [HTMLTag] = []
    var rest = text
    let opening = "<" + name
    while let start = rest.range(of: opening, options: .caseInsensitive) {
      let after = rest[start.upperBound...]
      guard let next = after.first, next.isWhitespace || next == ">" || next == "/" else {
        rest = after
        continue
      }
      let end = tagEnd(in: after)
      tags.append(HTMLTag(attributesOf: after[..<end]))
      rest = after[end...]
    }
    return tags
  }
}
