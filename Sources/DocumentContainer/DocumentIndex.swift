/// The container's metadata index (Spotlight's store behind `NSMetadataQuery`): one entry
/// per document, so listing the container never reads the documents themselves. It also
/// holds each document's sync state and the cloud token, so both change together.
///
/// Implementations are shared by every session of one device (processes included):
/// `write` runs its body in one exclusive transaction, and every entry saved in it gets
/// the transaction's new generation number, so readers find what changed since they last
/// looked with ``DocumentIndexSession/entries(changedAfter:)``.
public protocol DocumentIndex: Sendable {
  /// Runs `body` in one exclusive write transaction; if it throws, nothing is saved.
  func write<T>(_ body: (any DocumentIndexSession) throws -> T) throws -> T
  /// Runs `body` on one consistent snapshot.
  func read<T>(_ body: (any DocumentIndexSession) throws -> T) throws -> T
  /// A stream signalled soon after any session of this device (another process included)
  /// commits, and now and then regardless (a commit can be seen late, never missed); it
  /// ends when the index is closed.
  func commitSignals() -> AsyncStream<Void>
  /// What opening the index did that the user should hear of (a damaged index kept aside
  /// and rebuilt, a read-only one), or `nil`.
  var notice: String? { get }
  /// Names this index and its history: another index file, or this one rebuilt, has another
  /// identity, so a generation number read from one means nothing for the other. (A copy
  /// written over the file in place keeps it.) `nil` when the index can't tell (one kept in
  /// memory).
  var identity: String? { get }
  func close()
}

extension DocumentIndex {
  public var notice: String? { nil }
  public var identity: String? { nil }
}

extension DocumentIndexSession {
  public func entries(_ files: [String]) throws -> [String: DocumentIndexEntry] {
    var found: [String: DocumentIndexEntry] = [:]
    for file in files { found[file] = try entry(file) }
    return found
  }

  public func syncStates(_ files: [String]) throws -> [String: DocumentIndexEntry.SyncState] {
    try entries(files).mapValues(\.syncState)
  }
}

/// Where a reader of changes is: the generation and the file of the last entry it read.
public struct DocumentIndexPlace: Hashable, Sendable {
  public var generation: Int64
  public var file: String

  public init(generation: Int64, file: String) {
    self.generation = generation
    self.file = file
  }

  public init(of entry: DocumentIndexEntry) { self.init(generation: entry.generation, file: entry.file) }
}

/// Reading and (inside ``DocumentIndex/write(_:)``) changing the index.
public protocol DocumentIndexSession {
  func entry(_ file: String) throws -> DocumentIndexEntry?
  /// The entries of these files (removed ones included), by file; a file without one is left
  /// out. One query for many files: an import looked up each of its documents alone.
  func entries(_ files: [String]) throws -> [String: DocumentIndexEntry]
  /// How these files' entries stand with the cloud (removed ones included), by file, without
  /// their contents: a fetch of 100,000 records this device sent itself read every row whole,
  /// twice, to find nothing new.
  func syncStates(_ files: [String]) throws -> [String: DocumentIndexEntry.SyncState]
  /// Every entry, removed ones included.
  func allEntries() throws -> [DocumentIndexEntry]
  func entries(changedAfter generation: Int64) throws -> [DocumentIndexEntry]
  /// Those of them after `place` (a generation and a file) in the order of generation and then
  /// file (by its UTF-8 bytes), at most `limit`: a catch-up reads a page at a time (the
  /// 100,000 rows of an import, read at once, were 70 MB of its peak). A row changed meanwhile
  /// has a newer generation, so it comes in a later page.
  func entries(changedAfter generation: Int64, after place: DocumentIndexPlace?, limit: Int) throws
    -> [DocumentIndexEntry]
  func pendingEntries() throws -> [DocumentIndexEntry]
  /// The files of the pending entries, in the index's order: a push reads their entries a
  /// batch at a time (all 100,000 of an import at once held a fifth of its peak memory).
  func pendingFiles() throws -> [String]
  /// The existing documents whose file is still to be written (committed by an import or
  /// a fetch that was cut short).
  func unwrittenFiles() throws -> [String]
  /// How many entries are pending, and how many existing documents have conflicts.
  func counts() throws -> (pending: Int, conflicted: Int)
  /// The newest generation committed.
  func generation() throws -> Int64
  /// Saves an entry with this transaction's generation (write transactions only).
  func save(_ entry: DocumentIndexEntry) throws
  /// Records how an existing document's file was written (write transactions only). It is
  /// this device's bookkeeping, not a change to the document: the entry keeps its
  /// generation, so readers looking for changes don't read it again.
  func setSignature(_ signature: String?, of file: String) throws
  /// Records that the cloud holds this document at `sequence` (this device's bookkeeping, as
  /// ``setSignature(_:of:)``: the entry keeps its generation): sets its base, and clears
  /// `pending` unless the entry changed after `generation`, the one that was sent (write
  /// transactions only; a file without an entry is skipped).
  func markPushed(_ file: String, sequence: Int64, sentAt generation: Int64) throws
  func value(_ key: String) throws -> String?
  func setValue(_ value: String?, for key: String) throws
}
