/// The `/` filter over the list: the query, whether it is being typed, and which
/// bookmarks match it.
public struct ListFilter: Hashable, Sendable {
  /// What was typed after `/`.
  public var query: TextField
  /// True while the query takes the keys; false once `Enter` kept it and the keys move
  /// in the filtered list again.
  public var isTyping: Bool
  /// Positions in ``AppState/bookmarks`` of the bookmarks the query matches (every word in
  /// the name, URL, folder path, tags or notes, case-, diacritic- and width-insensitive;
  /// see ``SearchQuery``), in list order.
  public var matches: [Int]
  /// The bookmark that was selected when `/` was pressed: Esc while typing goes back to it.
  public var selectionBefore: String?
  /// The row selected when `/` was pressed, for when it was a folder row.
  public var rowBefore = 0
  /// True while the index is still being built off the UI thread: the query is kept and
  /// answered as soon as the index arrives; the list is not narrowed yet.
  public var isWaitingForIndex = false
  /// While a `#tag` term is typed at the end of the query: the tags in use that start with
  /// what follows the `#`, most used first (`#` alone: every tag). `→` or `Tab` takes the
  /// first.
  public var tagSuggestions: [String] = []

  public init(query: String = "", isTyping: Bool = true, matches: [Int], selectionBefore: String? = nil) {
    self.query = TextField(query)
    self.isTyping = isTyping
    self.matches = matches
    self.selectionBefore = selectionBefore
  }
}
