/// What a zone says on the store's status line.
package enum ZoneProblem {
  /// Sentences joined into one line, or `nil` if there are none.
  package static func sentences(_ sentences: String?...) -> String? {
    let present = sentences.compactMap { $0 }
    return present.isEmpty ? nil : present.joined(separator: " ")
  }
}
