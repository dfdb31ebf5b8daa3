import Foundation

/// A document written in the same commit as a change, made from what the document holds
/// at that moment (under the index's write lock, so a change by another process in between
/// is never written over): a bookmark's history beside the bookmark.
public struct DerivedDocument: Sendable {
  public var file: String
  /// Given the document's versions (current first, then any conflict versions; none when
  /// there is no document), the contents that replace them all, or nil to leave it as it is.
  public var make: @Sendable ([DocumentVersion]) throws -> Data?

  public init(file: String, make: @escaping @Sendable ([DocumentVersion]) throws -> Data?) {
    self.file = file
    self.make = make
  }
}
