import ScreenRendering

/// The reader's text broken into lines of at most a width of cells: at spaces where it can,
/// inside a word only when the word is wider than the line. Pure, so the view model wraps once
/// per width and the screen draws what it was given.
enum ReaderWrap {
  static func lines(_ text: String, width: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      // Sanitized first, so every character drawn is one the width table measures.
      let paragraph = DisplayText.sanitize(String(paragraph))
      if CellWidth.of(paragraph) <= width {
        lines.append(paragraph)
        continue
      }
      // A leading indent (a list inside a list, preformatted text) is kept on the first line.
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        let wordWidth = CellWidth.of(word)
        if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
          line += " " + word
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 || !line.isEmpty {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        // A word wider than the line is cut into pieces that fit.
        for character in word {
          let characterWidth = CellWidth.of(character)
          if lineWidth + characterWidth > width, lineWidth > 0 {
            lines.append(line)
            line = ""
            lineWidth = 0
          }
          line.append(character)
          lineWidth += characterWidth
        }
      }
      lines.append(line)
    }
    return lines
  }
}
