import BookmarkModel
import BookmarkStoreInterface
import DocumentBookmarks
import Foundation
import Shelf

/// A broken promise: which invariant, at which step, and what was seen.
struct ModelViolation: Error, CustomStringConvertible {
  var invariant: String
  var step: Int
  var detail: String
  var description: String { "[\(invariant)] at step \(step): \(detail)" }
}

/// One run of steps over 2–3 devices of one account: each step is done through a device's
/// view model, the model is told what the screen said was done, and the invariants are
/// checked after every step and at every settle. The run stops at the first violation.
final class ModelRun {
  static let start = Date(timeIntervalSince1970: 1_790_000_000)

  private let world: ModelWorld
  private let clock = ModelClock(ModelRun.start)
  private var devices: [ModelDevice] = []
  private var model: AccountModel
  private var index = 0
  /// What happened, step by step, as the screen said it: printed with a failure.
  private(set) var log: [String] = []
  private var adoptUnknown = false

  init(world: ModelWorld, devices count: Int) throws {
    self.world = world
    model = AccountModel(devices: count)
    for letter in ["a", "b", "c"].prefix(count) {
      devices.append(try ModelDevice(letter: letter, world: world, clock: clock))
    }
  }

  /// Runs `steps`; the first violation, or nil.
  func run(_ steps: [ModelStep]) async -> ModelViolation? {
    do {
      try await makeShelf()
      for device in devices { await device.show() }
      for (number, step) in steps.enumerated() {
        index = number
        model.step = number + 1
        if Self.tracing { FileHandle.standardError.write(Data("step \(number): \(step)\n".utf8)) }
        let watchdog = Self.watch(number, step)
        defer { watchdog.cancel() }
        try await perform(step)
        try await afterStep()
      }
    } catch let violation as ModelViolation {
      return violation
    } catch {
      return ModelViolation(invariant: "driver", step: index, detail: "\(error)")
    }
    return nil
  }

  /// `J`/`K` offline are driven too (`CLOUDY_MODEL_OFFLINE_REORDER=0` leaves them out).
  static let driveOfflineReorders = ProcessInfo.processInfo.environment["CLOUDY_MODEL_OFFLINE_REORDER"] != "0"

  /// `CLOUDY_MODEL_TRACE=1`: each step on stderr as it starts.
  static let tracing = ProcessInfo.processInfo.environment["CLOUDY_MODEL_TRACE"] == "1"

  /// A step that takes more than two minutes is a hang: said, with the step, and the run
  /// ends there (a test can't wait for it).
  private static func watch(_ number: Int, _ step: ModelStep) -> Task<Void, Never> {
    Task.detached {
      try? await Task.sleep(for: .seconds(120))
      guard !Task.isCancelled else { return }
      fatalError("ModelTests: step \(number) (\(step)) has not finished in 120 s: a hang")
    }
  }

  func closeAll() async {
    for device in devices { await device.close() }
  }

  private func fail(_ invariant: String, _ detail: String) -> ModelViolation {
    ModelViolation(invariant: invariant, step: index, detail: detail)
  }

  private func note(_ device: Int, _ what: String) {
    log.append("\(index): \(["A", "B", "C"][device]) \(what) → “\(devices[device].message)”")
  }

  // MARK: - Steps

