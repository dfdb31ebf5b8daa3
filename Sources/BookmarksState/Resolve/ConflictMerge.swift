import BookmarkModel
import BookmarkStoreInterface

/// A field-by-field merge of a conflict's versions: for each field, the version it is taken
/// from (tags can also be all versions' tags united, which is where they start).
public struct ConflictMerge: Hashable, Sendable {
  public enum Field: Int, CaseIterable, Hashable, Sendable {
    case name, url, folder, tags, notes

    public var label: String {
      switch self {
      case .name: "Name"
      case .url: "URL"
      case .folder: "Folder"
      case .tags: "Tags"
      case .notes: "Notes"
      }
    }
  }

  /// The field the keys change.
  public var field: Field = .name
  /// The version each field is taken from, by index in the dialog's versions; for tags,
  /// the number of versions means all of them, united.
  public private(set) var sources: [Field: Int]

  /// Every field from the version at `choice`, tags united.
  public init(choice: Int, versionCount: Int) {
    sources = Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0, choice) })
    sources[.tags] = versionCount
  }

  /// The source of `field`, or nil when the field reads the same in every version (there
  /// is nothing to choose).
  public func source(of field: Field, in versions: [BookmarkVersion]) -> Int? {
    guard Self.differs(field, in: versions) else { return nil }
    return sources[field]
  }

  /// The bookmark the merge makes: the current version with each field taken from its source.
  public func merged(_ versions: [BookmarkVersion]) -> Bookmark? {
    guard var result = (versions.first { $0.isCurrent } ?? versions.first)?.bookmark else { return nil }
    func from(_ field: Field) -> Bookmark? {
      guard let index = sources[field], versions.indices.contains(index) else { return nil }
      return versions[index].bookmark
    }
    if let source = from(.name) { result.name = source.name }
    if let source = from(.url) { result.url = source.url }
    if let source = from(.folder) {
      result.folder = source.folder
      result.folderID = source.folderID
    }
    if let source = from(.notes) { result.notes = source.notes }
    if let source = from(.tags) {
      result.tags = source.tags
    } else {
      // United, in the order the versions list them, each tag once.
      var seen = Set<String>()
      result.tags = versions.flatMap(\.bookmark.tags).filter { seen.insert($0).inserted }
    }
    return result
  }

  package mutating func moveField(by step: Int) {
    let count = Field.allCases.count
    field = Field(rawValue: (field.rawValue + step + count) % count) ?? .name
  }

  /// Takes the selected field from the next (or previous) version; tags also pass through
  /// "united". Nothing changes for a field every version agrees on.
  package mutating func moveSource(by step: Int, versions: [BookmarkVersion]) {
    guard Self.differs(field, in: versions), !versions.isEmpty else { return }
    let options = versions.count + (field == .tags ? 1 : 0)
    let current = sources[field] ?? 0
    sources[field] = (current + step + options) % options
  }

  static func differs(_ field: Field, in versions: [BookmarkVersion]) -> Bool {
    let values = versions.map(\.bookmark)
    guard let first = values.first else { return false }
    return values.contains { bookmark in
      switch field {
      case .name: bookmark.name != first.name
      case .url: bookmark.url != first.url
      case .folder: bookmark.folder != first.folder || bookmark.folderID != first.folderID
      case .tags: bookmark.tags != first.tags
      case .notes: bookmark.notes != first.notes
      }
    }
  }
}
