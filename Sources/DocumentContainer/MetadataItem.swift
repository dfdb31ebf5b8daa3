import Foundation

/// One document as the metadata query lists it (`NSMetadataItem`).
public struct MetadataItem: Hashable, Sendable {
  /// The file name in `Documents/`.
  public var file: String
  public var contents: Data
  public var versionID: String
  /// How many unresolved conflict versions it has.
  public var conflictVersions: Int
  /// The index generation of this state of the document: of two reports of one document, the
  /// higher is the newer. Not part of equality: a row saved again with the same contents (its
  /// file's signature recorded, say) is the same item, not a change.
  public var generation: Int64

  public var hasUnresolvedConflicts: Bool { conflictVersions > 0 }

  public static func == (a: MetadataItem, b: MetadataItem) -> Bool {
    a.file == b.file && a.contents == b.contents && a.versionID == b.versionID
      && a.conflictVersions == b.conflictVersions
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(file)
    hasher.combine(versionID)
  }

  public init(file: String, contents: Data, versionID: String, conflictVersions: Int, generation: Int64) {
    self.file = file
    self.contents = contents
    self.versionID = versionID
    self.conflictVersions = conflictVersions
    self.generation = generation
  }

  public init(_ entry: DocumentIndexEntry) {
    file = entry.file
    contents = entry.contents
    versionID = entry.versionID
    conflictVersions = entry.conflicts.count
    generation = entry.generation
  }
}

/// What a metadata query reports.
public enum MetadataQueryUpdate: Hashable, Sendable {
  /// Where a change came from.
  public enum Origin: Hashable, Sendable {
    /// This process saved or deleted it.
    case thisProcess
    /// Another session on this device (another process, or the files edited by hand).
    case otherSession
    /// Another device, through the cloud.
    case cloud
  }

  /// The end of the gathering phase: every document in the container.
  case gathered([MetadataItem])
  /// A live update after gathering. Removed documents are reported with no contents.
  case changed(added: [MetadataItem], changed: [MetadataItem], removed: [MetadataItem], origin: Origin)

  /// How many documents it names.
  public var count: Int {
    switch self {
    case .gathered(let items): items.count
    case .changed(let added, let changed, let removed, _): added.count + changed.count + removed.count
    }
  }

  public var isGathering: Bool {
    if case .gathered = self { return true }
    return false
  }
}
