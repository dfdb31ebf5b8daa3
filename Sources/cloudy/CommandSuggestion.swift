/// The sentence for a first word that names no command (`cloudy lst`): `Unknown command
/// “lst”; did you mean “list”?`, naming the nearest command when one is a typo or two away.
enum CommandSuggestion {
  /// The global options that take a value, so the value is not taken for a command
  /// (`--generate-completion-script bash` is the argument parser's).
  static let optionsWithValues: Set<String> = [
    "--store", "--home", "--cloud", "--account", "--device-name", "--generate-completion-script",
  ]

  /// The sentence if the first word of `arguments` that is not an option names none of
  /// `commands`; nil if it does, or if there is none.
  static func problem(_ arguments: [String], commands: [String]) -> String? {
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word == "--" { return nil }
      if word.hasPrefix("-") {
        index += optionsWithValues.contains(word) ? 2 : 1
        continue
      }
      if commands.contains(word) { return nil }
      let nearest = commands.map { (name: $0, distance: distance(word, $0)) }.min { $0.distance < $1.distance }
      guard let nearest, nearest.distance <= 2, nearest.distance < word.count else {
        return "Unknown command “\(word)”; `cloudy --help` lists them."
      }
      return "Unknown command “\(word)”; did you mean “\(nearest.name)”?"
    }
    return nil
  }

  /// The edit distance between two words: letters inserted, deleted, changed, or two side by
  /// side swapped.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
