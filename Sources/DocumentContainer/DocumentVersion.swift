import Foundation

/// One version of a document (`NSFileVersion`): its contents and who saved it when.
public struct DocumentVersion: Codable, Hashable, Sendable, Identifiable {
  /// A new id for every save.
  public var id: String
  /// The device that saved it.
  public var device: String
  /// When it was saved, by that device's clock (shown to the user, never used to order).
  public var saved: Date
  public var contents: Data

  public init(id: String, device: String, saved: Date, contents: Data) {
    self.id = id
    self.device = device
    self.saved = saved
    self.contents = contents
  }
}
