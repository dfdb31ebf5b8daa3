extension StringProtocol {
  /// The text without the given characters at either end.
  func trimmingCharacters(in set: String) -> String {
    let characters = Set(set)
    guard let first = firstIndex(where: { !characters.contains($0) }) else { return "" }
    let last = lastIndex(where: { !characters.contains($0) })!
    return String(self[first...last])
  }
}
