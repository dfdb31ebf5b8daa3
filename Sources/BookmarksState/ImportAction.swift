import BookmarkModel

/// The answer to the list's `I`.
public enum ImportAction: Hashable, Sendable {
  /// A file to import was read, or could not be.
  case importRead(Result<ImportedFile, FailureMessage>)
}

extension Action {
  public static func importRead(_ result: Result<ImportedFile, FailureMessage>) -> Action {
    .importFile(.importRead(result))
  }
}
