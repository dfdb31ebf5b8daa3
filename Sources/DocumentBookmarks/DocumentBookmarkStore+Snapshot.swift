import BookmarkModel
import BookmarkStoreInterface
import StoreSupport
import Synchronization

extension DocumentBookmarkStore {
  /// The folder records, resolved (kept until the next change).
  func folderTree() -> FolderTree {
    state.withLock { state in
      if let tree = state.tree { return tree }
      let tree = FolderTree(state.folders.values.compactMap(\.record))
      state.tree = tree
      return tree
    }
  }

  func sortedBookmarks() -> [Bookmark] {
    state.withLock { state in
      if let sorted = state.sorted { return sorted }
      state.makeIndex()
      var entries = state.entries.values.compactMap { entry in entry.bookmark.map { ($0, entry.order) } }
      // In the order they were added (an import numbers its bookmarks in the order given).
      entries.sort { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
      var sorted = entries.map(\.0)
      if !state.folders.isEmpty {
        let tree = state.tree ?? FolderTree(state.folders.values.compactMap(\.record))
        state.tree = tree
        sorted = sorted.map(tree.resolved)
      }
      state.sorted = sorted
      return sorted
    }
  }

  func publish() {
    snapshots.sendIfChanged { currentSnapshot() }
  }

  func currentSnapshot() -> StoreSnapshot {
    let sync = container.status()
    let (gatherError, unreadable, conflicted) = state.withLock { state in
      if state.conflicted == nil {
        state.makeIndex()
        state.conflicted = Set(state.entries.values.compactMap { $0.conflicted ? $0.bookmark?.id : nil })
      }
      return (state.gatherError, state.unreadable, state.conflicted ?? [])
    }
    var problem = sync.problem
    if problem == nil, unreadable > 0 {
      problem =
        unreadable == 1
        ? "1 document could not be read; it is kept as it is."
        : "\(unreadable) documents could not be read; they are kept as they are."
    }
    let held = sync.held.map { held in
      let suffix = "." + Self.fileExtension
      return HeldDeletes(
        held, copy: { $0.hasSuffix(suffix) ? $0.dropLast(suffix.count) + Self.deletedSuffix : nil },
        present: { file in state.withLock { $0.deleted[file] != nil } })
    }
    if let held { problem = (problem.map { $0 + " " } ?? "") + held.sentence }
    let status = StoreStatus(
      backend: backend,
      sync: StoreStatus.syncState(sync.state, pending: sync.pending),
      pending: sync.pending, conflicts: sync.conflicts, problem: problem)
    if let gatherError {
      return StoreSnapshot(
        bookmarks: .failure(.unreadable(path: container.root, reason: gatherError)), status: status)
    }
    let bookmarks = sortedBookmarks()
    return StoreSnapshot(
      bookmarks: .success(bookmarks), status: status, conflicted: conflicted, folders: folderTree().liveFolders,
      deleted: sortedDeleted(), heldDeletes: held)
  }
}
