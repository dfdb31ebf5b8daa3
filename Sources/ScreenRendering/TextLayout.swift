/// Fitting text into a number of cells.
public enum TextLayout {
  /// The text cut to at most `width` cells, ending in `…` when something was cut.
  public static func truncate(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    let safe = DisplayText.sanitize(text)
    if CellWidth.of(safe) <= width { return safe }
    var result = ""
    var used = 0
    for character in safe {
      let w = CellWidth.of(character)
      if used + w > width - 1 { break }
      result.append(character)
      used += w
    }
    return result + "…"
  }

  /// The column at which text of a given width is centred in a span.
  public static func centred(width textWidth: Int, in span: Int) -> Int {
    max(0, (span - textWidth) / 2)
  }
}
