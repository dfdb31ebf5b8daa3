import BookmarkModel
import BookmarkStoreInterface
import BookmarksState
import DocumentBookmarks
import Foundation
import Shelf

extension ModelRun {
  func add(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    let n = "\(index)"
    var fields = ModelFields(name: "Added \(n)", url: "https://added.example/\(n)", folder: [], notes: "", tags: [])
    await device.press(.character("+"))
    await device.type(fields.name)
    await device.press(.down)
    await device.type(fields.url)
    if pick % 3 == 0 {
      let folder = folderNames[pick % folderNames.count]
      fields.folder = folder.split(separator: "/").map(String.init)
      await device.press(.down)
      await device.type(folder)
    }
    if pick % 4 == 1 {
      fields.tags = ["t\(pick % 3)"]
      if pick % 3 != 0 { await device.press(.down) }
      await device.press(.down)
      await device.type(fields.tags[0])
    }
    await device.press(.enter)
    guard device.message == "Added “\(fields.name)”.", let saved = device.model.state.selectedBookmark else {
      throw fail("acknowledged", "adding \(fields) said “\(device.message)”")
    }
    guard Self.fields(saved) == fields else {
      throw fail("acknowledged", "added \(fields) but the list shows \(Self.fields(saved))")
    }
    acknowledgeNew(saved.id, fields, as: "add of “\(fields.name)”", on: d)
    note(d, "adds \(saved.id) \(fields)")
  }

  /// A bookmark the screen said was made on device `d` (an add, a save from the shelf): in the
  /// account, and a step `u` takes back.
  func acknowledgeNew(_ id: String, _ fields: ModelFields, as label: String, on d: Int) {
    model.put(id, fields, by: d)
    recordChange(of: id, label, from: nil, to: fields, on: d)
  }

  func edit(_ d: Int, _ kind: ModelStep.Kind, _ pick: Int) async throws {
    let device = devices[d]
    guard let bookmark = await pickBookmark(d, pick) else { return }
    let before = Self.fields(bookmark)
    var after = before
    let downs: Int
    let typed: String
    switch kind {
    case .editName:
      after.name = "Edited \(index)"
      typed = after.name
      downs = 0
    case .editURL:
      after.url = "https://edited.example/\(index)"
      typed = after.url
      downs = 1
    case .editFolder:
      let folder = folderNames[pick % folderNames.count]
      after.folder = folder.split(separator: "/").map(String.init)
      typed = folder
      downs = 2
    case .editTags:
      after.tags = ["t\(pick % 4)"]
      typed = after.tags[0]
      downs = 3
    default:
      after.notes = "Notes \(index)"
      typed = after.notes
      downs = 4
    }
    await device.press(.enter)
    guard case .dialog = device.model.state.modal else {
      throw fail("driver", "Enter on “\(bookmark.name)” opened \(String(describing: device.model.state.modal))")
    }
    for _ in 0..<downs { await device.press(.down) }
    await device.press(.control("u"))
    await device.type(typed)
    await device.press(.enter)
    if after == before {
      if case .dialog = device.model.state.modal { await device.press(.escape, .character("y")) }
      note(d, "edits \(bookmark.id) to what it was")
      return
    }
    guard device.message == "Saved “\(after.name)”." else {
      let modal = device.model.state.modal.map { " (showing \($0))" } ?? ""
      throw fail("acknowledged", "editing \(bookmark.id) to \(after) said “\(device.message)”\(modal)")
    }
    model.put(bookmark.id, after, by: d)
    recordChange(of: bookmark.id, "edit of “\(before.name)”", from: before, to: after, on: d)
    note(d, "edits \(bookmark.id) to \(after)")
  }

