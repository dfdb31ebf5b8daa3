import BookmarkModel
import BookmarkStoreInterface
import DocumentContainer
import Foundation

extension DocumentBookmarkStore {
  func file(forNew id: Bookmark.ID) -> String {
    DocumentContainer.fileName(for: id, extension: Self.fileExtension)
  }

  static func order(_ time: Date) -> Int { Int(time.timeIntervalSince1970 * 1_000_000) }

  func translating<T>(id: Bookmark.ID? = nil, _ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as DocumentContainerError {
      switch error {
      case .notFound(let file): throw StoreError.notFound(id ?? file)
      case .exists, .noSuchVersion: throw StoreError.writeFailed(path: container.documentsDirectory, reason: "\(error)")
      case .io(let reason): throw StoreError.writeFailed(path: container.documentsDirectory, reason: reason)
      case .filesUnwritten(let reason): throw StoreError.savedNotDurable(reason: reason)
      case .commitFailed(let reason): throw StoreError.maybeSaved(reason: reason)
      }
    }
  }

  /// Runs a change to `file`; if writing fails, tells the truth about what is stored: the
  /// file is made to agree with the index, and the error says the change is saved on this
  /// device when the index holds `intended` (the contents the change meant to store) or,
  /// `deleting`, no document; that nothing was changed when it doesn't; or that it can't
  /// tell.
  ///
  /// A change of several documents is made in one commit, so `file` (any one of them)
  /// tells for all; with no file there was nothing to change.
  func changing<T>(
    _ file: String?, to intended: Data?, deleting: Bool = false, id: Bookmark.ID? = nil,
    _ body: () async throws -> T
  ) async throws -> T {
    do {
      return try await translating(id: id, body)
    } catch StoreError.maybeSaved(let reason) {
      // The index commit failed after the change was made: if the index already shows it,
      // it is stored; if not, a later open may still recover it, so nobody can tell yet.
      guard let file, holdsChange(file, intended, deleting: deleting) == true else {
        throw StoreError.maybeSaved(reason: reason)
      }
      throw StoreError.savedNotDurable(reason: reason)
    } catch StoreError.writeFailed(let path, let reason) {
      // A write before the commit failed: the index says whether anything changed.
      guard let file else { throw StoreError.writeFailed(path: path, reason: reason) }
      switch holdsChange(file, intended, deleting: deleting) {
      case true?: throw StoreError.savedNotDurable(reason: reason)
      case false?: throw StoreError.writeFailed(path: path, reason: reason)
      case nil: throw StoreError.maybeSaved(reason: reason)
      }
    }
  }

  /// Whether the index holds the change to `file` (after making the file agree with it), or
  /// `nil` if the index can't be read.
  func holdsChange(_ file: String, _ intended: Data?, deleting: Bool) -> Bool? {
    let stored: Data?
    do {
      stored = try container.settle(file)
    } catch {
      return nil
    }
    return deleting ? stored == nil : stored == intended
  }
}
