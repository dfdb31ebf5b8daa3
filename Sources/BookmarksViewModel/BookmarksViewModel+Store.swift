import BookmarkModel
import BookmarkStoreInterface
import BookmarksState
import ListSearch

/// The store's change events, and the notices for changes made elsewhere.
extension BookmarksViewModel {
  /// A change event of the store, shown unless it is older than the one shown or waits for a
  /// save's answer (``SnapshotGate``).
  mutating func storeChanged(_ snapshot: StoreSnapshot) {
    if let snapshot = snapshots.admit(snapshot) { show(snapshot, saved: nil) }
  }

  /// Shows a snapshot of the store. `saved` is the bookmark a save's answer stored: not news
  /// from elsewhere, and selected if the dialog is still open.
  mutating func show(_ snapshot: StoreSnapshot, saved: Bookmark.ID?) {
    let wasLoaded = state.isLoaded
    state.isLoaded = true
    state.status = snapshot.status
    state.conflicted = snapshot.conflicted
    state.deleted = snapshot.deleted
    state.heldDeletes = snapshot.heldDeletes
    if case .recentlyDeleted(var view) = state.modal {
      view.follow(snapshot.deleted)
      state.modal = .recentlyDeleted(view)
    }
    if case .recentlyDeleted(var view) = state.helpOver {
      view.follow(snapshot.deleted)
      state.helpOver = .recentlyDeleted(view)
    }
    conflictsChanged()
    folderChangeInFlight?.note(snapshot)
    if snapshot.folders != state.storeFolders {
      state.storeFolders = snapshot.folders
      folderIndex = nil
    }
    switch snapshot.bookmarks {
    case .success(let bookmarks):
      state.loadProblem = nil
      if wasLoaded { noticeChangesElsewhere(bookmarks, saved: saved) }
      let savedHere = state.dialog?.isSaving == true ? saved : nil
      replaceBookmarks(bookmarks, keepingSelectionOf: savedHere ?? state.selectedBookmark?.id)
      noticeReplacedEdits(snapshot.replacedEdits)
      askAboutHeldDeletes(snapshot.heldDeletes)
      if let place = arrivedPlace {
        arrivedPlace = nil
        placeArrived(place)
      }
    case .failure(let error):
      state.loadProblem = error.description
      replaceBookmarks([], keepingSelectionOf: nil)
    }
  }

  /// Deletes held back are asked about once (again only if what is held changes, or on `D`),
  /// when nothing else has the keys; the bottom line says they are held meanwhile. The
  /// answers are keys the list doesn't use (`Y`, `R`), so keys typed as the question appears
  /// can't answer it.
  private mutating func askAboutHeldDeletes(_ held: HeldDeletes?) {
    guard let held, held != askedHeldDeletes, state.modal == nil, !state.isWaitingForStore else { return }
    askedHeldDeletes = held
    state.modal = .confirmHeldDeletes(held)
  }

  mutating func heldDeletesKey(_ key: Key, _ held: HeldDeletes) -> [Effect] {
    state.modal = nil
    switch key {
    case .character("Y"):
      state.isWaitingForStore = true
      state.message = StatusMessage("Deleting them here too…")
      return [.settleHeldDeletes(held, keeping: false)]
    case .character("R"):
      state.isWaitingForStore = true
      state.message = StatusMessage("Keeping them on every device…")
      return [.settleHeldDeletes(held, keeping: true)]
    case .character("D"):
      // Recently Deleted stays one key away (its own sentences send you there).
      openRecentlyDeleted()
      return []
    default:
      state.message = StatusMessage("Held back for now; D asks again.")
      return []
    }
  }

