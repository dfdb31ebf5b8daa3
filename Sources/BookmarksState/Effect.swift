import BookmarkModel
import BookmarkStoreInterface
import Shelf

/// Work for the runtime to do, by the service that does it; its result comes back as an
/// ``Action``. Each service has one runner that handles every case of its own enum.
///
/// The static constructors below (`.add(draft)`, `.openURL(url)`, …) keep the reducer's call
/// sites short; a runner switches on the service.
public enum Effect: Hashable, Sendable {
  case store(StoreEffect)
  case shelf(ShelfEffect)
  case web(WebEffect)
  case terminal(TerminalEffect)
  case device(DeviceEffect)
}

extension Effect {
  public static func add(_ draft: BookmarkDraft) -> Effect { .store(.add(draft)) }
  public static func update(_ id: Bookmark.ID, _ draft: BookmarkDraft) -> Effect { .store(.update(id, draft)) }
  public static func delete(_ bookmark: Bookmark) -> Effect { .store(.delete(bookmark)) }
  public static func applyChange(_ change: StoreChange) -> Effect { .store(.applyChange(change)) }
  public static func move(_ bookmark: Bookmark, to: [String]) -> Effect { .store(.move(bookmark, to: to)) }
  public static func changeFolder(_ change: FolderChange) -> Effect { .store(.changeFolder(change)) }
  public static func loadVersions(_ id: Bookmark.ID) -> Effect { .store(.loadVersions(id)) }
  public static func loadHistory(_ id: Bookmark.ID) -> Effect { .store(.loadHistory(id)) }
  public static func revert(_ id: Bookmark.ID, version: String) -> Effect { .store(.revert(id, version: version)) }
  public static func resolve(_ id: Bookmark.ID, _ resolution: ConflictResolution, seen: [String]) -> Effect {
    .store(.resolve(id, resolution, seen: seen))
  }
  public static func retitle(_ id: Bookmark.ID, _ draft: BookmarkDraft) -> Effect { .store(.retitle(id, draft)) }
  public static func restoreDeleted(_ deleted: [DeletedBookmark]) -> Effect { .store(.restoreDeleted(deleted)) }
  public static func removeDeleted(_ deleted: [DeletedBookmark]) -> Effect { .store(.removeDeleted(deleted)) }
  public static func settleHeldDeletes(_ held: HeldDeletes, keeping: Bool) -> Effect {
    .store(.settleHeldDeletes(held, keeping: keeping))
  }
  public static func saveFromShelf(_ draft: BookmarkDraft) -> Effect { .store(.saveFromShelf(draft)) }
  public static func loadShelf(_ request: ShelfRequest) -> Effect { .shelf(.loadShelf(request)) }
  public static func addToShelf(name: String, url: String, published: Bool) -> Effect {
    .shelf(.addToShelf(name: name, url: url, published: published))
  }
  public static func editOnShelf(_ bookmark: ShelfBookmark, name: String, url: String) -> Effect {
    .shelf(.editOnShelf(bookmark, name: name, url: url))
  }
  public static func removeFromShelf(_ bookmark: ShelfBookmark) -> Effect { .shelf(.removeFromShelf(bookmark)) }
  public static func fetchTitle(_ url: String) -> Effect { .web(.fetchTitle(url)) }
  public static func checkLinks(_ bookmarks: [Bookmark]) -> Effect { .web(.checkLinks(bookmarks)) }
  public static func archivePage(_ bookmark: Bookmark) -> Effect { .web(.archivePage(bookmark)) }
  public static func readArchive(_ bookmark: Bookmark) -> Effect { .web(.readArchive(bookmark)) }
  public static func searchPageText(_ text: String) -> Effect { .web(.searchPageText(text)) }
  public static func findKeptPages(_ ids: Set<Bookmark.ID>) -> Effect { .web(.findKeptPages(ids)) }
  public static func openURL(_ url: String) -> Effect { .terminal(.openURL(url)) }
  public static func copyURL(_ url: String) -> Effect { .terminal(.copyURL(url)) }
  public static var suspend: Effect { .terminal(.suspend) }
  public static func readImport(path: String, existing: [Bookmark]) -> Effect {
    .device(.readImport(path: path, existing: existing))
  }
  public static func prepareSearch(_ bookmarks: [Bookmark], generation: Int) -> Effect {
    .device(.prepareSearch(bookmarks, generation: generation))
  }
  public static func rememberSortOrder(_ order: ListOrder) -> Effect { .device(.rememberSortOrder(order)) }
  public static func rememberPlace(_ place: ReadingPlace) -> Effect { .device(.rememberPlace(place)) }
}
