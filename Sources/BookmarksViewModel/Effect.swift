import BookmarkModel

/// Work for the runtime to do; its result comes back as an ``Action``.
public enum Effect: Hashable, Sendable {
  case add(BookmarkDraft)
  case update(Bookmark.ID, BookmarkDraft)
  case delete(Bookmark)
}
