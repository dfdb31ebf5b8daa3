import BookmarkModel
import BookmarkStoreInterface
import DurableFiles
import Foundation

/// What link checks found on this device, by bookmark id: `link-checks.json` in the data
/// folder, private to the user. Checks are this device's own (a link can be dead from one
/// network and fine from another), so they are not synced; the file only remembers, and
/// losing it loses nothing a new check can't find again.
public enum LinkCheckFile {
  private struct Contents: Codable {
    var version = 1
    var checks: [String: LinkCheck] = [:]
  }

  public static func path(in location: StoreLocation) -> String { location.dataDirectory + "/link-checks.json" }

  /// The checks, or none when there is no file. A file that can't be read is an error naming
  /// it; it is replaced only by ``merge(_:keeping:into:)`` after the user checked again.
  public static func load(from location: StoreLocation) throws -> [Bookmark.ID: LinkCheck] {
    let path = path(in: location)
    return try StoreError.translating {
      guard let data = try PrivateFiles.read(path) else { return [:] }
      guard let contents = try? decoder.decode(Contents.self, from: data), contents.version == 1 else {
        throw FileError.unreadable(path: path, reason: "not a file of link checks")
      }
      return contents.checks
    }
  }

  /// Adds `checks` to the file (a newer check of a bookmark replaces its older one) and
  /// drops the checks of bookmarks no longer in `keeping`, under a lock, so that the app
  /// and `cloudy check` can both write. A damaged file is started anew.
  @discardableResult
  public static func merge(
    _ checks: [Bookmark.ID: LinkCheck], keeping ids: Set<Bookmark.ID>?, into location: StoreLocation
  ) throws -> [Bookmark.ID: LinkCheck] {
    let path = path(in: location)
    return try StoreError.translating {
      try PrivateFiles.makeDirectory(location.dataDirectory)
      return try PrivateFiles.withExclusiveLock(path + ".lock") {
        var all = (try? load(from: location)) ?? [:]
        // What a check could not find out (`unchecked`: stopped, no network) is not kept.
        for (id, check) in checks where check.status.isKnown && all[id].map({ $0.checked <= check.checked }) ?? true {
          all[id] = check
        }
        if let ids { all = all.filter { ids.contains($0.key) } }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        PrivateFiles.removeTemporariesOfDeadWriters(of: path)
        try PrivateFiles.replace(path, with: try encoder.encode(Contents(checks: all)))
        return all
      }
    }
  }

  private static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
