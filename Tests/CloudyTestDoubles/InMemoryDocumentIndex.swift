import Broadcasting
import DocumentContainer
import Foundation
import Synchronization

/// The metadata index in memory: the twin of the SQLite index, with the same semantics
/// (one write transaction at a time, all or nothing; a generation per transaction that
/// saved something; consistent snapshots for readers), for tests that need no files.
///
/// An instance is one open handle, as an opened file is: ``reopened()`` gives another
/// handle on the same index (another session of the device), and ``close()`` closes only
/// this one.
public final class InMemoryDocumentIndex: DocumentIndex {
  private struct Contents {
    var entries: [String: DocumentIndexEntry] = [:]
    var values: [String: String] = [:]
    var generation: Int64 = 0
  }

  private final class Storage: Sendable {
    let contents = Mutex(Contents())
    /// Every handle's subscribers hear every handle's commits.
    let commits = Broadcast<Void>(bufferingPolicy: .bufferingNewest(1))
  }

  private let storage: Storage
  private let closed = Atomic(false)

  /// A new, empty index.
  public convenience init() {
    self.init(storage: Storage())
  }

  private init(storage: Storage) {
    self.storage = storage
  }

  /// Another handle on the same index.
  public func reopened() -> InMemoryDocumentIndex {
    InMemoryDocumentIndex(storage: storage)
  }

  public func commitSignals() -> AsyncStream<Void> {
    storage.commits.subscribe()
  }

  public func write<T>(_ body: (any DocumentIndexSession) throws -> T) throws -> T {
    try checkOpen()
    let (result, saved) = try storage.contents.withLock { contents in
      let session = Session(contents, writeGeneration: contents.generation + 1)
      let result = try body(session)
      // Only a body that returned commits: a throw leaves `contents` as it was.
      if session.saved { session.contents.generation += 1 }
      contents = session.contents
      return (result, session.saved)
    }
    // Outside the lock: no stream is yielded to while one is held.
    if saved { storage.commits.send(()) }
    return result
  }

  public func read<T>(_ body: (any DocumentIndexSession) throws -> T) throws -> T {
    try checkOpen()
    let snapshot = storage.contents.withLock { $0 }
    return try body(Session(snapshot, writeGeneration: nil))
  }

  public func close() {
    closed.store(true, ordering: .releasing)
  }

  private func checkOpen() throws {
    if closed.load(ordering: .acquiring) { throw DocumentContainerError.io("the index was closed") }
  }

  private final class Session: DocumentIndexSession {
    var contents: Contents
    let writeGeneration: Int64?
    var saved = false

    init(_ contents: Contents, writeGeneration: Int64?) {
      self.contents = contents
      self.writeGeneration = writeGeneration
    }

    func entry(_ file: String) throws -> DocumentIndexEntry? { contents.entries[file] }

    func allEntries() throws -> [DocumentIndexEntry] { Array(contents.entries.values) }

    func entries(changedAfter generation: Int64) throws -> [DocumentIndexEntry] {
      contents.entries.values.filter { $0.generation > generation }
    }

    func entries(changedAfter generation: Int64, after place: DocumentIndexPlace?, limit: Int) throws
      -> [DocumentIndexEntry]
    {
      func precedes(_ a: (Int64, String), _ b: (Int64, String)) -> Bool {
        a.0 != b.0 ? a.0 < b.0 : a.1.utf8.lexicographicallyPrecedes(b.1.utf8)
      }
      let from = place.map { ($0.generation, $0.file) } ?? (generation, "")
      return Array(
        contents.entries.values.filter { $0.generation > generation && precedes(from, ($0.generation, $0.file)) }
          .sorted { precedes(($0.generation, $0.file), ($1.generation, $1.file)) }.prefix(max(1, limit)))
    }

    func pendingEntries() throws -> [DocumentIndexEntry] { contents.entries.values.filter(\.pending) }

    func pendingFiles() throws -> [String] {
      contents.entries.values.filter(\.pending).map(\.file).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    func unwrittenFiles() throws -> [String] {
      contents.entries.values.filter { $0.signature == nil && !$0.removed }.map(\.file)
    }

    func counts() throws -> (pending: Int, conflicted: Int) {
      let entries = contents.entries.values
      return (entries.count { $0.pending }, entries.count { !$0.conflicts.isEmpty && !$0.removed })
    }

    func generation() throws -> Int64 {
      if saved, let writeGeneration { return writeGeneration }
      return contents.generation
    }

    func save(_ entry: DocumentIndexEntry) throws {
      guard let writeGeneration else { throw DocumentContainerError.io("the index was opened for reading") }
      saved = true
      var entry = entry
      entry.generation = writeGeneration
      contents.entries[entry.file] = entry
    }

    func setSignature(_ signature: String?, of file: String) throws {
      guard writeGeneration != nil else { throw DocumentContainerError.io("the index was opened for reading") }
      contents.entries[file]?.signature = signature
    }

    func markPushed(_ file: String, sequence: Int64, sentAt generation: Int64) throws {
      guard writeGeneration != nil else { throw DocumentContainerError.io("the index was opened for reading") }
      guard var entry = contents.entries[file] else { return }
      entry.base = sequence
      if entry.generation == generation { entry.pending = false }
      contents.entries[file] = entry
    }

    func value(_ key: String) throws -> String? { contents.values[key] }

    func setValue(_ value: String?, for key: String) throws {
      contents.values[key] = value
    }
  }
}
