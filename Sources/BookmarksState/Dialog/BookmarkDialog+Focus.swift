import BookmarkModel

extension BookmarkDialog.Focus {
  /// The field whose text has the problem.
  package init(_ problem: OrganisationProblem) {
    switch problem {
    case .nameTooLong: self = .name
    case .folderNameInvisible, .folderNameHasSlash, .folderNameTooLong, .foldersTooDeep: self = .folder
    case .tagHasSpace, .tagInvisible, .tagTooLong, .tooManyTags: self = .tags
    case .notesInvisible, .notesTooLong: self = .notes
    }
  }
}
