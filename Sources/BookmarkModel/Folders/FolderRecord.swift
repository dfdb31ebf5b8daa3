import Foundation
import PropertyLists

/// A folder as a record of its own, in the stores that sync (key-value: a `folder.<id>`
/// key; documents: a `<id>.folder` document): bookmarks point at it by id (like a CloudKit
/// reference from a child to its parent), so renaming or moving a folder is one small write
/// that touches no bookmark, and a folder may be empty.
///
/// A deleted folder stays as a tombstone (`deleted`), so a bookmark or folder that still
/// points at it — filed there on another device at the same moment — is shown in its
/// nearest surviving parent (``FolderTree``), never lost.
public struct FolderRecord: Identifiable, Hashable, Sendable {
  public typealias ID = String

  public var id: ID
  public var name: String
  /// The folder it is in; nil at the top level.
  public var parent: ID?
  /// Its place among its siblings: when it was made, in microseconds since 1970.
  public var order: Int
  public var deleted: Bool
  public var modified: Date

  public init(id: ID, name: String, parent: ID?, order: Int, deleted: Bool = false, modified: Date) {
    self.id = id
    self.name = name
    self.parent = parent
    self.order = order
    self.deleted = deleted
    self.modified = modified
  }
}

// MARK: - Property list (the key-value store)

extension FolderRecord {
  /// Reads a record from its dictionary (`id`, `name`, `parent`, `order`, `deleted`,
  /// `modified`); nil without an id or a name, or with a name no folder may have.
  public init?(propertyList: PropertyList) {
    guard let fields = propertyList.dictionary, let id = fields["id"]?.string, !id.isEmpty,
      let name = fields["name"]?.string, BookmarkOrganisation.problem(folder: [name]) == nil, !name.isEmpty
    else { return nil }
    let order: Int
    if case .integer(let value) = fields["order"] { order = value } else { order = 0 }
    self.init(
      id: id, name: name, parent: fields["parent"]?.string, order: order,
      deleted: fields["deleted"] == .bool(true), modified: fields["modified"]?.date ?? Date(timeIntervalSince1970: 0))
  }

  public var propertyList: PropertyList {
    var fields: [String: PropertyList] = [
      "id": .string(id), "name": .string(name), "order": .integer(order), "modified": .date(modified),
    ]
    if let parent { fields["parent"] = .string(parent) }
    if deleted { fields["deleted"] = .bool(true) }
    return .dictionary(fields)
  }
}

// MARK: - Document (the document store)

extension FolderRecord {
  public static let documentHeader = "cloudy-folder 1"

  /// The record as a small text document, one field a line, escaped as bookmark documents
  /// are (``BookmarkDocument``):
  ///
  /// ```
  /// cloudy-folder 1
  /// id: 5C1F…
  /// name: Recipes
  /// parent: 0B7E…
  /// order: 1795338000123456
  /// modified: 2026-11-26T09:00:00Z
  /// ```
  /// `parent:` is left out at the top level; `deleted: yes` marks a tombstone.
  public var document: Data {
    var text = Self.documentHeader + "\n"
    func line(_ key: String, _ value: String) {
      text += key + ": "
      BookmarkDocument.escape(value, into: &text)
      text += "\n"
    }
    line("id", id)
    line("name", name)
    if let parent { line("parent", parent) }
    line("order", String(order))
    if deleted { line("deleted", "yes") }
    line("modified", ISO8601.format(modified))
    return Data(text.utf8)
  }

  /// Reads a folder document; nil when it is not one.
  public init?(document data: Data) {
    let fields: [String: String]? = data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).makeIterator()
      guard let first = lines.next(), first.elementsEqual(Self.documentHeader.utf8) else { return nil }
      var fields: [String: String] = [:]
      while let line = lines.next() {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
        var start = colon + 1
        if start < line.endIndex, line[start] == UInt8(ascii: " ") { start += 1 }
        var value = line[start...]
        if value.last == UInt8(ascii: "\r") { value = value.dropLast() }
        fields[String(decoding: line[line.startIndex..<colon], as: UTF8.self)] = BookmarkDocument.unescape(value)
      }
      return fields
    }
    guard let fields, let id = fields["id"], !id.isEmpty, let name = fields["name"], !name.isEmpty,
      BookmarkOrganisation.problem(folder: [name]) == nil
    else { return nil }
    let modified = fields["modified"].flatMap { ISO8601.parse(Array($0.utf8)) } ?? Date(timeIntervalSince1970: 0)
    self.init(
      id: id, name: name, parent: fields["parent"].flatMap { $0.isEmpty ? nil : $0 },
      order: fields["order"].flatMap { Int($0) } ?? 0, deleted: fields["deleted"] == "yes", modified: modified)
  }
}
