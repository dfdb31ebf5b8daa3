import BookmarkStoreInterface
import DurableFiles

/// The file layer's errors as store errors.
extension StoreError {
  public init(_ error: FileError) {
    switch error {
    case .unreadable(let path, let reason): self = .unreadable(path: path, reason: reason)
    case .writeFailed(let path, let reason): self = .writeFailed(path: path, reason: reason)
    case .notDurable: self = .savedNotDurable(reason: error.description)
    }
  }

  /// Runs `body`, turning a ``FileError`` into the matching store error.
  package static func translating<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as FileError {
      throw StoreError(error)
    }
  }
}
