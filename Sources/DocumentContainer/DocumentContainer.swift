import Broadcasting
import Cloud
import DurableFiles
import Foundation
import PropertyLists
import Sync
import Synchronization

/// One device's ubiquity container for one account: the `Documents/` folder with one file
/// per document, the metadata index beside it, and the sync engine that keeps both in step
/// with the cloud's documents zone.
///
/// Every change goes through the index's write transaction (held across processes), and
/// the file is written inside it, so sessions sharing the folder never see the file and
/// the index disagree. Files are written atomically (temporary file, `fsync`, `rename`).
public final class DocumentContainer: Sendable {
  /// The container's root: `Documents/`, `index.sqlite`.
  public let root: String
  public var documentsDirectory: String { root + "/Documents" }
  public let index: any DocumentIndex
  let cloud: (any CloudService)?
  /// This device's id: the origin of its writes to the cloud.
  public let device: String
  /// This device's name as people read it, recorded on every version it saves (the id when
  /// no name was given).
  public let deviceName: String
  /// This process's id, recorded as the origin of its changes.
  public let processID = UUID().uuidString
  let now: @Sendable () -> Date
  /// Whether a document's contents can be read (the store's format); a file that can't is
  /// damaged, and is kept aside rather than taken as a new version or a delete.
  let readable: @Sendable (Data) -> Bool
  /// The file name a document's contents belong under (a bookmark's is its id's), or nil when
  /// any name will do: a document dropped in under another name is filed under its own, and
  /// one whose name is taken (a second document of one bookmark) is kept aside.
  let filedName: @Sendable (Data) -> String?
  /// Where damaged files found in `Documents/` are kept: beside it, so never synced.
  public var damagedDirectory: String { root + "/Damaged" }
  let state = Mutex(SyncState())
  /// The sync engine (the one the key-value store uses too).
  var engine: SyncEngine { state.withLock { $0.engine! } }
  /// Sent after every commit this process makes, with the generation it committed.
  let commits = Broadcast<Int64>()
  /// How many writes of this process are writing files they committed: a scan meanwhile
  /// leaves those files to them (the folder watcher's scans during an import of 10,000
  /// documents otherwise wrote the same files alongside it, doubling its time).
  let materializing = Atomic<Int>(0)
  /// True while a write of this process is writing files it committed (an import, a fetch).
  public var isWritingFiles: Bool { materializing.load(ordering: .acquiring) > 0 }
  let statuses = Broadcast<DocumentSyncStatus>(bufferingPolicy: .bufferingNewest(1))
  /// Holds back a fetched change that removes too much at once, once a rule is set.
  public let removalHold = RemovalHold()

  struct SyncState: ~Copyable {
    var syncState = DocumentSyncStatus.State.offline
    var problem: String?
    var engine: SyncEngine?
    var started = false
    var closed = false
    /// Something this process did that the user should hear of (a reset cloud synced as
    /// new, a damaged file kept aside), shown until the process ends.
    var notice: String?
    /// The identity of the cloud the index was last checked against.
    var cloudIdentity: String?
    /// The cloud's line of history as last followed (``CloudHistory``).
    var cloudLine: String?
  }

  public init(
    root: String, index: any DocumentIndex, cloud: (any CloudService)?, device: String, deviceName: String? = nil,
    now: @escaping @Sendable () -> Date = Date.init, readable: @escaping @Sendable (Data) -> Bool = { _ in true },
    filedName: @escaping @Sendable (Data) -> String? = { _ in nil }
  ) {
    self.readable = readable
    self.filedName = filedName
    self.root = root
    self.index = index
    self.cloud = cloud
    self.device = device
    self.deviceName = deviceName ?? device
    self.now = now
    let engine = SyncEngine(zone: self, hasCloud: cloud != nil)
    state.withLock { state in
      state.engine = engine
      // Until the first sync step: `syncing` with a cloud, `offline` without one.
      state.syncState = cloud == nil ? .offline : .syncing
    }
  }

  /// A file name for a document id: stable, unique, never derived from a bookmark's name.
  /// Bytes other than ASCII letters, digits, `-` and `_` are percent-encoded; a long id is
  /// shortened and given its hash so names stay under the file system's limit.
  public static func fileName(for id: String, extension fileExtension: String) -> String {
    // Built as bytes: the index makes one name per document when a large container opens
    // (100,000 names: about 10 ms, four times faster than appending characters).
    let hex = Array("0123456789ABCDEF".utf8)
    var name: [UInt8] = []
    name.reserveCapacity(id.utf8.count + 1 + fileExtension.utf8.count)
    for byte in id.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
        name.append(byte)
      default:
        name += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    if name.count > 160 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      name = Array(name.prefix(120)) + Array("~\(String(hash, radix: 16))".utf8)
    }
    name.append(UInt8(ascii: "."))
    name += fileExtension.utf8
    return String(decoding: name, as: UTF8.self)
  }

  // MARK: - Reading

  /// The index entry of a document that exists (not removed).
  public func entry(_ file: String) throws -> DocumentIndexEntry? {
    try guarded { try index.read { try $0.entry(file) }.flatMap { $0.removed ? nil : $0 } }
  }

  /// The current and conflict versions of a document (`NSFileVersion`'s
  /// `currentVersionOfItem` and `unresolvedConflictVersionsOfItem`).
  public func versions(of file: String) throws -> (current: DocumentVersion, conflicts: [DocumentVersion]) {
    guard let entry = try entry(file) else { throw DocumentContainerError.notFound(file) }
    return (entry.currentVersion, entry.conflicts)
  }
}
