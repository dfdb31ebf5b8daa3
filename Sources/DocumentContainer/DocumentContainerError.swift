/// Why a document operation failed, as one plain sentence.
public enum DocumentContainerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Saving for creating, but a document with that name exists.
  case exists(String)
  /// No such document (never created, or deleted).
  case notFound(String)
  /// The version asked for is not one of the document's versions.
  case noSuchVersion(String)
  /// A file or the index could not be read or written.
  case io(String)
  /// The change is in the index, but some of its files could not be written yet (the next
  /// start writes them from the index).
  case filesUnwritten(String)
  /// The change was made, but committing the index failed: whether it is stored is unknown
  /// (SQLite may have written the commit before the error, and a later open recovers it).
  case commitFailed(String)

  public var description: String {
    switch self {
    case .exists(let file): "A document named \(file) already exists."
    case .notFound(let file): "There is no document named \(file)."
    case .noSuchVersion(let id): "The document has no version \(id)."
    case .io(let reason): reason
    case .filesUnwritten(let reason): reason
    case .commitFailed(let reason): reason
    }
  }
}
