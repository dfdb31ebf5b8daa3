import BookmarkModel

/// The Add/Edit dialog: two fields, two buttons, and an inline error.
public struct BookmarkDialog: Hashable, Sendable {
  public enum Purpose: Hashable, Sendable {
    case add
    case edit(Bookmark.ID)
  }

  /// What has the keyboard focus. Tab walks through these in screen order: Name, URL (the
  /// fields, top to bottom), then Cancel and Save (the buttons, left to right).
  public enum Focus: Int, CaseIterable, Hashable, Sendable {
    case name, url, cancel, save

    var isField: Bool { self == .name || self == .url }
  }

  public var purpose: Purpose
  public var name: TextField
  public var url: TextField
  /// Starts on Name, the first field drawn.
  public var focus: Focus
  /// The field that had the focus last: text typed while a button has the focus goes there.
  public private(set) var lastField: Focus
  /// The one sentence explaining why the last Save did not go through.
  public var error: String?
  /// Set when the user was warned that the URL is already stored; a second Save with
  /// the same URL adds it anyway.
  public var acknowledgedDuplicate: String?
  /// True between Save and the store's answer.
  public var isSaving: Bool
  /// True while "Discard changes? y/n" is asked (Esc after something was changed).
  public var isConfirmingDiscard: Bool
  /// What the fields held when the dialog opened: Esc asks before throwing changes away,
  /// and saving an unchanged bookmark changes nothing.
  public let initial: BookmarkDraft

  public init(purpose: Purpose, name: String = "", url: String = "") {
    self.purpose = purpose
    self.name = TextField(name)
    self.url = TextField(url)
    focus = .name
    lastField = .name
    error = nil
    acknowledgedDuplicate = nil
    isSaving = false
    isConfirmingDiscard = false
    initial = BookmarkDraft(name: name, url: url)
  }

  public var title: String {
    switch purpose {
    case .add: "Add Bookmark"
    case .edit: "Edit Bookmark"
    }
  }

  public var draft: BookmarkDraft { BookmarkDraft(name: name.text, url: url.text) }

  /// True when the fields differ from what the dialog opened with.
  public var hasChanges: Bool { draft != initial }

  /// What Enter does now, for the hint line: it cancels only on `[ Cancel ]`.
  public var enterSaves: Bool { focus != .cancel }

  mutating func moveFocus(by step: Int) {
    let all = Focus.allCases
    setFocus(all[(focus.rawValue + step + all.count) % all.count])
  }

  mutating func setFocus(_ newFocus: Focus) {
    focus = newFocus
    if newFocus.isField { lastField = newFocus }
  }

  /// Applies an editing key to the focused field; on a button, to the field that had the
  /// focus last, which takes the focus back, so nothing typed is ever dropped. Returns
  /// false if the key edits nothing.
  mutating func edit(with key: Key) -> Bool {
    if !focus.isField {
      guard Self.isTextInput(key) else { return false }
      focus = lastField
    }
    switch focus {
    case .name: return name.handle(key)
    case .url: return url.handle(key)
    case .cancel, .save: return false
    }
  }

  /// Keys that put text into a field (rather than move or delete).
  private static func isTextInput(_ key: Key) -> Bool {
    switch key {
    case .character, .paste: true
    default: false
    }
  }
}
