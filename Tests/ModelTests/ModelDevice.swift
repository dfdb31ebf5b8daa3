import BookmarkFormats
import BookmarkModel
import BookmarkStoreInterface
import BookmarksEffects
import BookmarksState
import BookmarksViewModel
import CloudSQLite
import CloudyTestDoubles
import DocumentBookmarks
import DocumentContainer
import Foundation
import KeyValueBookmarks
import KeyValueStore
import ScreenRendering
import Shelf
import Synchronization

/// One device of the account: its store (the document store: real files, its own metadata
/// index; or the key-value store: its cache folder), its connection to the shared cloud, and
/// the view model of its list, driven by keys as a person
/// types them. Effects go to the store in turn (``StoreEffects``), answers back to the view
/// model, as the app's loop does without a terminal.
final class ModelDevice {
  let name: String
  let letter: String
  private let world: ModelWorld
  private let clock: ModelClock
  private(set) var store: (any BookmarkStore)!
  /// The document store's container, or the key-value store under the bookmarks.
  private(set) var container: DocumentContainer?
  private(set) var keyValue: UbiquitousKeyValueStore?
  private(set) var cloud: SwitchableCloud!
  var model: BookmarksViewModel
  private var memoryIndex: InMemoryDocumentIndex?
  private let ids: IDCounter
  var online = true
  /// The team shelf, as this device's account reaches it (every device is one account: an
  /// owner). One SQLite shelf file for the run, whichever cloud holds the bookmarks.
  let shelf: SQLiteShelf
  /// What the next import brings (the test's reading of the file `I` names).
  var nextImport: [Bookmark] = []

  init(letter: String, world: ModelWorld, clock: ModelClock) throws {
    self.letter = letter
    name = "device-" + letter
    self.world = world
    self.clock = clock
    ids = IDCounter(prefix: letter)
    shelf = SQLiteShelf(path: world.root + "/shelf.sqlite", account: world.account)
    model = Self.newViewModel(world.backend)
    try open()
  }

  private static func newViewModel(_ backend: ModelBackend) -> BookmarksViewModel {
    let size = ScreenSize(columns: 120, rows: 60)
    var model = BookmarksViewModel(
      state: AppState(backend: backend == .documents ? .documents : .keyValue, size: size))
    model.offerShelf()
    return model
  }

  /// Opens the store from the device's files (first, or after the process was killed).
  private func open() throws {
    let cloud = SwitchableCloud(try world.connect())
    cloud.setReachable(online)
    self.cloud = cloud
    let clock = self.clock
    let ids = self.ids
    let environment = BookmarkEnvironment(now: { clock.now() }, newID: { ids.next() })
    if world.backend == .keyValue {
      let keyValue = UbiquitousKeyValueStore(
        directory: world.root + "/" + name + "/key-value", account: world.account, cloudName: cloud.displayName,
        cloud: cloud, device: name)
      self.keyValue = keyValue
      store = KeyValueBookmarkStore(
        keyValueStore: keyValue, environment: environment,
        recentlyDeleted: RecentlyDeletedRules(device: "Device " + letter.uppercased()))
      return
    }
    let container = DocumentContainer(
      root: world.root + "/" + name + "/documents", index: try world.index(device: name, memory: &memoryIndex),
      cloud: cloud, device: name, deviceName: "Device " + letter.uppercased(), now: { clock.now() })
    self.container = container
    store = DocumentBookmarkStore(container: container, environment: environment, history: historyRules)
  }

  /// How much history this device keeps: small on A and B, so the limits bite within a run
  /// (the clock moves up to 31 days a step), the defaults on C.
  var historyRules: HistoryRules {
    switch letter {
    case "a": HistoryRules(versions: 3, days: 20)
    case "b": HistoryRules(versions: 5, days: 45)
    default: HistoryRules()
    }
  }

  /// The process killed and started again: the store is re-opened from disk, the session
  /// (its undo stack, its screen) is new.
  func restart() async throws {
    await closeStore()
    try open()
    model = Self.newViewModel(world.backend)
    toldReplaced = []
    await show()
  }

  func close() async {
    await closeStore()
    await shelf.close()
  }

  private func closeStore() async {
    await container?.close()
    await keyValue?.close()
    store = nil
    container = nil
    keyValue = nil
  }

  func setOnline(_ value: Bool) {
    online = value
    cloud.setReachable(value)
  }

  /// Shows the store's list, flat (`A`), in Edit mode (`e`).
  func show() async {
    await refresh()
    await press(.character("A"), .character("e"))
  }

  /// The store's newest snapshot, to the view model. Returns the edits of this session that
  /// another device's change replaced unseen (the key-value store), new since the last call,
  /// which the screen has just said and made a step `u` takes back.
  @discardableResult
  func refresh() async -> [ReplacedEdit] {
    guard let snapshot = await store.snapshot() else { return [] }
    let new = snapshot.replacedEdits.filter { toldReplaced.insert($0.id).inserted }
    await send(.storeChanged(snapshot))
    return new
  }

  /// The replaced edits ``refresh()`` has returned.
  private var toldReplaced: Set<String> = []

  func send(_ action: Action) async {
    var effects = model.send(action)
    while !effects.isEmpty {
      let effect = effects.removeFirst()
      switch effect {
      case .device(.readImport(let path, _)):
        let file = ImportedFile(
          name: (path as NSString).lastPathComponent, additions: nextImport, duplicates: 0, skipped: 0)
        effects += model.send(.importRead(.success(file)))
      case .store(let work): effects += model.send(await StoreEffects.perform(work, on: store))
      case .shelf(let work): effects += model.send(await ShelfEffects.perform(work, on: shelf))
      case .web, .terminal, .device: break
      }
    }
  }

  func press(_ keys: Key...) async {
    for key in keys { await send(.keyPressed(key)) }
  }

  func type(_ text: String) async {
    for character in text { await send(.keyPressed(.character(character))) }
  }

  /// Selects row `row` of what is shown.
  func select(_ row: Int) async {
    await press(.character("g"))
    for _ in 0..<row { await press(.down) }
  }

  var message: String { model.state.message?.text ?? "" }

  /// The store's real pending queue: the index's pending documents, or the key-value
  /// store's values not yet sent.
  func realPending() -> Int {
    if let keyValue { return keyValue.status.pending }
    return (try? container?.index.read { try $0.pendingEntries().count }) ?? -1
  }

  /// The list as the store has it, as the JSON export writes it.
  func export() async throws -> String {
    String(decoding: try BookmarkJSON.data(for: try await store.load()), as: UTF8.self)
  }
}

/// Ids a device gives its new bookmarks: `a-1`, `a-2`, … (kept across restarts).
final class IDCounter: Sendable {
  private let prefix: String
  private let count = Mutex(0)

  init(prefix: String) {
    self.prefix = prefix
  }

  func next() -> String {
    prefix + "-"
      + String(
        count.withLock {
          $0 += 1
          return $0
        })
  }
}
