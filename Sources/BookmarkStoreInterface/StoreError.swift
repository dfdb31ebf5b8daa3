import BookmarkModel

/// Why a store could not do what was asked, as one plain sentence.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The stored file exists but cannot be read or parsed; it is left untouched.
  case unreadable(path: String, reason: String)
  /// Writing failed (disk full, permissions); nothing stored was changed.
  case writeFailed(path: String, reason: String)
  /// No bookmark has this id (or id prefix).
  case notFound(Bookmark.ID)
  /// An id prefix matches more than one bookmark.
  case ambiguousID(String)
  /// The key-value store's quota would be broken; nothing was changed.
  case quotaExceeded(QuotaLimit)
  /// Writing failed part-way, but the change is stored on this device (the disk reported
  /// an error while making it durable, or some files are still to be written).
  case savedNotDurable(reason: String)
  /// Writing failed and what is stored can't be read back to tell whether the change is.
  case maybeSaved(reason: String)
  /// An import would not fit in the backend's capacity; nothing was written.
  case wouldNotFit(StoreBackend, fitting: Int, requested: Int)
  /// A folder change that can't be made (a name taken, a move into itself); nothing changed.
  case folder(FolderProblem)
  /// The key-value store's quota would be broken, and this many of its keys are Recently
  /// Deleted, which can be emptied to make room; nothing was changed.
  case quotaExceededWithDeleted(QuotaLimit, deleted: Int)
  /// A delete would take Recently Deleted past the key-value store's quota; nothing was deleted.
  case noRoomInRecentlyDeleted
  /// A conflict's versions changed between listing them and resolving (one arrived, or
  /// another device resolved it); nothing was changed.
  case versionsChanged(String)
  /// Deletes held back could not be settled (the cloud can't be reached, or more arrived);
  /// they stay held.
  case heldDeletesNotSettled
  /// The deletes held back are not the ones shown any more (more arrived, or they were
  /// settled elsewhere); nothing was settled.
  case heldDeletesChanged
  /// The store keeps no history of its bookmarks (only the document store does).
  case noHistory(StoreBackend)
  /// The bookmark whose history was asked for is in Recently Deleted (deleted on `device`).
  case historyOfDeleted(String, device: String)
  /// No version of the bookmark has this id (or start of one).
  case noSuchVersion(String)
  /// More than one version's id starts with this.
  case ambiguousVersion(String)
  /// A revert to the version the bookmark already is; nothing changed.
  case alreadyThatVersion(String, version: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "Can't read \(path) (\(Self.clause(reason))); it was left untouched, so fix or move it and Cloudy will pick it up."
    case .writeFailed(let path, let reason):
      "Couldn't save to \(path) (\(Self.clause(reason))); nothing stored was changed."
    case .savedNotDurable(let reason):
      "The change is saved on this device, but the disk reported an error (\(Self.clause(reason))), so a crash"
        + " could still lose it; don't repeat it (`cloudy list` shows it)."
    case .maybeSaved(let reason):
      "Saving failed (\(Self.clause(reason))) and Cloudy can't tell whether the change was stored; check with"
        + " `cloudy list` before trying again."
    case .notFound(let id): "No bookmark has the id \(id)."
    case .ambiguousID(let prefix): "More than one bookmark has an id starting with \(prefix); give more of it."
    case .quotaExceeded(let limit): Self.sentence(limit)
    case .quotaExceededWithDeleted(let limit, let deleted):
      Self.sentence(limit) + " \(deleted == 1 ? "1 of its keys is a bookmark" : "\(deleted) of its keys are bookmarks")"
        + " in Recently Deleted: emptying it (`cloudy trash empty`, or E in Recently Deleted, D) makes room."
    case .noRoomInRecentlyDeleted:
      "Nothing was deleted: Recently Deleted has no room left in the key-value store's quota. Empty it"
        + " (`cloudy trash empty`, or E in Recently Deleted, D) and delete again."
    case .folder(let problem): problem.description
    case .heldDeletesChanged:
      "The deletes held back changed since they were shown, so nothing was settled; look at them again."
    case .heldDeletesNotSettled:
      "The deletes held back could not be settled (the cloud can't be reached, or more deletes arrived), so"
        + " they are still held; look at them again."
    case .noHistory(let backend):
      "The \(backend.rawValue) store keeps no history of its bookmarks; the documents store does"
        + " (`cloudy migrate --to documents` moves them there)."
    case .historyOfDeleted(let name, let device):
      "“\(name)” was deleted\(device.isEmpty ? "" : " on \(device)"); restore it from Recently Deleted (D, or"
        + " `cloudy trash restore`) and its history comes back with it."
    case .noSuchVersion(let version):
      "This bookmark has no version \(version); `cloudy history` lists the ones it has."
    case .ambiguousVersion(let version):
      "More than one version starts with \(version); give more of it."
    case .alreadyThatVersion(let name, let version):
      "“\(name)” is already as version \(version) has it; nothing was changed."
    case .versionsChanged(let name):
      "The versions of “\(name)” changed meanwhile, so nothing was changed; look at them again."
    case .wouldNotFit(let backend, let fitting, let requested):
      "Only \(fitting) of the \(requested) bookmarks would fit in the \(backend.rawValue) store; nothing was imported"
        + (backend == .documents ? "." : "; the document store (--store documents) has no such limit.")
    }
  }
}

extension StoreError {
  /// What broke the quota, what that means and the way out.
  private static func sentence(_ limit: QuotaLimit) -> String {
    let wayOut = "Nothing was changed; the document store (--store documents) has no such limit."
    switch limit {
    case .keys(let maximum):
      return "The key-value store is full: it holds at most \(maximum) bookmarks and folders. \(wayOut)"
    case .totalBytes(let maximum):
      return "This would take the key-value store past its \(QuotaLimit.text(bytes: maximum)) limit. \(wayOut)"
    case .valueBytes(let maximum):
      return "This bookmark is larger than the \(QuotaLimit.text(bytes: maximum)) the key-value store allows for one. "
        + wayOut
    }
  }

  /// A sentence's words without its final full stop, to go inside parentheses.
  public static func clause(_ sentence: String) -> String {
    sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
  }
}
