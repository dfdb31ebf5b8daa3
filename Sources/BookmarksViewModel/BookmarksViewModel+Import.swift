import BookmarkModel

/// `I`: an import from the list, one change `u` takes back and `U` makes again (issue 19.1).
extension BookmarksViewModel {
  mutating func openImport() {
    state.modal = .importPrompt(ImportPrompt())
  }

  mutating func importKey(_ key: Key, _ prompt: inout ImportPrompt) -> [Effect] {
    if prompt.isReading {
      if key == .escape { state.modal = nil }
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
      state.isWaitingForStore = true
      return [.readImport(path: path, existing: storeOrder)]
    default:
      let before = prompt.field.text
      if prompt.field.handle(key), prompt.field.text != before { prompt.error = nil }
    }
    return []
  }

  /// The file was read (or not): what is new is imported as one step; nothing new, or a file
  /// that can't be read, is said in the prompt.
  mutating func importRead(_ result: Result<ImportedFile, FailureMessage>) -> [Effect] {
    state.isWaitingForStore = false
    guard case .importPrompt(var prompt) = state.modal else {
      // Closed meanwhile (Esc): nothing is imported.
      return replayTypeAhead()
    }
    prompt.isReading = false
    switch result {
    case .failure(let failure):
      state.typeAhead = []
      prompt.error = failure.text
      state.modal = .importPrompt(prompt)
      return []
    case .success(let file) where file.additions.isEmpty:
      state.modal = nil
      state.message = StatusMessage(
        "Nothing new in \(file.name)"
          + (file.duplicates > 0 ? " (\(Self.count(file.duplicates)) already in the list)." : "."))
      return replayTypeAhead()
    case .success(let file):
      state.modal = nil
      importSentence = Self.imported(file)
      let count = Self.count(file.additions.count)
      return apply(
        UndoStep(
          label: "import of \(count) from \(file.name)", id: file.additions[0].id, before: nil, after: nil,
          undo: .removeAll(file.additions), redo: .importAll(file.additions)),
        .doing)
    }
  }

  /// `12 bookmarks`, `1 bookmark`.
  static func count(_ number: Int) -> String {
    number == 1 ? "1 bookmark" : "\(NumberText.grouped(number)) bookmarks"
  }

  /// What an import said once it is stored.
  static func imported(_ file: ImportedFile) -> String {
    var sentence = "Imported \(count(file.additions.count)) from \(file.name)"
    if file.duplicates > 0 { sentence += ", \(NumberText.grouped(file.duplicates)) already here" }
    if file.skipped > 0 { sentence += ", \(NumberText.grouped(file.skipped)) skipped" }
    return sentence + "; u takes it back."
  }
}
