import BookmarkFormats
import BookmarkModel
import BookmarkStoreInterface
import BookmarksEffects
import BookmarksState
import BookmarksViewModel
import DefaultsBookmarks
import DocumentBookmarks
import Foundation
import KeyValueBookmarks
import ScreenRendering
import Synchronization
import TestSupport
import XCTest

/// Undo over real stores (issue 19): two devices of one account make 1,000 random changes in
/// the list — adds, edits, deletes, moves to folders, `J`/`K`, imports of a file (`I`, one
/// step) — each through its own view model
/// driven by keys, as a person types them; then each device undoes its own changes, newest
/// first across both, with `u`. Every device's JSON export is then exactly what it was at the
/// start. The stores' clock moves 10 µs a reading, within one second: every add has a place
/// of its own, and an undone edit's modification date (the time of the undo, in whole seconds:
/// it is a new change) reads as before.
final class RandomUndoTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  /// The operations of one run: the issue's 1,000 with `CLOUDY_UNDO_OPERATIONS=1000` (the
  /// long run, docs/testing.md); 250 in `scripts/test`, which keeps CI within its time.
  private static let operations =
    Int(ProcessInfo.processInfo.environment["CLOUDY_UNDO_OPERATIONS"] ?? "") ?? 250

  func testUndoingEveryChangeOfBothDevicesNewestFirstRestoresTheExactExport() async throws {
    for backend in StoreBackend.allCases {
      try await run(backend, seed: 19)
    }
  }

  /// A device's store of `backend` on `clock` (two devices of one account on one SQLite
  /// cloud; two sessions on one file for user defaults).
  private func store(_ backend: StoreBackend, _ root: String, _ device: String, _ clock: TickingClock)
    -> any BookmarkStore
  {
    let environment = BookmarkEnvironment(now: { clock.next() }, newID: { UUID().uuidString.lowercased() })
    switch backend {
    case .userDefaults:
      return UserDefaultsStore(path: root + "/cloudy.plist", environment: environment, pollInterval: .milliseconds(20))
    case .keyValue:
      return KeyValueBookmarkStore(
        keyValueStore: BookmarkStoreImplementation.keyValueStore(root: root, device: device), environment: environment)
    case .documents:
      return DocumentBookmarkStore(
        container: BookmarkStoreImplementation.documentContainer(root: root, device: device), environment: environment)
    }
  }

  private func run(_ backend: StoreBackend, seed: UInt64) async throws {
    let name = backend.rawValue
    let root = home.path + "/" + name
    // The seeds are placed a second before the clock starts: no add takes a seed's place.
    let clock = TickingClock(Self.clock.addingTimeInterval(-1))
    let storeA = store(backend, root, "a", clock)
    let storeB = store(backend, root, "b", clock)
    try await storeA.importBookmarks(Self.seedBookmarks)
    clock.restart(at: Self.clock)
    let devices = [Device(storeA, files: root), Device(storeB, files: root)]
    for device in devices { await device.open() }
    let start = try await Self.export(storeA)
    var random = SplitMix64(seed: SplitMix64.seed(seed, for: name))
    var made: [Int] = []
    var counter = 0
    for _ in 0..<Self.operations {
      let index = random.below(2)
      counter += 1
      if try await devices[index].randomChange(&random, counter: counter) { made.append(index) }
      await Self.settle(devices, after: index)
    }
    XCTAssertGreaterThan(made.count, Self.operations * 9 / 10, "\(name): most changes were made")
    let changed = try await Self.export(storeA)
    XCTAssertNotEqual(changed, start, "\(name): the changes changed nothing")
    for (step, index) in made.enumerated().reversed() {
      let message = await devices[index].undo()
      XCTAssertTrue(message.hasPrefix("Undid "), "\(name): undo \(step) on \(index) said “\(message)”")
      await Self.settle(devices, after: index)
    }
    for (store, device) in [(storeA, "a"), (storeB, "b")] {
      let end = try await Self.export(store)
      XCTAssertEqual(
        String(decoding: end, as: UTF8.self), String(decoding: start, as: UTF8.self),
        "\(name): device \(device)'s export after undoing everything")
    }
  }

  /// Both devices up to date with the cloud after a change on `changed`, and their lists with
  /// their stores: the change is pushed, then fetched by the other.
  private static func settle(_ devices: [Device], after changed: Int) async {
    await devices[changed].store.sync()
    await devices[1 - changed].store.sync()
    for device in devices { await device.refresh() }
  }

  private static func export(_ store: any BookmarkStore) async throws -> Data {
    try BookmarkJSON.data(for: try await store.load())
  }

  private static let folders: [[String]] = [["Work"], ["Work", "Swift"], ["Home"]]

  private static let seedBookmarks: [Bookmark] = (0..<24).map { index in
    Bookmark(
      id: String(format: "seed-%02d", index), name: "Seed \(index)", url: "https://seed.example/\(index)",
      created: clock, modified: clock, folder: index % 4 == 3 ? [] : folders[index % 4 % 3],
      notes: index % 5 == 0 ? "Notes \(index)" : "", tags: index % 3 == 0 ? ["t\(index % 2)"] : [])
  }

  static let clock = Date(timeIntervalSince1970: 1_790_000_000)
}

/// One device: its store and the view model of its list, driven by keys. Effects go to the
/// store in turn (``StoreEffects``), their answers back to the view model.
private final class Device {
  let store: any BookmarkStore
  private var model: BookmarksViewModel
  /// Where the files it imports are written.
  private let files: String

