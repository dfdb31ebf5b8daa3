import BookmarkModel

/// The Add/Edit dialog: two fields, two buttons, and an inline error.
public struct BookmarkDialog: Hashable, Sendable {
  public enum Purpose: Hashable, Sendable {
    case add
    case edit(Bookmark.ID)
  }

  /// What has the keyboard focus; Tab walks through these in order.
  public enum Focus: Int, CaseIterable, Hashable, Sendable {
    case name, url, cancel, save
  }

  public var purpose: Purpose
  public var name: TextField
  public var url: TextField
  public var focus: Focus
  /// The one sentence explaining why the last Save did not go through.
  public var error: String?
  /// Set when the user was warned that the URL is already stored; a second Save with
  /// the same URL adds it anyway.
  public var acknowledgedDuplicate: String?
  /// True between Save and the store's answer.
  public var isSaving: Bool

  public init(purpose: Purpose, name: String = "", url: String = "") {
    self.purpose = purpose
    self.name = TextField(name)
    self.url = TextField(url)
    focus = purpose == .add ? .url : .name
    error = nil
    acknowledgedDuplicate = nil
    isSaving = false
  }

  public var title: String {
    switch purpose {
    case .add: "Add Bookmark"
    case .edit: "Edit Bookmark"
    }
  }

  public var draft: BookmarkDraft { BookmarkDraft(name: name.text, url: url.text) }

  mutating func moveFocus(by step: Int) {
    let all = Focus.allCases
    focus = all[(focus.rawValue + step + all.count) % all.count]
  }
}
