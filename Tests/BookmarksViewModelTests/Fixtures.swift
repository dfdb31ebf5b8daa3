import BookmarkModel
import BookmarkStoreInterface
import BookmarksState
import BookmarksViewModel
import Foundation

/// Fixed bookmarks and helpers shared by the view-model tests.
enum Fixtures {
  static let date = Date(timeIntervalSince1970: 1_700_000_000)

  static func bookmark(_ id: String, _ name: String, _ url: String) -> Bookmark {
    Bookmark(id: id, name: name, url: url, created: date, modified: date)
  }

  /// A bookmark in a folder (`[]`: the top level), its URL made from its id.
  static func filed(_ id: String, _ name: String, _ folder: [String]) -> Bookmark {
    Bookmark(id: id, name: name, url: "https://\(id).example", created: date, modified: date, folder: folder)
  }

  static let three = [
    bookmark("id-1", "Apple", "https://www.apple.com"),
    bookmark("id-2", "東京タワー", "https://www.tokyotower.co.jp/ja"),
    bookmark("id-3", "🚀 Launch checklist", "https://example.com/launch?step=1"),
  ]

  static func many(_ count: Int) -> [Bookmark] {
    (1...count).map { bookmark("id-\($0)", "Bookmark \($0)", "https://example.com/\($0)") }
  }

  static let localStatus = StoreStatus(backend: .userDefaults, sync: .local)

  /// A key-value store at its key quota, 38% of its bytes used.
  static let fullKeyValueStatus = StoreStatus(
    backend: .keyValue, sync: .synced,
    quota: StoreStatus.Quota(keysUsed: 1024, keysLimit: 1024, bytesUsed: 398_458, bytesLimit: 1_048_576))

  static func snapshot(_ bookmarks: [Bookmark], status: StoreStatus = localStatus, folders: [[String]] = [])
    -> StoreSnapshot
  {
    StoreSnapshot(bookmarks: .success(bookmarks), status: status, folders: folders)
  }

  /// A view model at a size, loaded with bookmarks.
  static func model(
    _ bookmarks: [Bookmark] = three, columns: Int = 80, rows: Int = 24, status: StoreStatus = localStatus
  ) -> BookmarksViewModel {
    var model = BookmarksViewModel(
      state: AppState(backend: status.backend, size: ScreenSize(columns: columns, rows: rows)))
    _ = model.send(.storeChanged(snapshot(bookmarks, status: status)))
    return model
  }

  /// A view model on a synced store with Resolve open on Tokyo, in conflict with a version
  /// named "Tokyo Tower" from another device.
  static func resolveOpen() -> BookmarksViewModel {
    let tokyo = three[1]
    var other = tokyo
    other.name = "Tokyo Tower"
    let versions = [
      BookmarkVersion(id: "v-current", bookmark: tokyo, device: "b", saved: date, isCurrent: true, isThisDevice: true),
      BookmarkVersion(
        id: "v-other", bookmark: other, device: "a", saved: date.addingTimeInterval(25), isCurrent: false),
    ]
    var model = model()
    let status = StoreStatus(backend: .documents, sync: .synced, conflicts: 1)
    _ = model.send(.storeChanged(StoreSnapshot(bookmarks: .success(three), status: status, conflicted: [tokyo.id])))
    model.press(.down, .enter)
    _ = model.send(.versionsLoaded(tokyo.id, .success(versions)))
    return model
  }

  /// A view model with Recently Deleted open (`D`) on two deleted bookmarks, Blog and Cafe.
  static func recentlyDeletedOpen() -> BookmarksViewModel {
    var model = model()
    var snapshot = snapshot(three)
    snapshot.deleted = [
      DeletedBookmark(bookmark: bookmark("b", "Blog", "https://b.example"), deleted: date, device: "a"),
      DeletedBookmark(bookmark: bookmark("c", "Cafe", "https://c.example"), deleted: date, device: "a"),
    ]
    _ = model.send(.storeChanged(snapshot))
    model.press(.character("D"))
    return model
  }
}

extension BookmarksViewModel {
  /// The rows shown, as they read: a bookmark's name, or `▸ Name` for a folder.
  var rowNames: [String] {
    (0..<state.shownCount).map {
      switch state.shownItem(at: $0) {
      case .folder(let folder): "▸ " + folder.name
      case .bookmark(let bookmark): bookmark.name
      }
    }
  }

  /// Sends keys in order and returns every effect they asked for.
  @discardableResult
  mutating func press(_ keys: Key...) -> [Effect] {
    keys.flatMap { send(.keyPressed($0)) }
  }

  /// The store's one answer to the dialog's save: `bookmark` stored, with the snapshot after
  /// the write (the list with `bookmark` in its place, or last when it is new).
  @discardableResult
  mutating func saved(_ bookmark: Bookmark) -> [Effect] {
    var stored = state.bookmarks
    if let index = stored.firstIndex(where: { $0.id == bookmark.id }) {
      stored[index] = bookmark
    } else {
      stored.append(bookmark)
    }
    let snapshot = StoreSnapshot(
      bookmarks: .success(stored), status: state.status, conflicted: state.conflicted, folders: state.storeFolders,
      deleted: state.deleted)
    return send(.saveFinished(.success(bookmark), snapshot: snapshot))
  }

  /// Types text into whatever has the focus.
  mutating func type(_ text: String) {
    for character in text { _ = send(.keyPressed(.character(character))) }
  }
}
