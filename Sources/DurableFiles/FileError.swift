/// Why a file operation failed, as a path and a short reason (`strerror`'s words).
public enum FileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file exists but cannot be read.
  case unreadable(path: String, reason: String)
  /// Writing, creating a folder or taking a lock failed; nothing was replaced.
  case writeFailed(path: String, reason: String)
  /// The new contents are in place (readers see them), but the disk reported an error
  /// making them durable, so a crash could still lose them.
  case notDurable(path: String, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "Can't read \(path) (\(reason))."
    case .writeFailed(let path, let reason): "Can't write \(path) (\(reason))."
    case .notDurable(let path, let reason):
      "Wrote \(path), but the disk reported an error making it durable (\(reason))."
    }
  }
}
