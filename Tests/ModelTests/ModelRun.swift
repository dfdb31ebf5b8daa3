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

  let world: ModelWorld
  let clock = ModelClock(ModelRun.start)
  var devices: [ModelDevice] = []
  var model: AccountModel
  var index = 0
  /// What happened, step by step, as the screen said it: printed with a failure.
  var log: [String] = []
  var adoptUnknown = false

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
  static func watch(_ number: Int, _ step: ModelStep) -> Task<Void, Never> {
    Task.detached {
      try? await Task.sleep(for: .seconds(120))
      guard !Task.isCancelled else { return }
      fatalError("ModelTests: step \(number) (\(step)) has not finished in 120 s: a hang")
    }
  }

  func closeAll() async {
    for device in devices { await device.close() }
  }

  func fail(_ invariant: String, _ detail: String) -> ModelViolation {
    ModelViolation(invariant: invariant, step: index, detail: detail)
  }

  func note(_ device: Int, _ what: String) {
    log.append("\(index): \(["A", "B", "C"][device]) \(what) → “\(devices[device].message)”")
  }

  // MARK: - Steps

  func perform(_ step: ModelStep) async throws {
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
  func pickBookmark(_ d: Int, _ pick: Int, avoidingConflicts: Bool = true) async -> Bookmark? {
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

  static func fields(_ bookmark: Bookmark) -> ModelFields {
    ModelFields(
      name: bookmark.name, url: bookmark.url, folder: bookmark.folder, notes: bookmark.notes, tags: bookmark.tags)
  }

  let folderNames = ["Work", "Home", "Reading", "Work/Swift", "Home/Recipes"]

  /// An add, then, while its push is held on its way to the cloud, a delete, an edit, a move
  /// or an undo on the same device; then the push lands. (Offline, or with the push gone
  /// before the hold, the second key comes after it.)
  func pushInFlight(_ d: Int, _ pick: Int) async throws {
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
}

extension Array {
  func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
