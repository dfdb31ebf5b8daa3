import BookmarkModel
import DocumentContainer

extension DocumentBookmarkStore {
  /// Takes in this store's own change to these documents at once (the query reports it
  /// too, a moment later; applying it twice changes nothing), and sends the snapshot with it
  /// even when the query's observer took the change in first and has not sent it yet: the
  /// write's caller reads ``lastSnapshot`` once the write returns.
  func refresh(_ files: [String]) {
    guard let entries = try? container.index.read({ session in try files.compactMap { try session.entry($0) } })
    else { return }
    var added: [MetadataItem] = []
    var removed: [MetadataItem] = []
    for entry in entries {
      if entry.removed { removed.append(MetadataItem(entry)) } else { added.append(MetadataItem(entry)) }
    }
    apply(.changed(added: added, changed: [], removed: removed, origin: .thisProcess), publishing: true)
  }

  /// Takes in what the query reports, and sends the snapshot if that changed anything (or
  /// if `publishing`), unless not `sendingSnapshot` (the caller sends it). Returns whether it
  /// changed anything.
  @discardableResult
  func apply(_ update: MetadataQueryUpdate, publishing: Bool = false, sendingSnapshot: Bool = true) -> Bool {
    var conflictedHistories: [String] = []
    let (conflictedFolders, tookIn) = indexed { state -> ([String], Bool) in
      var conflictedFolders: [String] = []
      var tookIn = false
      /// False for a report older than one applied already: the query's observer can deliver
      /// what it read just before this process's own change after ``refresh(_:)`` applied it.
      /// False too for the state applied already (one generation is one state of a row): an
      /// import's rows came from its catch-up, the query's refresh and its observer, each
      /// decoded again (a third of an import of 100,000 after its files were written).
      func isNewer(_ item: MetadataItem) -> Bool {
        let seen =
          state.entries[item.file]?.generation ?? state.folders[item.file]?.generation
          ?? state.deleted[item.file]?.generation ?? state.histories[item.file]?.generation
          ?? state.removedAt[item.file]
        return seen.map { item.generation > $0 } ?? true
      }
      func put(_ item: MetadataItem) {
        guard isNewer(item) else { return }
        let version = MetadataQuery.Version(id: item.versionID, conflictVersions: item.conflictVersions)
        if let old = state.entries[item.file], old.version == version {
          // The same contents (a new contents always has a new version id) saved again, as a
          // push does when the cloud took it: only its generation is new, and nothing shows.
          state.entries[item.file]?.generation = item.generation
          return
        }
        if item.file.hasSuffix(Self.historySuffix) {
          // Nothing the list shows: only a history that can't be read is news (it is counted).
          let readable = BookmarkHistory.looksLikeDocument(item.contents)
          if !readable || state.histories[item.file]?.readable == false { tookIn = true }
          state.histories[item.file] = HistoryEntry(
            version: version, generation: item.generation, readable: readable)
          state.removedAt[item.file] = nil
          if item.hasUnresolvedConflicts { conflictedHistories.append(item.file) }
          return
        }
        tookIn = true
        if item.file.hasSuffix(Self.deletedSuffix) {
          state.deleted[item.file] = DeletedEntry(
            file: item.file, contents: item.contents, version: version, generation: item.generation)
          state.removedAt[item.file] = nil
          state.deletedSorted = nil
          if item.hasUnresolvedConflicts { conflictedFolders.append(item.file) }
          return
        }
        if item.file.hasSuffix(Self.folderSuffix) {
          state.folders[item.file] = FolderEntry(
            record: Self.folderRecord(item.file, item.contents), version: version, generation: item.generation)
          state.removedAt[item.file] = nil
          if item.hasUnresolvedConflicts { conflictedFolders.append(item.file) }
          return
        }
        if let old = state.entries[item.file]?.bookmark, state.fileByID[old.id] == item.file {
          state.fileByID[old.id] = nil
        }
        let read = BookmarkDocument.read(item.contents)
        var bookmark = read?.bookmark
        // One id, one bookmark: of two documents holding it (one dropped in by hand on a
        // device that didn't file it, say), one is listed and the other is counted as
        // unreadable, and an edit or a delete of the id acts on the one listed.
        if let id = bookmark?.id, let holder = state.fileByID[id], holder != item.file,
          state.entries[holder]?.bookmark?.id == id
        {
          if Self.lists(item.file, over: holder, id: id) {
            state.entries[holder]?.bookmark = nil
          } else {
            bookmark = nil
          }
        }
        state.entries[item.file] = Entry(
          bookmark: bookmark, order: read?.order ?? 0, version: version, generation: item.generation)
        state.removedAt[item.file] = nil
        if let bookmark { state.fileByID[bookmark.id] = item.file }
      }
      switch update {
      case .gathered(let items):
        tookIn = true
        state.entries = [:]
        state.folders = [:]
        state.deleted = [:]
        state.histories = [:]
        state.deletedSorted = nil
        state.removedAt = [:]
        state.fileByID = [:]
        state.entries.reserveCapacity(items.count)
        state.fileByID.reserveCapacity(items.count)
        for item in items { put(item) }
      case .changed(let added, let changed, let removed, _):
        for item in added + changed { put(item) }
        for item in removed {
          guard isNewer(item) else { continue }
          tookIn = true
          state.removedAt[item.file] = item.generation
          state.folders[item.file] = nil
          state.histories[item.file] = nil
          if state.deleted.removeValue(forKey: item.file) != nil { state.deletedSorted = nil }
          if let old = state.entries.removeValue(forKey: item.file)?.bookmark, state.fileByID[old.id] == item.file {
            state.fileByID[old.id] = nil
          }
        }
      }
      // Nothing new (every item was applied already): the sorted list and the rest stand.
      guard tookIn else { return (conflictedFolders, false) }
      state.sorted = nil
      state.deletedSorted = nil
      state.tree = nil
      state.conflicted = nil
      // Counted again over every document: once for a catch-up's pages, after the last.
      if sendingSnapshot { state.countUnreadable() }
      return (conflictedFolders, true)
    }
    if !conflictedFolders.isEmpty { settleFolderConflicts(conflictedFolders) }
    if !conflictedHistories.isEmpty { uniteHistoryConflicts(conflictedHistories) }
    if sendingSnapshot, tookIn || publishing { publish() }
    return tookIn
  }
}
