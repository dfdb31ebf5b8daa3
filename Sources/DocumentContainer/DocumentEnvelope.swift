import Foundation

/// A document as the cloud stores it (one record in the documents zone): the current
/// version and the unresolved conflict versions, so every device sees the same conflict.
struct DocumentEnvelope: Codable, Hashable, Sendable {
  var current: DocumentVersion
  var conflicts: [DocumentVersion]

  var data: Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .secondsSince1970
    // Encoding plain strings, dates and data cannot fail.
    return (try? encoder.encode(self)) ?? Data()
  }

  init(current: DocumentVersion, conflicts: [DocumentVersion]) {
    self.current = current
    self.conflicts = conflicts
  }

  init?(data: Data) {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    guard let envelope = try? decoder.decode(DocumentEnvelope.self, from: data) else { return nil }
    self = envelope
  }

  /// Whether a version with these contents is already here, current or in conflict.
  func holds(_ contents: Data) -> Bool {
    current.contents == contents || conflicts.contains { $0.contents == contents }
  }
}
