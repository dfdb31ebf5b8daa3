import ArchiveIndexSQLite
import Archives
import BookmarkStoreInterface
import CommandLineIO
import DeviceHome
import Foundation
import ListSearch

/// This device's archived pages as the commands open them: the assets and the SQLite index
/// in the data folder's `archives`, folded for search as the list's filter folds.
package enum ArchiveAccess {
  /// The library; nil when nothing was ever archived here and `creating` is false (reading
  /// and searching make no folder).
  package static func library(in location: StoreLocation, creating: Bool) throws -> ArchiveLibrary? {
    let folder = ArchiveLibrary.folder(inData: location.dataDirectory)
    let indexPath = folder + "/index.sqlite"
    if !creating, !FileManager.default.fileExists(atPath: indexPath) { return nil }
    return try StoreError.translating {
      ArchiveLibrary(folder: folder, index: try SQLiteArchiveIndex(path: indexPath), fold: fold)
    }
  }

  /// The most pages a filter's `text:` term finds.
  package static let filterLimit = 100_000

  /// The filter's folding (case, diacritics, width), as text.
  package static let fold: @Sendable (String) -> String = { text in
    var folding = SearchFolding()
    return String(decoding: folding.fold(text), as: UTF8.self)
  }

  /// Runs `body`, turning a file or archive error into the command line's one line.
  package static func reporting<T>(_ body: () throws -> T) throws -> T {
    do {
      return try StoreError.translating(body)
    } catch let error as StoreError {
      throw CLIError(error.description)
    } catch let error as ArchiveError {
      throw CLIError(error.description)
    }
  }
}
