import Foundation

/// Makes a lock file unusable by putting a folder where it is, so the next write that needs
/// the lock fails. A background sync opens the lock with `O_CREAT` and can make the file
/// again between the removal and the folder, so this tries a bounded number of times.
public enum LockBlocker {
  /// Whether `path` is now a folder.
  @discardableResult
  public static func block(_ path: String) -> Bool {
    for _ in 0..<100 {
      try? FileManager.default.removeItem(atPath: path)
      if mkdir(path, 0o700) == 0 { return true }
    }
    return false
  }
}