  /// A revert from the history: the store's versions as the screen lists them (the model
  /// keeps none), an older one chosen; what the store made current is an edit of the bookmark
  /// made on this device, which `u` takes back.
  func revert(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    guard let bookmark = await pickBookmark(d, pick) else { return }
    let view = try await openHistory(d, of: bookmark)
    let rows = view.listing?.rows ?? []
    try checkHistoryBounds(rows, of: bookmark, on: d)
    let older = rows.indices.filter { !rows[$0].isCurrent }
    guard !older.isEmpty else {
      await device.press(.escape)
      return
    }
    let target = older[pick / 7 % older.count]
    for _ in 0..<abs(target - view.choice) { await device.press(target > view.choice ? .down : .up) }
    let storedBefore = try await device.store.load().first { $0.id == bookmark.id }
    await device.press(.enter)
    guard device.message.hasPrefix("Reverted “") else {
      if case .history(let open) = device.model.state.modal {
        // A version that reads as the bookmark does now (it differs in dates or the order, or
        // names the same folder record by the path it had then): the store says so and
        // changes nothing, which must be true.
        let version = Self.fields(rows[target].version.bookmark)
        let now = try await device.store.load().first { $0.id == bookmark.id }.map(Self.fields)
        var sameFolder = version
        sameFolder.folder = now?.folder ?? version.folder
        if let error = open.error, error.hasSuffix("nothing was changed."), now == storedBefore.map(Self.fields),
          now == sameFolder
        {
          await device.press(.escape)
          note(d, "revert of \(bookmark.id): \(error)")
          return
        }
        throw fail("acknowledged", "reverting \(bookmark.id) said “\(open.error ?? "")”")
      }
      throw fail("acknowledged", "reverting \(bookmark.id) said “\(device.message)”")
    }
    guard let stored = try await device.store.load().first(where: { $0.id == bookmark.id }) else {
      throw fail("acknowledged", "\(bookmark.id) reverted (“\(device.message)”) is not in the store")
    }
    let (before, made) = (Self.fields(bookmark), Self.fields(stored))
    guard device.message.hasPrefix("Reverted “\(made.name)” to version") else {
      throw fail("acknowledged", "reverting \(bookmark.id) to \(made) said “\(device.message)”")
    }
    model.put(bookmark.id, made, by: d)
    recordChange(of: bookmark.id, "revert of “\(made.name)”", from: before, to: made, on: d)
    note(d, "reverts \(bookmark.id) to \(made)")
  }

  func history(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    guard let bookmark = await pickBookmark(d, pick) else { return }
    let view = try await openHistory(d, of: bookmark)
    try checkHistoryBounds(view.listing?.rows ?? [], of: bookmark, on: d)
    await device.press(.escape)
  }

  /// Opens the bookmark's history with `H` on device `d`.
  func openHistory(_ d: Int, of bookmark: Bookmark) async throws -> HistoryView {
    let device = devices[d]
    await device.press(.character("H"))
    guard case .history(let view) = device.model.state.modal else {
      throw fail("driver", "H on “\(bookmark.name)” opened \(String(describing: device.model.state.modal))")
    }
    return view
  }

  /// Records a change of one bookmark made on device `d`, which `u` there takes back: its
  /// fields before and after (nil where it was not, or is no longer, listed).
  func recordChange(of id: String, _ label: String, from before: ModelFields?, to after: ModelFields?, on d: Int) {
    model.record(.init(kind: .bookmark, label: label, before: [id: before], after: [id: after]), on: d)
  }

  /// What `H` lists keeps the device's history rules: no version older than its days but the
  /// current one and the heads (versions the bookmark is now, on some device), and no more
  /// than its number of versions besides those.
  func checkHistoryBounds(_ rows: [HistoryListing.Row], of bookmark: Bookmark, on d: Int) throws {
    let rules = devices[d].historyRules
    let parents = Set(rows.flatMap(\.version.parents))
    let others = rows.filter { !$0.isCurrent && parents.contains($0.version.id) }
    let limit = clock.peek().addingTimeInterval(-Double(rules.days) * 86_400)
    if let old = others.first(where: { $0.version.saved < limit }) {
      throw fail(
        "history", "H on \(bookmark.id) lists a version saved \(old.version.saved), older than \(rules.days) days")
    }
    if others.count > rules.versions {
      throw fail("history", "H on \(bookmark.id) lists \(others.count) older versions, more than \(rules.versions)")
    }
  }

  /// Gives device `d` its store's newest snapshot. An edit of its session that another
  /// device's change replaced unseen (the key-value store's last write wins) is said and
  /// becomes a step `u` takes back, bringing the edit back; the model records it so, and the
  /// bookmark is as the other device made it, here and (the last write) in the account.
  func refresh(_ d: Int) async throws {
    for replaced in await devices[d].refresh() {
      let (mine, theirs) = (Self.fields(replaced.mine), Self.fields(replaced.theirs))
      guard world.backend == .keyValue else {
        throw fail("acknowledged", "the document store said an edit of \(replaced.mine.id) was replaced")
      }
      recordChange(of: replaced.mine.id, "the other device's change to “\(theirs.name)”", from: mine, to: theirs, on: d)
      if model.bookmarks[replaced.mine.id] != nil { model.bookmarks[replaced.mine.id] = theirs }
      log.append(
        "\(index): \(["A", "B", "C"][d]) is told its edit \(mine) of \(replaced.mine.id) was replaced by \(theirs)")
    }
  }

  // MARK: - The team shelf
}