  mutating func heldDeletesSettled(keeping: Bool, _ result: Result<Int, FailureMessage>) -> [Effect] {
    state.isWaitingForStore = false
    let copies: Int
    switch result {
    case .failure(let failure):
      state.message = StatusMessage(failure.text, isError: true)
      askedHeldDeletes = nil
      state.typeAhead = []
      return []
    case .success(let count): copies = count
    }
    let count = askedHeldDeletes.map { NumberText.grouped($0.count) + " bookmarks" } ?? "the bookmarks"
    // Only what is true of Recently Deleted as the store has it now: the other device's copies
    // came with the deletes, or it kept none (it took an import back, say), or they went
    // since (emptied on a third device).
    let kept =
      copies == 0
      ? "the other device kept no copies in Recently Deleted."
      : copies == askedHeldDeletes?.count
        ? "Recently Deleted (D) has them." : "Recently Deleted (D) has \(NumberText.grouped(copies)) of them."
    state.message = StatusMessage(
      keeping
        ? "Kept them: \(count) are back on every device."
        : "Deleted them here too; " + kept)
    return replayTypeAhead()
  }

  /// An edit of this session that an incoming change replaced unseen (the key-value store's
  /// last write wins) is said in one line, and `u` brings it back: the replacement becomes a
  /// change `u` takes back, as if it had been made here.
  private mutating func noticeReplacedEdits(_ replaced: [ReplacedEdit]) {
    for edit in replaced where toldReplacedEdits.insert(edit.id).inserted {
      let mine = edit.mine
      let draft = BookmarkDraft(name: mine.name, url: mine.url, folder: mine.folder, tags: mine.tags, notes: mine.notes)
      let theirs = edit.theirs
      let again = BookmarkDraft(
        name: theirs.name, url: theirs.url, folder: theirs.folder, tags: theirs.tags, notes: theirs.notes)
      record(
        UndoStep(
          label: "the other device's change to “\(theirs.name)”", id: mine.id, before: mine, after: theirs,
          undo: .replace(mine.id, draft), redo: .replace(mine.id, again)))
      state.message = StatusMessage(
        "Another device replaced your edit of “\(mine.name)”; u brings it back.")
    }
  }

  /// Says what changed elsewhere in what the user sees: the selected bookmark deleted or
  /// changed, bookmarks added but hidden by the filter; an edit dialog whose bookmark was
  /// deleted offers to save it as a new one.
  private mutating func noticeChangesElsewhere(_ bookmarks: [Bookmark], saved: Bookmark.ID?) {
    // Only a few ids are looked up (this session's changes, the edited and the selected
    // bookmark): one pass finds them. A dictionary of every bookmark made for each snapshot
    // was about a tenth of the app's CPU while it opened 100,000.
    var wanted = Set(ownChanges.keys)
    if case .dialog(let dialog) = state.modal, case .edit(let id) = dialog.purpose { wanted.insert(id) }
    if let selected = state.selectedBookmark { wanted.insert(selected.id) }
    var byID: [Bookmark.ID: Bookmark] = [:]
    if !wanted.isEmpty {
      for bookmark in bookmarks where wanted.contains(bookmark.id) && byID[bookmark.id] == nil {
        byID[bookmark.id] = bookmark
      }
    }
    let own = ownChanges
    ownChanges = ownChanges.filter { !$0.value.isReflected(by: byID[$0.key]) }
    if case .dialog(var dialog) = state.modal, case .edit(let id) = dialog.purpose, byID[id] == nil,
      own[id] != .deleted
    {
      if dialog.isSaving {
        return  // the save's answer tells; ``saveFinished(_:_:)`` offers the restore
      }
      offerRestore(&dialog)
      state.modal = .dialog(dialog)
      return
    }
    if let selected = state.selectedBookmark, own[selected.id] == nil, selected.id != saved {
      if let now = byID[selected.id] {
        if now.name != selected.name || now.url != selected.url {
          state.message = StatusMessage("“\(selected.name)” was changed elsewhere.")
          return
        }
      } else {
        state.message = StatusMessage("“\(selected.name)” was deleted elsewhere.")
        return
      }
    }
    guard state.filter != nil, state.dialog?.isSaving != true else { return }
    let known = Set(state.bookmarks.map(\.id))
    let added = bookmarks.filter { !known.contains($0.id) && own[$0.id] == nil && $0.id != saved }
    guard !added.isEmpty, let query = state.filter?.query.text else { return }
    var probe = BookmarkSearch()
    let hidden = added.count - probe.matches(for: query, in: added).count
    if hidden > 0 {
      state.message = StatusMessage(
        "\(NumberText.grouped(hidden)) added elsewhere, hidden by the filter (Esc shows all).")
    }
  }
}
