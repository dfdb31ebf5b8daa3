import Shelf

/// The team shelf as the app shows it (`Tab`): a window onto the cloud's shelf, fetched a
/// page at a time as the selection moves (the cloud filters and sorts; the app never holds
/// the whole shelf), the `/` search run on the cloud, and what this account may do there.
public struct ShelfTab: Hashable, Sendable {
  /// What this account may do, as the cloud last said; nil until it answered.
  public var access: ShelfAccess?
  /// The bookmarks fetched so far, in the shelf's order, for ``query``.
  public var bookmarks: [ShelfBookmark] = []
  /// Whether more follow the last one fetched.
  public var hasMore = false
  /// The request in flight, if any.
  public var loading: ShelfRequest?
  /// Why the shelf is shown from this device's copy (the cloud can't be reached), if it is.
  public var stale: String?
  /// Why nothing can be shown (no role, the cloud away with no copy), if nothing can.
  public var problem: String?
  /// The search, as typed (`/`); empty for the whole shelf.
  public var query = TextField()
  /// True while the search is typed.
  public var isTypingQuery = false
  /// Row of the selected bookmark in ``bookmarks``.
  public var selection = 0
  /// Row of the first bookmark on screen.
  public var scrollTop = 0
  /// Edit mode (owners and editors): Enter edits, `d` removes.
  public var isEditing = false
  /// Counts requests, so an answer to an older one (a search typed on since) is dropped.
  package var generation = 0
  /// A change was signalled while a request was in flight: fetch again once it is answered.
  package var changedMeanwhile = false

  public init() {}

  public var selected: ShelfBookmark? {
    bookmarks.indices.contains(selection) ? bookmarks[selection] : nil
  }

  public var canWrite: Bool { access?.canWrite == true && stale == nil }
}

/// One fetch of the shelf: `limit` bookmarks matching `query` after `after` (from the top
/// when nil). `generation` ties the answer to the request.
public struct ShelfRequest: Hashable, Sendable {
  public var query: String
  public var after: ShelfCursor?
  public var limit: Int
  public var generation: Int

  public init(query: String, after: ShelfCursor?, limit: Int, generation: Int) {
    self.query = query
    self.after = after
    self.limit = limit
    self.generation = generation
  }
}

/// The add and edit box of the shelf (owners and editors): a name and a URL.
public struct ShelfPrompt: Hashable, Sendable {
  /// The bookmark edited (its version is what the edit is based on); nil to add one.
  public var editing: ShelfBookmark?
  public var name: TextField
  public var url: TextField
  /// True while the URL has the keyboard; Tab and the arrows switch.
  public var onURL: Bool
  public var error: String?
  public var isSaving = false

  public init(editing: ShelfBookmark? = nil) {
    self.editing = editing
    name = TextField(editing?.name ?? "")
    url = TextField(editing?.url ?? "")
    onURL = false
  }
}
