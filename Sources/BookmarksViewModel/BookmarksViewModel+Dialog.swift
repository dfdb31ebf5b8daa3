import BookmarkModel
import BookmarkStoreInterface
import BookmarksState

/// The Add/Edit dialog's keys and the store's answers to a save.
extension BookmarksViewModel {
  mutating func dialogKey(_ key: Key, _ dialog: inout BookmarkDialog) -> [Effect] {
    let focusBefore = dialog.focus
    let nameBefore = dialog.name
    var effects = fieldKey(key, &dialog)
    if dialog.name.text != nameBefore.text {
      dialog.nameTouched = true
      dialog.nameFromPage = false
    }
    if focusBefore == .url, dialog.focus != .url, state.dialog != nil {
      effects += titleFetchOnLeavingURL(&dialog)
    }
    return effects
  }

  private mutating func fieldKey(_ key: Key, _ dialog: inout BookmarkDialog) -> [Effect] {
    if dialog.isConfirmingDiscard {
      dialog.isConfirmingDiscard = false
      if key == .character("y") || key == .character("Y") { state.modal = nil }
      return []
    }
    switch KeyBindings.dialog.command(for: key) {
    case .cancel:
      // Changes are not thrown away unseen: Esc asks first when something was changed.
      if dialog.hasChanges {
        dialog.isConfirmingDiscard = true
      } else {
        state.modal = nil
      }
    case .nextField:
      dialog.moveFocus(by: 1)
    case .previousField:
      dialog.moveFocus(by: -1)
    case .save:
      // Enter saves from a field and from Save; only on Cancel does it cancel.
      if dialog.focus == .cancel {
        state.modal = nil
        return []
      }
      return save(&dialog)
    case .takeSuggestion where dialog.focus == .cancel:
      dialog.setFocus(.save)
    case nil where key == .left && dialog.focus == .save:
      // The buttons: ← and → go between them.
      dialog.setFocus(.cancel)
    case .takeSuggestion, .editLine, nil:
      // Typing, and the keys that edit a line, go to the focused field.
      if dialog.edit(with: key) { dialog.error = nil }
    }
    return []
  }

  private mutating func save(_ dialog: inout BookmarkDialog) -> [Effect] {
    dropStaleTitle(&dialog)
    let draft: BookmarkDraft
    var storedURL: String?
    if case .edit(let id) = dialog.purpose { storedURL = state.bookmarks.first { $0.id == id }?.url }
    // A rename keeps the stored URL verbatim: it is not checked or rewritten again.
    switch dialog.draft.validated(unchangedURL: storedURL) {
    case .failure(let problem):
      dialog.error = problem.description
      dialog.setFocus(.url)
      return []
    case .success(let valid):
      draft = valid
    }
    if let problem = draft.organisationProblem {
      dialog.error = problem.description
      dialog.setFocus(BookmarkDialog.Focus(problem))
      return []
    }
    var editingID: Bookmark.ID?
    if case .edit(let id) = dialog.purpose { editingID = id }
    if let editingID, let stored = state.bookmarks.first(where: { $0.id == editingID }),
      draft.changesNothing(in: stored)
    {
      // Nothing changed: nothing is written, so `modified` keeps its date.
      state.modal = nil
      state.message = StatusMessage("No changes to save.")
      return []
    }
    let key = BookmarkURL.comparisonKey(draft.url)
    // An edit asks only when it changes the URL (a copy "keep both" made shares its URL).
    let keepsURL = editingID.flatMap { id in state.bookmarks.first { $0.id == id } }.map {
      BookmarkURL.comparisonKey($0.url) == key
    }
    if keepsURL != true, let existing = state.bookmarks.duplicate(of: draft.url, excluding: editingID),
      dialog.acknowledgedDuplicate != key
    {
      dialog.acknowledgedDuplicate = key
      dialog.error = "“\(existing.name)” already has this URL. Press Enter again to save it anyway."
      return []
    }
    dialog.isSaving = true
    dialog.error = nil
    snapshots.saveSent()
    savedFrom = editingID.flatMap { id in state.bookmarks.first { $0.id == id } }
    if let editingID { return [.update(editingID, draft)] }
    return [.add(draft)] + awaitTitle(for: draft, typedName: dialog.name.text, dialog: dialog)
  }

  /// The one answer to a save: the bookmark stored (or why not) and the store's snapshot after
  /// the write, shown with it; a snapshot that came while the save was in flight is shown
  /// instead if it is newer.
  mutating func saveFinished(_ result: Result<Bookmark, FailureMessage>, _ snapshot: StoreSnapshot?) -> [Effect] {
    if let shown = snapshots.saveAnswered(with: snapshot) { show(shown, saved: try? result.get().id) }
    // A bookmark added without a name learns its id, for its page's title to rename it (also
    // when Esc closed the dialog before the store answered).
    var effects: [Effect] = []
    if case .success(let bookmark) = result { effects = titleAwaitedBookmarkAdded(bookmark) }
    guard var dialog = state.dialog, dialog.isSaving else { return replayTypeAhead() + effects }
    switch result {
    case .failure(let failure):
      dialog.isSaving = false
      if case .edit(let id) = dialog.purpose, !state.bookmarks.contains(where: { $0.id == id }) {
        offerRestore(&dialog)
      } else {
        dialog.error = failure.text
      }
      state.modal = .dialog(dialog)
    case .success(let bookmark):
      state.modal = nil
      state.message = StatusMessage(dialog.purpose == .add ? "Added “\(bookmark.name)”." : "Saved “\(bookmark.name)”.")
      if dialog.purpose == .add {
        record(
          UndoStep(
            label: "add of “\(bookmark.name)”", id: bookmark.id, before: nil, after: bookmark,
            undo: .remove(bookmark), redo: .restore(bookmark)))
        // archive-on-add: the page is kept as `W` keeps it; its sentence follows this one.
        if archivesOnAdd, fetchesPages { effects.append(.archivePage(bookmark)) }
      } else if let before = savedFrom, before.id == bookmark.id {
        record(
          UndoStep(
            label: "edit of “\(before.name)”", id: bookmark.id, before: before, after: bookmark,
            undo: .replacing(with: before), redo: .replacing(with: bookmark)))
      }
    }
    return replayTypeAhead() + effects
  }

  /// The bookmark being edited was deleted elsewhere: the dialog keeps what was typed and
  /// offers to save it as a new bookmark (Enter) or to discard it (Esc).
  mutating func offerRestore(_ dialog: inout BookmarkDialog) {
    dialog.purpose = .add
    dialog.acknowledgedDuplicate = nil
    dialog.error = "This bookmark was deleted elsewhere. Enter saves it as a new bookmark; Esc discards it."
  }
}

extension BookmarksViewModel {
  /// The store's answer to the dialog.
  mutating func receive(_ answer: DialogAction) -> [Effect] {
    switch answer {
    case .saveFinished(let result, let snapshot): saveFinished(result, snapshot)
    }
  }
}