  private func perform(_ step: ModelStep) async throws {
    let d = step.device % devices.count
    let device = devices[d]
    // A second between steps, as between a person's keys: dates are kept in whole seconds.
    clock.advance(seconds: 1)
    // Held deletes shown: answered (again, as the screen asks, when they changed meanwhile).
    for _ in 0..<3 {
      guard case .confirmHeldDeletes = device.model.state.modal else { break }
      try await answerHeld(d, keep: step.pick % 2 == 0)
    }
    let pick = Int(step.pick)
    switch step.kind {
    case .add: try await add(d, pick)
    case .editName, .editURL, .editNotes, .editTags, .editFolder: try await edit(d, step.kind, pick)
    case .delete: try await delete(d, pick)
    case .move: try await move(d, pick)
    case .reorder: try await reorder(d, pick)
    case .newFolder, .renameFolder, .moveFolder, .deleteFolder: try await folder(d, step.kind, pick)
    case .importFew: try await importFile(d, count: 1 + pick % 3, pick)
    case .importMany: try await importFile(d, count: 60 + pick % 10, pick)
    case .undo, .redo: try await undo(d, step.kind == .undo, pick)
    case .restore, .deleteForGood, .emptyDeleted: try await recentlyDeleted(d, step.kind, pick)
    case .resolve: try await resolve(d, pick)
    // The key-value store keeps no versions: `H` says so, and there is nothing to revert.
    case .revert where world.backend == .keyValue, .history where world.backend == .keyValue: return
    case .revert: try await revert(d, pick)
    case .history: try await history(d, pick)
    case .publish: try await publish(d, pick)
    case .saveFromShelf: try await saveFromShelf(d, pick)
    case .pushInFlight: try await pushInFlight(d, pick)
    case .offline:
      device.setOnline(false)
      model.devices[d].online = false
      note(d, "goes offline")
    case .online:
      device.setOnline(true)
      model.devices[d].online = true
      note(d, "comes online")
    case .restart:
      try await device.restart()
      model.devices[d].undo = []
      model.devices[d].redo = []
      note(d, "killed and restarted")
    case .daysAhead:
      let days = [1, 3, 10, 29, 31][pick % 5]
      clock.advance(days: days)
      log.append("\(index): the clock moves \(days) days ahead")
    case .settle:
      try await settle(keep: pick % 2 == 0)
    }
  }

  /// The bookmark shown on a row picked by `pick`, selected; nil when the list is empty.
  private func pickBookmark(_ d: Int, _ pick: Int, avoidingConflicts: Bool = true) async -> Bookmark? {
    let device = devices[d]
    let bookmarks = device.model.state.bookmarks
    guard !bookmarks.isEmpty else { return nil }
    let candidates = bookmarks.indices.filter {
      !avoidingConflicts || !device.model.state.conflicted.contains(bookmarks[$0].id)
    }
    guard !candidates.isEmpty else { return nil }
    let row = candidates[pick % candidates.count]
    await device.select(row)
    return device.model.state.selectedBookmark
  }

  private static func fields(_ bookmark: Bookmark) -> ModelFields {
    ModelFields(
      name: bookmark.name, url: bookmark.url, folder: bookmark.folder, notes: bookmark.notes, tags: bookmark.tags)
  }

  private let folderNames = ["Work", "Home", "Reading", "Work/Swift", "Home/Recipes"]

  /// An add, then, while its push is held on its way to the cloud, a delete, an edit, a move
  /// or an undo on the same device; then the push lands. (Offline, or with the push gone
  /// before the hold, the second key comes after it.)
  private func pushInFlight(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    try await add(d, pick)
    let hold = device.cloud.holdNextWrite()
    // Let go even when the step below fails, or closing the store would wait for ever.
    defer { hold.release() }
    let (done, finished) = AsyncStream.makeStream(of: Void.self)
    let store: any BookmarkStore = device.store
    let syncing = Task {
      _ = await store.sync()
      finished.finish()
    }
    let inFlight = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for await _ in hold.started { return true }
        return false
      }
      group.addTask {
        for await _ in done {}
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    if !inFlight { device.cloud.cancelHold() }
    note(d, inFlight ? "pushes, held on its way" : "pushes (nothing held)")
    // The newest row is usually the add's: pick 0 selects the first row, so the pick is kept.
    switch pick % 5 {
    case 0, 1: try await delete(d, pick)
    case 2: try await edit(d, .editName, pick)
    case 3: try await edit(d, .editFolder, pick)
    default: try await undo(d, true, pick)
    }
    hold.release()
    await syncing.value
  }

