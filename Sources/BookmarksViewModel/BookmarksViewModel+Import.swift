import BookmarkModel
import BookmarksState

/// `I`: an import from the list, one change `u` takes back and `U` makes again (issue 19.1).
extension BookmarksViewModel {
  /// Only over a list that has loaded: what is new is decided against it.
  mutating func openImport() {
    guard state.isLoaded, state.loadProblem == nil else {
      state.message = StatusMessage("The list hasn't loaded; import once it shows.")
      return
    }
    state.modal = .importPrompt(ImportPrompt())
  }

  /// While the file is read, only Esc acts (it closes the prompt, and nothing is imported).
  mutating func importKey(_ key: Key, _ prompt: inout ImportPrompt) -> [Effect] {
    if prompt.isReading {
      if key == .escape { state.modal = nil }
      return []
    }
    if let preview = prompt.preview {
      switch key {
      case .enter: return importAdditions(of: preview)
      case .escape:
        state.modal = nil
        state.message = StatusMessage("Nothing was imported.")
      default: break
      }
      return []
    }
    switch key {
    case .escape:
      state.modal = nil
    case .enter:
      let path = prompt.field.text.trimmingWhitespace()
      guard !path.isEmpty else {
        prompt.error = "Type the path of a bookmarks.html or a Cloudy JSON export."
        return []
      }
      prompt.isReading = true
      prompt.error = nil
      return [.readImport(path: path, existing: storeOrder)]
    default:
      let before = prompt.field.text
      if prompt.field.handle(key), prompt.field.text != before { prompt.error = nil }
    }
    return []
  }

  /// The file was read (or not): what it brings is shown, to be imported as one step with
  /// Enter; nothing new is said on the bottom line, and a file that can't be read in the
  /// prompt.
  mutating func importRead(_ result: Result<ImportedFile, FailureMessage>) -> [Effect] {
    // Closed meanwhile (Esc): nothing is imported.
    guard case .importPrompt(var prompt) = state.modal, prompt.isReading else { return [] }
    prompt.isReading = false
    switch result {
    case .failure(let failure):
      prompt.error = failure.text
      state.modal = .importPrompt(prompt)
      return []
    case .success(var file):
      // New ids only (the reading gives each addition one): an id the list holds now would be
      // skipped by the store, and its undo would take out a bookmark the import never brought.
      let listed = Set(storeOrder.map(\.id))
      file.additions.removeAll { listed.contains($0.id) }
      let folders = Set(currentFolderIndex().allFolders)
      file.folders.removeAll { folders.contains($0) }
      guard !file.additions.isEmpty || !file.folders.isEmpty else { return importAdditions(of: file) }
      prompt.preview = file
      state.modal = .importPrompt(prompt)
      return []
    }
  }

  /// Sends what is new in a file to the store, as one step; nothing new is only said.
  private mutating func importAdditions(of file: ImportedFile) -> [Effect] {
    state.modal = nil
    guard !file.additions.isEmpty || !file.folders.isEmpty else {
      state.message = StatusMessage(
        "Nothing new in \(file.name)"
          + (file.duplicates > 0 ? " (\(ImportedFile.count(file.duplicates)) already in the list)." : "."))
      return []
    }
    importSentence = file.storedSentence
    return apply(
      UndoStep(
        label: "import of \(file.brought) from \(file.name)", id: file.additions.first?.id ?? "", before: nil,
        after: nil, undo: .removeAll(file.additions, folders: foldersMade(by: file.additions, and: file.folders)),
        redo: .importAll(file.additions, folders: file.folders)),
      .doing)
  }

  /// The folders importing these bookmarks and empty folders makes (each path and the
  /// folders above it that the list has not now), deepest first: its undo takes them back.
  private mutating func foldersMade(by bookmarks: [Bookmark], and folders: [[String]]) -> [[String]] {
    let existing = Set(currentFolderIndex().allFolders)
    var made = Set<[String]>()
    for folder in Set(bookmarks.map(\.folder)).union(folders) where !folder.isEmpty {
      for depth in 1...folder.count where !existing.contains(Array(folder.prefix(depth))) {
        made.insert(Array(folder.prefix(depth)))
      }
    }
    return made.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
  }

}

extension BookmarksViewModel {
  /// The answer to `I`.
  mutating func receive(_ answer: ImportAction) -> [Effect] {
    switch answer {
    case .importRead(let result): importRead(result)
    }
  }
}
