import BookmarkModel
import Foundation

/// Reads a whole bookmark file (HTML or Cloudy JSON) and plans its import against the
/// bookmarks listed now: the list's `I`, which shows no progress and reads at most
/// ``maximumBytes`` (the command line streams larger files with a progress bar).
public enum ImportFile {
  /// 256 MB: a browser's export of a million bookmarks is about a quarter of that.
  public static let maximumBytes = 256 * 1024 * 1024

  /// Why a file can't be imported, as one sentence.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  public static func plan(path: String, existing: [Bookmark], environment: BookmarkEnvironment) throws(Failure)
    -> ImportPlan
  {
    let name = (path as NSString).lastPathComponent
    let expanded = (path as NSString).expandingTildeInPath
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isFolder) else {
      throw Failure(description: "There is no file \(path); nothing was imported.")
    }
    if isFolder.boolValue { throw Failure(description: "\(path) is a folder; nothing was imported.") }
    let size = (try? FileManager.default.attributesOfItem(atPath: expanded)[.size] as? Int) ?? 0
    guard size <= maximumBytes else {
      throw Failure(
        description:
          "\(name) is larger than 256 MB; `cloudy import` reads it with a progress bar. Nothing was imported.")
    }
    guard let data = FileManager.default.contents(atPath: expanded) else {
      throw Failure(description: "Can't read \(path); nothing was imported.")
    }
    var reader = BookmarkFileReader()
    do {
      try reader.feed(Array(data))
      return ImportPlan(file: try reader.finish(), existing: existing, environment: environment)
    } catch {
      throw Failure(description: "\(name): \(error) Nothing was imported.")
    }
  }
}
