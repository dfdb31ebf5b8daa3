/// Host names with letters beyond ASCII (`bücher.example`) as the DNS and HTTP know them
/// (`xn--bcher-kva.example`): each such label lowercased and Punycode-encoded (RFC 3492).
/// Not the whole of UTS #46 (no mapping tables): enough for the hosts people type. Here, below
/// the web modules, because ``BookmarkURL/comparisonKey(_:)`` compares hosts in this form too.
public enum Punycode {
  /// The host with every non-ASCII label encoded; ASCII hosts come back lowercased.
  public static func asciiHost(_ host: String) -> String? {
    var labels: [String] = []
    for label in host.lowercased().split(separator: ".", omittingEmptySubsequences: false) {
      if label.unicodeScalars.allSatisfy(\.isASCII) {
        labels.append(String(label))
      } else {
        guard let encoded = encode(Array(label.unicodeScalars)) else { return nil }
        labels.append("xn--" + encoded)
      }
    }
    return labels.joined(separator: ".")
  }

  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26
  private static let skew = 38
  private static let damp = 700
  private static let initialBias = 72
  private static let initialN = 128

  /// RFC 3492's encoding of one label's code points (nil on overflow).
  static func encode(_ input: [Unicode.Scalar]) -> String? {
    var output = input.filter(\.isASCII).map { Character($0) }
    let basicCount = output.count
    var handled = basicCount
    if basicCount > 0 { output.append("-") }
    var n = initialN
    var delta = 0
    var bias = initialBias
    while handled < input.count {
      guard let next = input.map({ Int($0.value) }).filter({ $0 >= n }).min() else { return nil }
      let (product, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
      guard !overflow else { return nil }
      delta += product
      n = next
      for scalar in input.map({ Int($0.value) }) {
        if scalar < n { delta += 1 }
        if scalar == n {
          var q = delta
          var k = base
          while true {
            let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
            if q < t { break }
            output.append(digit(t + (q - t) % (base - t)))
            q = (q - t) / (base - t)
            k += base
          }
          output.append(digit(q))
          bias = adapt(delta, handled + 1, handled == basicCount)
          delta = 0
          handled += 1
        }
      }
      delta += 1
      n += 1
    }
    return String(output)
  }

  private static func digit(_ value: Int) -> Character {
    Character(Unicode.Scalar(UInt8(value < 26 ? 97 + value : 22 + value)))
  }

  private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
    var delta = first ? delta / damp : delta / 2
    delta += delta / count
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }
}
