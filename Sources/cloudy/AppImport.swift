import BookmarkFormats
import BookmarkModel
import BookmarksState
import Foundation

/// The list's `I`: the command line's reader and plan, with the import's ids.
enum AppImport {
  static let reading: ImportReading = { path, existing in
    do {
      let plan = try ImportFile.plan(path: path, existing: existing, environment: .live)
      return .success(
        ImportedFile(
          name: (path as NSString).lastPathComponent, additions: plan.additions, folders: plan.folders,
          duplicates: plan.alreadyHere,
          repeats: plan.repeatsInFile, skipped: plan.skipped.count,
          skippedReasons: plan.skipped.prefix(3).map(plan.reason)))
    } catch {
      return .failure(FailureMessage("\(error)"))
    }
  }
}
