import BookmarkModel
import BookmarkStoreInterface
import DocumentBookmarks
import Foundation
import Shelf

extension ModelRun {
  func recentlyDeleted(_ d: Int, _ kind: ModelStep.Kind, _ pick: Int) async throws {
    let device = devices[d]
    let listedBefore = Set(device.model.state.bookmarks.map(\.id))
    let deletedBefore = device.model.state.deleted
    await device.press(.character("D"))
    guard case .recentlyDeleted = device.model.state.modal else {
      throw fail("driver", "D opened \(String(describing: device.model.state.modal))")
    }
    guard !deletedBefore.isEmpty else {
      await device.press(.escape)
      return
    }
    let row = pick % deletedBefore.count
    for _ in 0..<row { await device.press(.down) }
    let chosen = deletedBefore[row]
    switch kind {
    case .restore:
      await device.press(.enter)
      guard device.message.hasPrefix("Restored “\(chosen.bookmark.name)”") else {
        if device.message.contains("is in the list already") || device.message.contains("wasn't put back") {
          note(d, "restore of \(chosen.id): \(device.message)")
          if case .recentlyDeleted = device.model.state.modal { await device.press(.escape) }
          return
        }
        throw fail("acknowledged", "restoring \(chosen.id) said “\(device.message)”")
      }
      let restored = Set(device.model.state.bookmarks.map(\.id)).subtracting(listedBefore)
      for id in restored {
        // The restore as this device made it: from its own copy, which a change made elsewhere
        // and not seen here yet (an edit, a newer delete) may differ from; a version this
        // device made, as an edit is (contested when it is stale here).
        let fields = model.deleted[id]?.fields ?? Self.fields(chosen.bookmark)
        let made = device.model.state.bookmarks.first { $0.id == id }.map(Self.fields) ?? fields
        model.restore(id, as: made, by: d)
        model.record(
          .init(
            kind: .bookmark, label: "restore of “\(made.name)”", before: [id: nil], after: [id: made]), on: d)
      }
      note(d, "restores \(chosen.id)")
    case .deleteForGood:
      await device.press(.character("d"), .character("y"))
      guard device.message == "Deleted “\(chosen.bookmark.name)” for good." else {
        throw fail("acknowledged", "deleting \(chosen.id) for good said “\(device.message)”")
      }
      model.removeForGood(chosen.id, by: d)
      note(d, "deletes \(chosen.id) for good")
    default:
      await device.press(.character("E"), .character("y"))
      let one = deletedBefore.count == 1 && device.message == "Deleted “\(chosen.bookmark.name)” for good."
      guard device.message.hasPrefix("Emptied Recently Deleted") || one else {
        throw fail("acknowledged", "emptying said “\(device.message)”")
      }
      for entry in deletedBefore { model.removeForGood(entry.id, by: d) }
      note(d, "empties Recently Deleted (\(deletedBefore.count))")
    }
    if case .recentlyDeleted = device.model.state.modal { await device.press(.escape) }
  }

  func resolve(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    let bookmarks = device.model.state.bookmarks
    guard let row = bookmarks.indices.first(where: { device.model.state.conflicted.contains(bookmarks[$0].id) }) else {
      return
    }
    let id = bookmarks[row].id
    await device.select(row)
    await device.press(.enter)
    guard case .resolve(let dialog) = device.model.state.modal, let versions = dialog.versions, versions.count >= 2
    else {
      if device.model.state.modal != nil { await device.press(.escape) }
      note(d, "resolve of \(id): nothing to resolve")
      return
    }
    let how = ["keep", "keep both", "merge"][pick % 3]
    switch how {
    case "keep":
      for _ in 0..<(pick / 3 % versions.count) { await device.press(.down) }
      await device.press(.enter)
    case "keep both":
      await device.press(.character("b"))
      adoptUnknown = true
    default:
      await device.press(.character("m"), .enter)
    }
    if device.model.state.modal != nil { await device.press(.escape) }
    if how == "keep both" {
      // The other version is a bookmark of its own, under an id this device made: in the
      // account from now on, as this device's add (the next step may move or undo it).
      for bookmark in try await device.store.load()
      where model.bookmarks[bookmark.id] == nil && model.deleted[bookmark.id] == nil && bookmark.id != id {
        model.put(bookmark.id, Self.fields(bookmark), by: d)
      }
    }
    let current = model.bookmarks[id]
    model.contestedCandidates[id, default: [current]] += versions.map { Optional(Self.fields($0.bookmark)) }
    // Whichever is kept is written filed in its folder's record, which another device may
    // have changed meanwhile: a folder change too.
    for version in versions { model.touchFolder(version.bookmark.folder, by: d) }
    // What this device now has (a merge is a version it made): the store's, since the
    // screen shows it only once the store's change arrives.
    if let merged = try await device.store.load().first(where: { $0.id == id }) {
      model.contestedCandidates[id]!.append(Self.fields(merged))
      model.touchFolder(merged.folder, by: d)
      // A write of this device's, which another device acts on before it arrives there only
      // as a change unseen (seed 190010: an import undone over it).
      model.touch(id, by: d, value: Self.fields(merged))
      model.bookmarks[id] = Self.fields(merged)
    }
    note(d, "resolves \(id): \(how)")
  }

  /// The bookmark a held delete names: a document (`<id>.bookmark`) or a key-value key
  /// (`bookmark.<id>`).
  static func bookmarkID(held item: String) -> String {
    item.hasPrefix("bookmark.") ? String(item.dropFirst("bookmark.".count)) : String(item.dropLast(".bookmark".count))
  }

  /// A device that was asked about deletes held back answers: `R` keeps them, `Y` deletes
  /// them here too. What the bottom line then says of Recently Deleted must be true.
  func answerHeld(_ d: Int, keep: Bool) async throws {
    let device = devices[d]
    guard case .confirmHeldDeletes(let held) = device.model.state.modal else { return }
    await device.press(.character(keep ? "R" : "Y"))
    let message = device.message
    note(d, "answers the held deletes (\(held.count) of \(held.total)) with \(keep ? "R" : "Y")")
    _ = await device.store.sync()
    try await refresh(d)
    if keep, message.hasPrefix("Kept them") {
      // Back on every device: this device's copies saved again (or the deleting device's
      // Recently Deleted copies, when newer: contested, the stores' choice).
      for item in held.items {
        let id = Self.bookmarkID(held: item)
        guard let fields = model.lastFields[id], model.bookmarks[id] == nil else { continue }
        if model.deleted[id] != nil { model.contestedCandidates[id, default: [nil]].append(fields) }
        model.restore(id, as: fields, by: d)
      }
    }
    guard !keep, message.hasPrefix("Deleted them here too") else { return }
    let deleted = Set(try await device.store.recentlyDeleted().map(\.id))
    let inDeleted = held.items.count { deleted.contains(Self.bookmarkID(held: $0)) }
    var claimed = 0
    if message.contains("Recently Deleted (D) has them") {
      claimed = held.count
    } else if let range = message.range(of: "Recently Deleted (D) has ") {
      claimed = Int(message[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }
    if claimed > inDeleted {
      throw fail(
        "message true",
        "“\(message)” but Recently Deleted holds \(inDeleted) of the \(held.count) held (\(deleted.count) in all)")
    }
  }

  // MARK: - Invariants
}
