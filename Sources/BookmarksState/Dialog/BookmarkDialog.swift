import BookmarkModel
import PropertyLists

/// The Add/Edit dialog: five fields (name, URL, folder, tags, notes), two buttons, and an
/// inline error.
public struct BookmarkDialog: Hashable, Sendable {
  public enum Purpose: Hashable, Sendable {
    case add
    case edit(Bookmark.ID)
  }

  /// What has the keyboard focus. Tab walks through these in screen order: Name, URL,
  /// Folder, Tags, Notes (the fields, top to bottom), then Cancel and Save (the buttons, left
  /// to right).
  public enum Focus: Int, CaseIterable, Hashable, Sendable {
    case name, url, folder, tags, notes, cancel, save

    var isField: Bool { self.rawValue < Focus.cancel.rawValue }
  }

  public var purpose: Purpose
  public var name: TextField
  public var url: TextField
  /// The folder path, names joined by `/`.
  public var folder: TextField
  /// The tags, separated by spaces or commas.
  public var tags: TextField
  /// The notes, on one line.
  public var notes: TextField
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
  /// The folder paths (`Toolbar/Dev`) and tags already in use, most used first: the Folder
  /// and Tags fields suggest the first one that completes what is typed.
  public var knownFolders: [String] = []
  public var knownTags: [String] = []
  /// The page's title being fetched for an empty Name (Add only).
  public var titleFetch: TitleFetch?
  /// True once the user typed in the Name field: a title that arrives later leaves it alone.
  public var nameTouched = false
  /// True while the Name holds the page's title, filled in by ``titleFetch``.
  public var nameFromPage = false

  public init(
    purpose: Purpose, name: String = "", url: String = "", folder: [String] = [], tags: [String] = [],
    notes: String = ""
  ) {
    self.purpose = purpose
    self.name = TextField(name)
    self.url = TextField(url)
    self.folder = TextField(BookmarkOrganisation.folderText(folder))
    self.tags = TextField(BookmarkOrganisation.tagsText(tags))
    self.notes = TextField(notes)
    focus = .name
    lastField = .name
    error = nil
    acknowledgedDuplicate = nil
    isSaving = false
    isConfirmingDiscard = false
    initial = Self.draft(
      name: name, url: url, folder: BookmarkOrganisation.folderText(folder), tags: BookmarkOrganisation.tagsText(tags),
      notes: notes)
  }

  public var title: String {
    switch purpose {
    case .add: "Add Bookmark"
    case .edit: "Edit Bookmark"
    }
  }

  /// What the fields hold; the folder, tags and notes only where they differ from what the
  /// dialog opened with (nil leaves them as they are).
  /// (A new bookmark gets those that are not empty: a dialog opened in a folder adds into it.)
  public var draft: BookmarkDraft {
    var draft = typed
    guard case .edit = purpose else {
      if draft.folder == [] { draft.folder = nil }
      if draft.tags == [] { draft.tags = nil }
      if draft.notes == "" { draft.notes = nil }
      return draft
    }
    if draft.folder == initial.folder { draft.folder = nil }
    if draft.tags == initial.tags { draft.tags = nil }
    if draft.notes == initial.notes { draft.notes = nil }
    return draft
  }

  /// Every field as typed.
  private var typed: BookmarkDraft {
    Self.draft(name: name.text, url: url.text, folder: folder.text, tags: tags.text, notes: notes.text)
  }

  private static func draft(name: String, url: String, folder: String, tags: String, notes: String) -> BookmarkDraft {
    BookmarkDraft(
      name: name, url: url, folder: BookmarkOrganisation.folderPath(folder), tags: BookmarkOrganisation.tags(tags),
      notes: notes.trimmingWhitespace())
  }

  /// True when the fields differ from what the dialog opened with.
  public var hasChanges: Bool { typed != initial }

  /// What Enter does now, for the hint line: it cancels only on `[ Cancel ]`.
  public var enterSaves: Bool { focus != .cancel }

  package mutating func moveFocus(by step: Int) {
    let all = Focus.allCases
    setFocus(all[(focus.rawValue + step + all.count) % all.count])
  }

  package mutating func setFocus(_ newFocus: Focus) {
    focus = newFocus
    if newFocus.isField { lastField = newFocus }
  }

  /// What the focused field's suggestion would add after the cursor: the rest of the first
  /// known folder (in Folder) or tag (in Tags, for the word being typed) that starts with
  /// what is typed, case ignored; nil when there is none or the cursor is not at the end.
  public var suggestion: String? {
    completion.map { String($0.full.dropFirst($0.typed.count)) }
  }

  /// What is typed (the whole Folder field, or the last word of Tags) and the known folder
  /// or tag that completes it.
  private var completion: (typed: String, full: String)? {
    let field: TextField
    let known: [String]
    let typed: String
    switch focus {
    case .folder:
      field = folder
      known = knownFolders
      typed = folder.text
    case .tags:
      guard let last = tags.characters.last, last != ",", !last.isWhitespace else { return nil }
      field = tags
      known = knownTags
      typed = String(tags.text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).last ?? "")
    default:
      return nil
    }
    guard !typed.isEmpty, field.cursor == field.characters.count else { return nil }
    let lowered = typed.lowercased()
    guard let full = known.first(where: { $0.count > typed.count && $0.lowercased().hasPrefix(lowered) }) else {
      return nil
    }
    return (typed, full)
  }

  /// Takes the suggestion: what was typed becomes the known folder or tag, spelled as it is
  /// stored (so `to` → `Toolbar/Dev`, never a second folder `toolbar`).
  private mutating func complete() -> Bool {
    guard let completion else { return false }
    switch focus {
    case .folder:
      folder = TextField(completion.full)
    case .tags:
      let kept = tags.text.dropLast(completion.typed.count)
      tags = TextField(kept + completion.full)
    default:
      return false
    }
    return true
  }

  /// Applies an editing key to the focused field; on a button, to the field that had the
  /// focus last, which takes the focus back, so nothing typed is ever dropped. `→` at the
  /// end of a field with a suggestion takes it. Returns false if the key edits nothing.
  package mutating func edit(with key: Key) -> Bool {
    if !focus.isField {
      guard Self.isTextInput(key) else { return false }
      focus = lastField
    }
    if key == .right, complete() { return true }
    switch focus {
    case .name: return name.handle(key)
    case .url: return url.handle(key)
    case .folder: return folder.handle(key)
    case .tags: return tags.handle(key)
    case .notes: return notes.handle(key)
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
