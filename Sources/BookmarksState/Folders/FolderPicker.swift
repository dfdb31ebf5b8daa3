import BookmarkModel

/// The folder picker of `m`: where to move a bookmark or a folder. Typing narrows the
/// folders to those whose path contains what is typed (case ignored); a typed path no folder
/// has yet is offered first, as a new folder.
public struct FolderPicker: Hashable, Sendable {
  /// What is moved.
  public enum Subject: Hashable, Sendable {
    case bookmark(Bookmark)
    case folder([String])
  }

  public var subject: Subject
  /// Every folder it can go to, the top level (`[]`) first, then every folder depth first.
  public let destinations: [[String]]
  /// What is typed: a part of a folder's path, or a new folder's path (`Toolbar/New`).
  public private(set) var query = TextField()
  /// The rows shown: a new folder (when the query names one) and the matching destinations.
  public private(set) var rows: [Row]
  /// The row chosen; it starts on the bookmark's own folder.
  public private(set) var selection: Int
  /// Why the typed path can't be a folder, once Enter was pressed on it.
  public var error: String?

  /// A row of the picker.
  public enum Row: Hashable, Sendable {
    case existing([String])
    case new([String])

    public var path: [String] {
      switch self {
      case .existing(let path), .new(let path): path
      }
    }
  }

  /// How far PgUp and PgDn move.
  package static let page = 8

  public init(bookmark: Bookmark, destinations: [[String]]) {
    self.init(subject: .bookmark(bookmark), destinations: destinations)
  }

  /// A picker for a folder: every destination but the folder itself and those inside it.
  public init(folder: [String], destinations: [[String]]) {
    self.init(subject: .folder(folder), destinations: destinations.filter { !$0.starts(with: folder) })
  }

  private init(subject: Subject, destinations: [[String]]) {
    self.subject = subject
    self.destinations = destinations
    rows = destinations.map(Row.existing)
    selection = 0
    selection = destinations.firstIndex(of: current) ?? 0
  }

  /// The folder what is moved is in now.
  public var current: [String] {
    switch subject {
    case .bookmark(let bookmark): bookmark.folder
    case .folder(let path): Array(path.dropLast())
    }
  }

  /// What the box's title calls what is moved.
  public var subjectName: String {
    switch subject {
    case .bookmark(let bookmark): bookmark.name.isEmpty ? "(no name)" : bookmark.name
    case .folder(let path): path.last ?? ""
    }
  }

  /// The path chosen.
  public var chosen: Row? { rows.indices.contains(selection) ? rows[selection] : nil }

  package mutating func select(_ row: Int) {
    selection = min(max(0, row), max(0, rows.count - 1))
  }

  /// Applies an editing key to the query and narrows the rows; false if the key edits nothing.
  package mutating func edit(with key: Key) -> Bool {
    let before = query.text
    guard query.handle(key) else { return false }
    if query.text != before {
      error = nil
      narrow()
    }
    return true
  }

  private mutating func narrow() {
    let typed = query.text.trimmingWhitespace()
    guard !typed.isEmpty else {
      rows = destinations.map(Row.existing)
      selection = destinations.firstIndex(of: current) ?? 0
      return
    }
    let lowered = typed.lowercased()
    let matching = destinations.filter {
      !$0.isEmpty && BookmarkOrganisation.folderText($0).lowercased().contains(lowered)
    }
    let path = BookmarkOrganisation.folderPath(typed)
    let exists = destinations.contains { $0.map { $0.lowercased() } == path.map { $0.lowercased() } }
    rows = (exists || path.isEmpty ? [] : [Row.new(path)]) + matching.map(Row.existing)
    selection = 0
  }
}
