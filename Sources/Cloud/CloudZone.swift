/// A named set of records inside an account: the key-value store's, the documents'.
public struct CloudZone: RawRepresentable, Hashable, Sendable {
  public var rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The key-value store's zone: one record per key.
  public static let keyValue = CloudZone(rawValue: "key-value")
  /// The document container's zone: one record per document.
  public static let documents = CloudZone(rawValue: "documents")
}
