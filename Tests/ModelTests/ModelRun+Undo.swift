import BookmarkModel
import BookmarkStoreInterface
import DocumentBookmarks
import Foundation
import Shelf

extension ModelRun {
  func undo(_ d: Int, _ undoing: Bool, _ pick: Int) async throws {
    let device = devices[d]
    let expectation = model.expectation(undo: undoing, on: d)
    let word = undoing ? "Undid" : "Redid"
    let contested = { (entry: AccountModel.UndoEntry) in
      entry.before.keys.contains { self.model.contestedCandidates[$0] != nil || self.model.isStale($0, for: d) }
        || self.model.foldersContested
    }
    await device.press(.character(undoing ? "u" : "U"))
    switch expectation {
    case .nothing(let message):
      guard device.message == message else {
        throw fail("undo exact", "expected “\(message)”, got “\(device.message)”")
      }
      return
    case .refuseFolder:
      guard device.message == "Can't undo a folder change." else {
        throw fail("undo exact", "expected the folder refusal, got “\(device.message)”")
      }
      return
    case .applies(let entry, let values), .asks(let entry, let values):
      var asked = false
      if case .confirmUndo(let step, _) = device.model.state.modal {
        asked = true
        if !contested(entry), case .applies = expectation {
          throw fail("undo exact", "asked before \(word.lowercased()) \(entry.label), which nothing else touched")
        }
        guard step.label == entry.label else {
          throw fail("undo exact", "asked about “\(step.label)” where the newest step is “\(entry.label)”")
        }
        if pick % 3 == 0 {
          await device.press(.character("n"))
          note(d, "\(word.lowercased()) asked; answered n")
          return
        }
        await device.press(.character("y"))
      } else if case .asks = expectation, !contested(entry) {
        throw fail("undo exact", "\(word.lowercased()) \(entry.label) without asking, though it changed since")
      }
      guard device.message == "\(word) \(entry.label)." else {
        throw fail("undo exact", "\(word.lowercased()) \(entry.label) said “\(device.message)”")
      }
      apply(entry, values, undoing: undoing, asked: asked, by: d)
      // What the store made is one of the versions made, where the change is contested (a
      // redone add brings back this device's Recently Deleted copy, which a change made
      // elsewhere, unseen here, may differ from).
      let contestedIDs = values.keys.filter { model.contestedCandidates[$0] != nil }
      if !contestedIDs.isEmpty {
        let stored = Dictionary(try await device.store.load().map { ($0.id, $0) }) { a, _ in a }
        for id in contestedIDs { model.contestedCandidates[id]!.append(stored[id].map(Self.fields)) }
      }
      if undoing {
        model.devices[d].redo.append(model.devices[d].undo.removeLast())
      } else {
        model.devices[d].undo.append(model.devices[d].redo.removeLast())
      }
      note(d, "\(word.lowercased()) \(entry.label)")
    }
  }

  /// What an undo or redo does to the account, as the model states it.
  func apply(
    _ entry: AccountModel.UndoEntry, _ values: [String: ModelFields?], undoing: Bool, asked: Bool, by d: Int
  ) {
    let now = clock.peek()
    switch entry.kind {
    case .reorder:
      // Both places are written again, each as this device has it (it may not have seen a
      // delete elsewhere), filed in its folder's record: nothing if either is gone here.
      let shown = devices[d].model.state.bookmarks
      let ids = Array(values.keys) + (entry.neighbour.map { [$0] } ?? [])
      let written = ids.compactMap { id in shown.first { $0.id == id } }
      guard written.count == ids.count else { break }
      for bookmark in written {
        model.touch(bookmark.id, by: d, value: Self.fields(bookmark))
        model.touchFolder(bookmark.folder, by: d)
      }
    case .importAll where undoing:
      // Those as the import brought them go for good; one changed since (after y) goes to
      // Recently Deleted; one gone already is left.
      // One changed elsewhere, unseen here, is contested: this device takes it for good or
      // to Recently Deleted as its own copy reads, and the settle takes what the stores did
      // (seed 190010, after a resolve on another device).
      for (id, brought) in entry.after {
        if model.bookmarks[id] == brought || model.bookmarks[id] != nil && model.isStale(id, for: d) {
          model.removeForGood(id, by: d)
        } else if model.bookmarks[id] != nil {
          model.delete(id, at: now, by: d)
        }
      }
      // The folders it made, left empty as this device sees them, go too: a folder delete,
      // so a bookmark another device filed there, unseen here, goes where the stores' folder
      // rule puts it; one a bookmark is in here stays, though another device, unseen here,
      // has moved that bookmark out since.
      let made = Set(entry.after.values.compactMap { $0?.folder }.filter { !$0.isEmpty })
      let shownHere = devices[d].model.state.bookmarks.map(\.folder)
      for folder in made where !shownHere.contains(where: { $0.starts(with: folder) }) {
        if !model.folders.contains(where: { $0.starts(with: folder) && $0 != folder }) {
          model.folders.remove(folder)
          model.touchFolder(folder, by: d)
        }
      }
    default:
      for (id, target) in values {
        // Undoing a delete or redoing an add brings the bookmark back from Recently Deleted
        // as it is there (an edit made before it went, after y, is kept), else as it was.
        // (A redone import, too: it is the add of each of its bookmarks.)
        let side = undoing ? entry.after : entry.before
        let bringsBack = side.keys.contains(id) && side[id]! == nil || (entry.kind == .importAll && !undoing)
        if let target {
          if model.bookmarks[id] == nil, let deleted = model.deleted[id], bringsBack || deleted.fields == target,
            !model.isStale(id, for: d)
          {
            model.restore(id, by: d)
          } else if entry.kind == .importAll, !undoing, model.bookmarks[id] != nil, !model.isStale(id, for: d) {
            // A redone import (after y) leaves one that is back meanwhile as it is: an import
            // never replaces a bookmark the store holds.
            continue
          } else if model.bookmarks[id] == nil, model.deleted[id] != nil, !model.isStale(id, for: d) {
            // Made again over a delete this device has seen (an edit undone or redone after
            // y): the store takes the Recently Deleted copy as it does (seed 301603).
            model.restore(id, as: target, by: d)
          } else {
            model.put(id, target, by: d)
          }
        } else if model.bookmarks[id] != nil {
          model.delete(id, at: now, by: d)
        }
      }
    }
  }
}
