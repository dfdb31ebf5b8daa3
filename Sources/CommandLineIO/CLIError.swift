import BookmarkStoreInterface
import ScreenRendering
import Shelf

/// A command-line failure: printed as one line on stderr, exit status 1.
///
/// The text is sanitized: it may quote a bookmark's name, which must never reach the
/// terminal as control sequences or break the message onto several lines.
package struct CLIError: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = DisplayText.sanitize(description) }

  /// Runs a command's work, turning store errors into one sanitized line.
  package static func reporting<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as StoreError {
      throw CLIError(error.description)
    } catch let error as ShelfError {
      throw CLIError(error.description)
    }
  }
}