  init(_ store: any BookmarkStore, files: String) {
    self.store = store
    self.files = files
    model = BookmarksViewModel(state: AppState(backend: store.backend, size: ScreenSize(columns: 100, rows: 40)))
  }

  /// The app's reading of a file to import (the command line's reader and plan).
  private static let reading: ImportReading = { path, existing in
    do {
      let plan = try ImportFile.plan(
        path: path, existing: existing,
        environment: BookmarkEnvironment(now: { Date() }, newID: { UUID().uuidString.lowercased() }))
      return .success(
        ImportedFile(
          name: (path as NSString).lastPathComponent, additions: plan.additions, duplicates: plan.duplicates.count,
          skipped: plan.skipped.count))
    } catch {
      return .failure(FailureMessage("\(error)"))
    }
  }

  /// Shows the store's list, flat (`A`), in Edit mode (`e`).
  func open() async {
    await refresh()
    await press(.character("A"), .character("e"))
  }

  func refresh() async {
    if let snapshot = await store.snapshot() { await send(.storeChanged(snapshot)) }
  }

  private func send(_ action: Action) async {
    var effects = model.send(action)
    while !effects.isEmpty {
      let effect = effects.removeFirst()
      if case .device(.readImport(let path, let existing)) = effect {
        effects += model.send(.importRead(await Self.reading(path, existing)))
      } else if case .store(let work) = effect {
        effects += model.send(await StoreEffects.perform(work, on: store))
      }
    }
  }

  private func press(_ keys: Key...) async {
    for key in keys { await send(.keyPressed(key)) }
  }

  private func type(_ text: String) async {
    for character in text { await send(.keyPressed(.character(character))) }
  }

  /// Selects row `row` of the flat list.
  private func select(_ row: Int) async {
    await press(.character("g"))
    for _ in 0..<row { await press(.down) }
  }

  /// `u`; what the bottom line says.
  func undo() async -> String {
    await press(.character("u"))
    if case .confirmUndo = model.state.modal { return "asked first: another device changed it" }
    return model.state.message?.text ?? ""
  }

  /// One random change that changes something; false when it couldn't be made (the message
  /// is then checked to be the reason, not a failure).
  func randomChange(_ random: inout SplitMix64, counter: Int) async throws -> Bool {
    let count = model.state.shownCount
    let kind = count < 8 ? 0 : random.below(11)
    let row = count == 0 ? 0 : random.below(count)
    switch kind {
    case 0, 1, 2:
      await press(.character("+"))
      await type("Added \(counter)")
      await press(.tab)
      await type("https://added.example/\(counter)")
      await press(.enter)
      return expect("Added “Added \(counter)”.")
    case 3, 4:
      await select(row)
      await press(.enter)
      await press(.control("u"))
      await type("Edited \(counter)")
      await press(.enter)
      return expect("Saved “Edited \(counter)”.")
    case 5, 6:
      await select(row)
      let name = model.state.selectedBookmark?.name ?? ""
      await press(.character("d"), .character("y"))
      return expect("Deleted “\(name)”; D shows Recently Deleted.")
    case 7, 8:
      await select(row)
      guard let bookmark = model.state.selectedBookmark else { return false }
      await press(.character("m"))
      guard case .move(let picker) = model.state.modal else { return false }
      let choices = picker.rows.indices.filter { picker.rows[$0].path != bookmark.folder }
      let choice = choices[random.below(choices.count)]
      await press(.home)
      for _ in 0..<choice { await press(.down) }
      await press(.enter)
      return expect("Moved “\(bookmark.name)”")
    case 10:
      // A file of one to three new bookmarks, one a duplicate of a listed one's URL.
      let new = (0...random.below(3)).map { index in
        Bookmark(
          id: "import-\(counter)-\(index)", name: "Imported \(counter).\(index)",
          url: "https://imported.example/\(counter)/\(index)", created: RandomUndoTests.clock,
          modified: RandomUndoTests.clock, folder: index == 1 ? ["Work"] : [], tags: index == 2 ? ["import"] : [])
      }
      let duplicate = model.state.bookmarks[row]
      let path = files + "/import-\(counter).json"
      try BookmarkJSON.data(for: new + [duplicate]).write(to: URL(fileURLWithPath: path))
      await press(.character("I"))
      await type(path)
      // Enter reads the file and shows what it brings; Enter again imports it.
      await press(.enter, .enter)
      return expect(
        "Imported \(new.count == 1 ? "1 bookmark" : "\(new.count) bookmarks") from import-\(counter).json, 1 already here"
      )
    default:
      // `J` on any row but the last, `K` on the last.
      await select(row)
      await press(row == count - 1 ? .character("K") : .character("J"))
      if let message = model.state.message, message.isError { XCTFail("J/K: \(message.text)") }
      return true
    }
  }

  private func expect(_ prefix: String) -> Bool {
    let message = model.state.message?.text ?? "(none)"
    XCTAssertTrue(message.hasPrefix(prefix), "expected “\(prefix)”, the bottom line says “\(message)”")
    return message.hasPrefix(prefix)
  }
}

/// A clock that moves 10 µs each time it is read.
private final class TickingClock: Sendable {
  private let state: Mutex<(start: Date, reads: Int)>

  init(_ start: Date) {
    state = Mutex((start, 0))
  }

  func next() -> Date {
    state.withLock { state in
      state.reads += 1
      return state.start.addingTimeInterval(Double(state.reads - 1) * 0.000_01)
    }
  }

  func restart(at start: Date) {
    state.withLock { $0 = (start, 0) }
  }
}
