import Foundation
import PropertyLists

/// What the user typed for a new or edited bookmark, before validation.
public struct BookmarkDraft: Hashable, Sendable {
  public var name: String
  public var url: String
  /// The folder path, tags and notes to store; nil leaves an edited bookmark's as they are
  /// (and gives a new one none).
  public var folder: [String]?
  public var tags: [String]?
  public var notes: String?

  public init(name: String, url: String, folder: [String]? = nil, tags: [String]? = nil, notes: String? = nil) {
    self.name = name
    self.url = url
    self.folder = folder
    self.tags = tags
    self.notes = notes
  }

  /// The first problem with the name, folder path, tags or notes, or nil.
  public var organisationProblem: OrganisationProblem? {
    BookmarkOrganisation.problem(name: name) ?? folder.flatMap(BookmarkOrganisation.problem(folder:)) ?? tags.flatMap(
      BookmarkOrganisation.problem(tags:))
      ?? notes.flatMap(BookmarkOrganisation.problem(notes:))
  }

  /// A new bookmark from this (validated) draft.
  public func newBookmark(id: Bookmark.ID, at time: Date) -> Bookmark {
    Bookmark(
      id: id, name: name, url: url, created: time, modified: time, folder: folder ?? [], notes: notes ?? "",
      tags: tags ?? [])
  }

  /// Puts this (validated) draft's fields into a stored bookmark, and the time it changed.
  public func apply(to bookmark: inout Bookmark, at time: Date) {
    bookmark.name = name
    bookmark.url = url
    if let folder { bookmark.folder = folder }
    if let tags { bookmark.tags = tags }
    if let notes { bookmark.notes = notes }
    bookmark.modified = time
  }

  /// Whether saving this draft over `bookmark` would change nothing.
  public func changesNothing(in bookmark: Bookmark) -> Bool {
    bookmark.name == name && bookmark.url == url && (folder ?? bookmark.folder) == bookmark.folder
      && (tags ?? bookmark.tags) == bookmark.tags && (notes ?? bookmark.notes) == bookmark.notes
  }

  /// Validates the draft by the one URL rule (``BookmarkURL/accept(_:)``; a missing scheme
  /// becomes `https://`); an empty name becomes the URL's host, or the URL when it has none.
  ///
  /// `unchangedURL` is the URL the bookmark already has: when the draft's URL is exactly
  /// that (a rename), it is kept verbatim and not checked again.
  public func validated(unchangedURL: String? = nil) -> Result<BookmarkDraft, URLProblem> {
    var valid = self
    if let unchangedURL, url == unchangedURL {
      valid.name = Self.name(name, orDefaultFor: url)
      return .success(valid)
    }
    switch BookmarkURL.accept(url) {
    case .failure(let problem):
      return .failure(problem)
    case .success(let parsed):
      let trimmedName = name.trimmingWhitespace()
      let fallback = parsed.host.isEmpty ? parsed.text : parsed.host
      valid.name = trimmedName.isEmpty ? fallback : trimmedName
      valid.url = parsed.text
      return .success(valid)
    }
  }

  /// `name` trimmed, or when it is empty the default for `url`: its host, else the URL.
  public static func name(_ name: String, orDefaultFor url: String) -> String {
    let trimmed = name.trimmingWhitespace()
    if !trimmed.isEmpty { return trimmed }
    if case .success(let parsed) = BookmarkURL.parse(url), !parsed.host.isEmpty { return parsed.host }
    return url.trimmingWhitespace()
  }
}
