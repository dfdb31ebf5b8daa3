/// Numbers as Cloudy writes them everywhere a person reads them (the screen, the command
/// line's messages): digits grouped by threes with commas, `100,000`.
public enum NumberText {
  /// A count with thousands separators: `1,500`.
  public static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = number < 0 ? "-" : ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }
}
