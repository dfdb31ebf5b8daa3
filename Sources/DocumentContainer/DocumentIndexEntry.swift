import Foundation

/// What a device knows of one document: its contents, how it stands with the cloud, and
/// its conflict versions. One row of the ``DocumentIndex``.
public struct DocumentIndexEntry: Hashable, Sendable {
  /// The file name in the container's `Documents/` folder; also the cloud key.
  public var file: String
  /// The current version's contents (the file's, once written).
  public var contents: Data
  /// The current version: who saved it, when, with what id.
  public var versionID: String
  public var versionDevice: String
  public var versionSaved: Date
  /// The unresolved conflict versions, with their contents.
  public var conflicts: [DocumentVersion]
  /// The file's size, modification time and inode when last written or read; `nil` when
  /// the file is not written yet (an import is materialized after its commit) or is gone.
  public var signature: String?
  /// Deleted here; kept as a tombstone so sessions and the cloud learn of it.
  public var removed: Bool
  /// The cloud sequence this version is based on; 0 if the cloud never had it.
  public var base: Int64
  /// Changed here and not yet confirmed by the cloud.
  public var pending: Bool
  /// Who made the last change: a process id, ``DocumentIndexEntry/cloudOrigin`` or
  /// ``DocumentIndexEntry/filesOrigin``.
  public var origin: String
  /// The index's generation when the row last changed (set by the index).
  public var generation: Int64

  public static let cloudOrigin = "cloud"
  public static let filesOrigin = "files"

  public init(
    file: String, contents: Data, versionID: String, versionDevice: String, versionSaved: Date,
    conflicts: [DocumentVersion] = [], signature: String? = nil, removed: Bool = false, base: Int64 = 0,
    pending: Bool = false, origin: String, generation: Int64 = 0
  ) {
    self.file = file
    self.contents = contents
    self.versionID = versionID
    self.versionDevice = versionDevice
    self.versionSaved = versionSaved
    self.conflicts = conflicts
    self.signature = signature
    self.removed = removed
    self.base = base
    self.pending = pending
    self.origin = origin
    self.generation = generation
  }

  /// The current version, with its contents.
  public var currentVersion: DocumentVersion {
    get { DocumentVersion(id: versionID, device: versionDevice, saved: versionSaved, contents: contents) }
    set {
      versionID = newValue.id
      versionDevice = newValue.device
      versionSaved = newValue.saved
      contents = newValue.contents
    }
  }

  var envelope: DocumentEnvelope { DocumentEnvelope(current: currentVersion, conflicts: conflicts) }

  /// What a fetch needs to know of an entry to tell whether a cloud record is new to it.
  public struct SyncState: Hashable, Sendable {
    public var base: Int64
    public var pending: Bool
    public var removed: Bool

    public init(base: Int64, pending: Bool, removed: Bool) {
      self.base = base
      self.pending = pending
      self.removed = removed
    }
  }

  public var syncState: SyncState { SyncState(base: base, pending: pending, removed: removed) }
}