  private func add(_ d: Int, _ pick: Int) async throws {
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
  private func acknowledgeNew(_ id: String, _ fields: ModelFields, as label: String, on d: Int) {
    model.put(id, fields, by: d)
    model.record(.init(kind: .bookmark, label: label, before: [id: nil], after: [id: fields]), on: d)
  }

  private func edit(_ d: Int, _ kind: ModelStep.Kind, _ pick: Int) async throws {
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
    model.record(
      .init(
        kind: .bookmark, label: "edit of “\(before.name)”", before: [bookmark.id: before], after: [bookmark.id: after]),
      on: d)
    note(d, "edits \(bookmark.id) to \(after)")
  }

  /// A revert from the history: the store's versions as the screen lists them (the model
  /// keeps none), an older one chosen; what the store made current is an edit of the bookmark
  /// made on this device, which `u` takes back.
  private func revert(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    guard let bookmark = await pickBookmark(d, pick) else { return }
    await device.press(.character("H"))
    guard case .history(let view) = device.model.state.modal else {
      throw fail("driver", "H on “\(bookmark.name)” opened \(String(describing: device.model.state.modal))")
    }
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
    model.record(
      .init(
        kind: .bookmark, label: "revert of “\(made.name)”", before: [bookmark.id: before], after: [bookmark.id: made]),
      on: d)
    note(d, "reverts \(bookmark.id) to \(made)")
  }

  private func history(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    guard let bookmark = await pickBookmark(d, pick) else { return }
    await device.press(.character("H"))
    guard case .history(let view) = device.model.state.modal else {
      throw fail("driver", "H on “\(bookmark.name)” opened \(String(describing: device.model.state.modal))")
    }
    try checkHistoryBounds(view.listing?.rows ?? [], of: bookmark, on: d)
    await device.press(.escape)
  }

  /// What `H` lists keeps the device's history rules: no version older than its days but the
  /// current one and the heads (versions the bookmark is now, on some device), and no more
  /// than its number of versions besides those.
  private func checkHistoryBounds(_ rows: [HistoryListing.Row], of bookmark: Bookmark, on d: Int) throws {
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
  private func refresh(_ d: Int) async throws {
    for replaced in await devices[d].refresh() {
      let (mine, theirs) = (Self.fields(replaced.mine), Self.fields(replaced.theirs))
      guard world.backend == .keyValue else {
        throw fail("acknowledged", "the document store said an edit of \(replaced.mine.id) was replaced")
      }
      model.record(
        .init(
          kind: .bookmark, label: "the other device's change to “\(theirs.name)”", before: [replaced.mine.id: mine],
          after: [replaced.mine.id: theirs]), on: d)
      if model.bookmarks[replaced.mine.id] != nil { model.bookmarks[replaced.mine.id] = theirs }
      log.append(
        "\(index): \(["A", "B", "C"][d]) is told its edit \(mine) of \(replaced.mine.id) was replaced by \(theirs)")
    }
  }

  // MARK: - The team shelf

  /// The account's shelf, made by the run (the account is its owner) with three rows of a
  /// team's, so there is something to save before anything is published.
  private func makeShelf() async throws {
    let shelf = devices[0].shelf
    _ = try await shelf.access()
    try await shelf.create(worldReadable: false)
    for n in 1...3 {
      let row = try await shelf.add(name: "Team \(n)", url: "https://team.example/\(n)")
      model.shelf[row.name + "\t" + row.url, default: 0] += 1
    }
  }

  /// `p`: a copy of the bookmark goes on the shelf. The shelf is queried, not mirrored, so a
  /// device cut off from the network is left out (the app's shelf is read-only then).
  private func publish(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    guard device.online, let bookmark = await pickBookmark(d, pick) else { return }
    await device.press(.character("p"))
    guard device.message == "Published “\(bookmark.name)” to the team shelf." else {
      throw fail("acknowledged", "publishing \(bookmark.id) said “\(device.message)”")
    }
    model.shelf[bookmark.name + "\t" + bookmark.url, default: 0] += 1
    try await checkShelf()
    note(d, "publishes \(bookmark.id) to the shelf")
  }

  /// `Tab`, a row, `P`, `Tab`: a copy saved into my bookmarks, as an add of this device's
  /// (`u` takes it back); or, when my list has its URL, nothing but the sentence saying so.
  private func saveFromShelf(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    guard device.online else { return }
    await device.press(.tab)
    guard device.model.state.showsShelf, let rows = device.model.state.shelf?.bookmarks, !rows.isEmpty else {
      throw fail("driver", "Tab showed no shelf rows (\(String(describing: device.model.state.shelf?.problem)))")
    }
    await device.press(.home)
    for _ in 0..<(pick % rows.count) { await device.press(.down) }
    guard let chosen = device.model.state.shelf?.selected else { throw fail("driver", "no shelf row selected") }
    let listedBefore = Set(device.model.state.bookmarks.map(\.id))
    await device.press(.character("P"))
    let message = device.message
    await device.press(.tab)
    guard !device.model.state.showsShelf else { throw fail("driver", "Tab on the shelf did not go back") }
    if message.hasSuffix("in your bookmarks has this URL already.") {
      guard device.model.state.bookmarks.contains(where: { $0.url == chosen.url }) else {
        throw fail(
          "acknowledged", "saving “\(chosen.name)” from the shelf said “\(message)”, but no bookmark has its URL")
      }
      note(d, "saves “\(chosen.name)” from the shelf: \(message)")
      return
    }
    guard message == "Saved “\(chosen.name)” into your bookmarks; u takes it back.",
      let saved = device.model.state.bookmarks.first(where: { !listedBefore.contains($0.id) })
    else {
      throw fail("acknowledged", "saving “\(chosen.name)” from the shelf said “\(message)”")
    }
    let fields = Self.fields(saved)
    guard fields == ModelFields(name: chosen.name, url: chosen.url, folder: [], notes: "", tags: []) else {
      throw fail("acknowledged", "“\(chosen.name)” \(chosen.url) saved from the shelf is listed as \(fields)")
    }
    acknowledgeNew(saved.id, fields, as: "save of “\(fields.name)”", on: d)
    note(d, "saves \(saved.id) \(fields) from the shelf")
  }

  /// The shelf holds exactly the rows the model has: the run's three and every one published.
  private func checkShelf() async throws {
    let page = try await devices[0].shelf.page(matching: "", after: nil, limit: 100_000)
    var rows: [String: Int] = [:]
    for row in page.bookmarks { rows[row.name + "\t" + row.url, default: 0] += 1 }
    guard rows == model.shelf else {
      throw fail(
        "shelf",
        "the shelf holds \(rows.sorted { $0.key < $1.key }); the model has \(model.shelf.sorted { $0.key < $1.key })")
    }
  }

  private func delete(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    guard let bookmark = await pickBookmark(d, pick) else { return }
    await device.press(.character("d"), .character("y"))
    guard device.message == "Deleted “\(bookmark.name)”; D shows Recently Deleted." else {
      throw fail("acknowledged", "deleting \(bookmark.id) said “\(device.message)”")
    }
    let fields = Self.fields(bookmark)
    if model.bookmarks[bookmark.id] == nil {
      // Gone from the account already (deleted elsewhere, unseen here): this device said its
      // Recently Deleted has it, and so it must, as this device had it.
      model.touch(bookmark.id, by: d, value: nil)
      model.deleted[bookmark.id] = (fields, clock.peek())
    } else {
      model.delete(bookmark.id, at: clock.peek(), by: d)
    }
    model.record(
      .init(
        kind: .bookmark, label: "delete of “\(fields.name)”", before: [bookmark.id: fields], after: [bookmark.id: nil]),
      on: d)
    note(d, "deletes \(bookmark.id)")
  }

  private func move(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    guard let bookmark = await pickBookmark(d, pick) else { return }
    await device.press(.character("m"))
    guard case .move(let picker) = device.model.state.modal else { return }
    let choices = picker.rows.indices.filter { picker.rows[$0].path != bookmark.folder }
    guard !choices.isEmpty else {
      await device.press(.escape)
      return
    }
    let choice = choices[pick / 7 % choices.count]
    let path = picker.rows[choice].path
    await device.press(.home)
    for _ in 0..<choice { await device.press(.down) }
    await device.press(.enter)
    guard device.message.hasPrefix("Moved “\(bookmark.name)”") else {
      throw fail("acknowledged", "moving \(bookmark.id) to \(path) said “\(device.message)”")
    }
    let before = Self.fields(bookmark)
    var after = before
    after.folder = path
    model.put(bookmark.id, after, by: d)
    model.record(
      .init(
        kind: .bookmark, label: "move of “\(before.name)”", before: [bookmark.id: before], after: [bookmark.id: after]),
      on: d)
    note(d, "moves \(bookmark.id) to /\(path.joined(separator: "/"))")
  }

  private func reorder(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    let bookmarks = device.model.state.bookmarks
    guard bookmarks.count >= 2 else { return }
    // (`CLOUDY_MODEL_OFFLINE_REORDER=0` leaves out J/K made offline.)
    if !device.online && !Self.driveOfflineReorders {
      log.append("\(index): J/K offline not driven (CLOUDY_MODEL_OFFLINE_REORDER=0)")
      return
    }
    let row = pick % bookmarks.count
    await device.select(row)
    let moved = bookmarks[row]
    let other = bookmarks[row == bookmarks.count - 1 ? row - 1 : row + 1]
    await device.press(row == bookmarks.count - 1 ? .character("K") : .character("J"))
    if let message = device.model.state.message, message.isError {
      throw fail("acknowledged", "J/K on \(moved.id) said “\(message.text)”")
    }
    // As this device has them: what its J/K writes (it may not have seen a delete elsewhere),
    // each filed in its folder's record (which may be gone elsewhere: a folder change too).
    model.touch(moved.id, by: d, value: Self.fields(moved))
    model.touch(other.id, by: d, value: Self.fields(other))
    model.touchFolder(moved.folder, by: d)
    model.touchFolder(other.folder, by: d)
    let fields = Self.fields(moved)
    model.record(
      .init(
        kind: .reorder, label: "move of “\(moved.name)” in your order", before: [moved.id: fields],
        after: [moved.id: fields], neighbour: other.id),
      on: d)
    note(d, "J/K \(moved.id) past \(other.id)")
  }

  private func folder(_ d: Int, _ kind: ModelStep.Kind, _ pick: Int) async throws {
    let device = devices[d]
    // The folder view, at the top level.
    await device.press(.character("A"))
    defer { log.append("  (folder view back to the flat list)") }
    let rows = device.model.state.shownFolders
    switch kind {
    case .newFolder:
      let name = ["Work", "Home", "Reading", "Later", "News"][pick % 5]
      await device.press(.character("N"))
      await device.type(name)
      await device.press(.enter)
      if case .folderName = device.model.state.modal {
        await device.press(.escape)
        note(d, "new folder “\(name)” refused")
      } else if device.model.state.message?.isError != true {
        model.makeFolder([name], by: d)
        model.record(.init(kind: .folder, label: "new folder", before: [:], after: [:]), on: d)
        note(d, "makes folder \(name)")
      }
    case .renameFolder, .moveFolder, .deleteFolder:
      guard !rows.isEmpty else { break }
      let row = pick % rows.count
      let folder = rows[row].path
      await device.select(row)
      if kind == .renameFolder {
        let name = ["Office", "House", "Later", "Work", "Archive"][pick / 5 % 5]
        await device.press(.enter, .control("u"))
        await device.type(name)
        await device.press(.enter)
        if case .folderName = device.model.state.modal {
          await device.press(.escape)
          note(d, "rename of \(folder) to \(name) refused")
        } else if device.model.state.message?.isError != true, folder != [name] {
          model.moveFolder(folder, to: [name], by: d)
          model.record(.init(kind: .folder, label: "rename", before: [:], after: [:]), on: d)
          note(d, "renames folder \(folder) to \(name)")
        }
      } else if kind == .moveFolder {
        await device.press(.character("m"))
        guard case .move(let picker) = device.model.state.modal, !picker.rows.isEmpty else {
          if case .move = device.model.state.modal { await device.press(.escape) }
          break
        }
        let choice = pick / 7 % picker.rows.count
        let parent = picker.rows[choice].path
        await device.press(.home)
        for _ in 0..<choice { await device.press(.down) }
        await device.press(.enter)
        if case .move = device.model.state.modal {
          await device.press(.escape)
          note(d, "move of \(folder) into \(parent) refused")
        } else if device.model.state.message?.isError != true, parent + [folder.last!] != folder {
          model.moveFolder(folder, to: parent + [folder.last!], by: d)
          model.record(.init(kind: .folder, label: "folder move", before: [:], after: [:]), on: d)
          note(d, "moves folder \(folder) into /\(parent.joined(separator: "/"))")
        } else {
          note(d, "move of folder \(folder) into \(parent): nothing")
        }
      } else {
        await device.press(.character("d"), .character("y"))
        if device.model.state.message?.isError != true {
          model.deleteFolder(folder, by: d)
          model.record(.init(kind: .folder, label: "folder delete", before: [:], after: [:]), on: d)
          note(d, "deletes folder \(folder)")
        }
      }
    default: break
    }
    if let modal = device.model.state.modal { throw fail("driver", "a folder step left \(modal) open") }
    await device.press(.character("A"))
  }

  private func importFile(_ d: Int, count: Int, _ pick: Int) async throws {
    let device = devices[d]
    let made = (0..<count).map { i in
      Bookmark(
        id: "imp-\(index)-\(i)", name: "Imported \(index).\(i)", url: "https://imported.example/\(index)/\(i)",
        created: ModelRun.start, modified: ModelRun.start, folder: i % 4 == 1 ? ["Imported \(index)"] : [],
        notes: i % 5 == 2 ? "from a file" : "", tags: i % 3 == 0 ? ["import"] : [])
    }
    device.nextImport = made
    await device.press(.character("I"))
    await device.type(world.root + "/import-\(index).json")
    await device.press(.enter, .enter)
    let expected = "Imported \(count == 1 ? "1 bookmark" : "\(count) bookmarks") from import-\(index).json"
    guard device.message.hasPrefix(expected) else {
      throw fail("acknowledged", "importing \(count) said “\(device.message)”")
    }
    var after: [String: ModelFields?] = [:]
    for bookmark in made {
      model.put(bookmark.id, Self.fields(bookmark), by: d)
      after[bookmark.id] = Self.fields(bookmark)
    }
    model.record(
      .init(
        kind: .importAll,
        label: "import of \(count == 1 ? "1 bookmark" : "\(count) bookmarks") from import-\(index).json",
        before: after.mapValues { _ in nil }, after: after),
      on: d)
    note(d, "imports \(count)")
  }

  private func undo(_ d: Int, _ undoing: Bool, _ pick: Int) async throws {
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
  private func apply(
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

  private func recentlyDeleted(_ d: Int, _ kind: ModelStep.Kind, _ pick: Int) async throws {
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

  private func resolve(_ d: Int, _ pick: Int) async throws {
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
  private static func bookmarkID(held item: String) -> String {
    item.hasPrefix("bookmark.") ? String(item.dropFirst("bookmark.".count)) : String(item.dropLast(".bookmark".count))
  }

  /// A device that was asked about deletes held back answers: `R` keeps them, `Y` deletes
  /// them here too. What the bottom line then says of Recently Deleted must be true.
  private func answerHeld(_ d: Int, keep: Bool) async throws {
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

  /// After every step: every online device synced (the step's change pushed, fetched by the
  /// others), every screen given its store's snapshot; then the status line and Recently
  /// Deleted checked on each.
  private func afterStep() async throws {
    for device in devices { _ = await device.store.sync() }
    for device in devices { _ = await device.store.sync() }
    for d in devices.indices { try await refresh(d) }
    for (d, device) in devices.enumerated() {
      if device.online { model.devices[d].lastSync = model.step }
      try await checkStatus(d)
      try await checkDeletedApart(d)
    }
  }

  /// The status line is true: checked again after another sync while the device's own sync
  /// engine, woken by another device's signal, may be between its steps.
  private func checkStatus(_ d: Int) async throws {
    var attempt = 0
    while true {
      do {
        try checkStatusOnce(d)
        return
      } catch let violation as ModelViolation {
        attempt += 1
        if attempt >= 4 { throw violation }
        _ = await devices[d].store.sync()
        try await refresh(d)
      }
    }
  }

  private func checkStatusOnce(_ d: Int) throws {
    let device = devices[d]
    let status = device.model.state.status
    let real = device.realPending()
    guard status.pending == real else {
      throw fail("status true", "\(device.name) says “\(status.summary)” but \(real) documents are pending")
    }
    if !device.online, status.sync != .offline {
      throw fail("status true", "\(device.name) is offline but says “\(status.summary)”")
    }
    if device.online, status.sync == .offline {
      throw fail("status true", "\(device.name) is online but says “\(status.summary)”")
    }
    if device.online, real == 0, status.sync != .synced {
      throw fail("status true", "\(device.name) is online with nothing pending but says “\(status.summary)”")
    }
    if status.sync == .synced, real != 0 {
      throw fail("status true", "\(device.name) says synced with \(real) pending")
    }
  }

  private func checkDeletedApart(_ d: Int) async throws {
    guard let snapshot = await devices[d].store.snapshot(), case .success(let bookmarks) = snapshot.bookmarks else {
      throw fail("driver", "\(devices[d].name) has no list")
    }
    // A copy of an older version beside a newer one listed is two pasts, both kept (an edit
    // beat the delete: DeletedBookmark.notChangedSince, HeldDeletesTests); the same version
    // listed and in Recently Deleted is not.
    let listed = Dictionary(bookmarks.map { ($0.id, Self.fields($0)) }) { a, _ in a }
    let both = Set(snapshot.deleted.filter { listed[$0.id] == Self.fields($0.bookmark) }.map(\.id))
    if !both.isEmpty {
      throw fail("recently deleted", "\(devices[d].name) lists \(both.sorted()) and has them in Recently Deleted")
    }
  }

  /// Every device online and synced until quiet; then every device's export is the same, and
  /// the model's; nothing acknowledged is lost; Recently Deleted is what the model says.
  private func settle(keep: Bool) async throws {
    for (d, device) in devices.enumerated() {
      device.setOnline(true)
      model.devices[d].online = true
    }
    for _ in 0..<4 {
      for device in devices { _ = await device.store.sync() }
      for d in devices.indices { try await refresh(d) }
      for d in devices.indices {
        if case .confirmHeldDeletes = devices[d].model.state.modal { try await answerHeld(d, keep: keep) }
      }
    }
    for d in devices.indices { model.devices[d].lastSync = model.step }
    let exports = try await devices.asyncMap { try await $0.export() }
    for (d, export) in exports.enumerated() where export != exports[0] {
      throw fail("convergence", "\(devices[d].name)'s export differs from \(devices[0].name)'s")
    }
    let listed = Dictionary(try await devices[0].store.load().map { ($0.id, Self.fields($0)) }) { a, _ in a }
    let deletedEntries = try await devices[0].store.recentlyDeleted()
    let deleted = Dictionary(deletedEntries.map { ($0.id, $0) }) { a, _ in a }
    let now = clock.peek()
    model.expire(now: now)
    // Contested bookmarks: what the stores agree on must be one of the versions made.
    for (id, candidates) in model.contestedCandidates {
      let value = listed[id]
      if value == nil, deleted[id] == nil, !candidates.contains(where: { $0 == nil }) {
        throw fail("nothing lost", "\(id), changed on two devices at once, is in neither the list nor Recently Deleted")
      }
      // A folder changed at once too: the path a bookmark settles in is the stores' choice.
      if let value, !candidates.contains(value), !model.foldersContested {
        throw fail("convergence", "\(id) settled as \(value), which no device made (made: \(candidates))")
      }
      model.bookmarks[id] = value
      if let entry = deleted[id] { model.deleted[id] = (Self.fields(entry.bookmark), entry.deleted) }
      if value == nil, deleted[id] == nil { model.removedForGood.insert(id) }
    }
    if model.foldersContested || adoptUnknown {
      for (id, value) in listed where model.bookmarks[id] == nil { model.bookmarks[id] = value }
      for (id, value) in listed where model.foldersContested { model.bookmarks[id] = value }
      for (id, _) in model.bookmarks where listed[id] == nil && model.foldersContested {
        model.bookmarks[id] = nil
      }
      // A copy in Recently Deleted was taken where its bookmark showed then, which a folder
      // changed at once may have moved: the stores' path stands there too.
      for (id, entry) in deleted where model.foldersContested && model.deleted[id] != nil {
        model.deleted[id]!.fields = Self.fields(entry.bookmark)
      }
    }
    // The list.
    for (id, value) in listed where model.bookmarks[id] != value {
      let expected = model.bookmarks[id].map { "\($0)" } ?? (model.deleted[id] != nil ? "in Recently Deleted" : "gone")
      throw fail("convergence", "\(id) is \(value) on every device; the model has it \(expected)")
    }
    for (id, value) in model.bookmarks where listed[id] == nil {
      throw fail("nothing lost", "\(id) \(value) is missing from every device's list")
    }
    // Nothing acknowledged is lost.
    for id in model.acknowledged where listed[id] == nil && deleted[id] == nil && !model.removedForGood.contains(id) {
      throw fail("nothing lost", "\(id) is in neither the list nor Recently Deleted, and no one removed it for good")
    }
    // Recently Deleted: what was deleted in the last 30 days and not restored, and is not
    // listed (a copy of a listed bookmark, an edit that beat the delete, is kept but not shown).
    for id in model.deleted.keys where deleted[id] == nil && listed[id] == nil {
      let age = now.timeIntervalSince(model.deleted[id]!.at) / 86_400
      if model.foldersContested || abs(age - 30) < 1 {
        model.deleted[id] = nil
        continue
      }
      throw fail("recently deleted", "\(id), deleted \(Int(age)) days ago, is missing from Recently Deleted")
    }
    for (id, entry) in deleted where model.deleted[id] == nil {
      let age = now.timeIntervalSince(entry.deleted) / 86_400
      if model.foldersContested || abs(age - 30) < 1 || adoptUnknown {
        model.deleted[id] = (Self.fields(entry.bookmark), entry.deleted)
        continue
      }
      throw fail(
        "recently deleted", "Recently Deleted holds \(id) (\(Int(age)) days), which the model says is not there")
    }
    // The folders.
    let storeFolders = Set((await devices[0].store.snapshot())?.folders ?? [])
    var expectedFolders = model.folders
    for value in model.bookmarks.values { model.addFolders(of: value.folder) }
    expectedFolders = model.folders
    var shown = storeFolders
    for value in listed.values {
      for end in stride(from: value.folder.count, to: 0, by: -1) { shown.insert(Array(value.folder.prefix(end))) }
    }
    if model.foldersContested {
      model.folders = shown
    } else if shown != expectedFolders {
      throw fail(
        "convergence",
        "the folders are \(shown.map { $0.joined(separator: "/") }.sorted()); the model has "
          + "\(expectedFolders.map { $0.joined(separator: "/") }.sorted())")
    }
    try await checkShelf()
    // The status line, settled.
    for (d, device) in devices.enumerated() {
      try await checkStatus(d)
      if device.model.state.status.pending != 0 {
        throw fail(
          "status true", "\(device.name) still has \(device.model.state.status.pending) pending after settling")
      }
    }
    model.contestedCandidates = [:]
    model.pushedSinceSettle = [:]
    model.foldersContested = false
    adoptUnknown = false
    let conflicts = devices[0].model.state.status.conflicts
    log.append(
      "\(index): settled: \(listed.count) bookmarks, \(deleted.count) in Recently Deleted, \(conflicts) in conflict,"
        + " all agree")
  }
}

extension Array {
  func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
