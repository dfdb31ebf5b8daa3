import Foundation
import RandomIDs

extension DocumentContainer {
  public enum SaveOperation: Sendable {
    /// A new document; fails if one with the name exists.
    case forCreating
    /// Replaces an existing document's contents; fails if there is none.
    case forOverwriting
  }

  /// Saves a document's contents as a new version by this device, and `deriving` in the
  /// same commit.
  public func save(
    _ file: String, contents: Data, for operation: SaveOperation, deriving: [DerivedDocument] = []
  ) throws {
    try commit { session in
      var entry = try session.entry(file)
      let exists = entry.map { !$0.removed } ?? false
      switch operation {
      case .forCreating where exists: throw DocumentContainerError.exists(file)
      case .forOverwriting where !exists: throw DocumentContainerError.notFound(file)
      default: break
      }
      let version = newVersion(contents)
      if entry == nil || entry?.removed == true {
        // A new document, or one created again after a delete: it keeps the tombstone's
        // base, so the cloud's conditional write knows what it replaces.
        entry = DocumentIndexEntry(
          file: file, contents: contents, versionID: version.id, versionDevice: version.device,
          versionSaved: version.saved,
          base: entry?.base ?? 0, origin: processID)
      }
      entry!.currentVersion = version
      entry!.pending = true
      entry!.removed = false
      entry!.origin = processID
      entry!.signature = try writeFile(file, contents)
      try session.save(entry!)
      try derive(deriving, in: session)
    }
  }

  /// Writes each derived document made from what it holds now (see ``DerivedDocument``): a
  /// new version by this device that replaces its current and conflict versions.
  func derive(_ derived: [DerivedDocument], in session: any DocumentIndexSession) throws {
    for document in derived {
      let existing = try session.entry(document.file)
      let live = existing.flatMap { $0.removed ? nil : $0 }
      guard let contents = try document.make(live.map { [$0.currentVersion] + $0.conflicts } ?? []) else { continue }
      if let live, live.contents == contents, live.conflicts.isEmpty { continue }
      let version = newVersion(contents)
      var entry =
        live
        ?? DocumentIndexEntry(
          file: document.file, contents: contents, versionID: version.id, versionDevice: version.device,
          versionSaved: version.saved, base: existing?.base ?? 0, origin: processID)
      entry.currentVersion = version
      entry.conflicts = []
      entry.removed = false
      entry.pending = true
      entry.origin = processID
      entry.signature = try writeFile(document.file, contents)
      try session.save(entry)
    }
  }

  /// Deletes a document here and, once synced, on every device.
  public func delete(_ file: String) throws {
    try commitRemoving { session, removals in
      guard let entry = try session.entry(file), !entry.removed else { throw DocumentContainerError.notFound(file) }
      try remove(entry, in: session, removals)
    }
  }

  /// Deletes several documents in one commit; names that don't exist are skipped.
  /// Returns how many were deleted.
  @discardableResult
  public func delete(_ files: [String]) throws -> Int {
    try commitRemoving { session, removals in
      var count = 0
      for file in files {
        guard let entry = try session.entry(file), !entry.removed else { continue }
        try remove(entry, in: session, removals)
        count += 1
      }
      return count
    }
  }

  func remove(_ existing: DocumentIndexEntry, in session: any DocumentIndexSession, _ removals: Removals)
    throws
  {
    var entry = existing
    try removals.moveAside(entry.file)
    entry.removed = true
    entry.signature = nil
    entry.conflicts = []
    // Still to push if the cloud has it, or may have it soon: a push sending this document's
    // last change may be under way, and its answer must not mark the delete as sent.
    entry.pending = entry.base > 0 || entry.pending
    entry.origin = processID
    try session.save(entry)
  }

  /// Creates many documents in one commit: afterwards the container holds all of them or,
  /// if the commit fails or the process dies, none. The files are written after the commit
  /// (a crash in between leaves them to ``refreshFromFiles()``, which writes them from the
  /// index). Names already taken are skipped; returns how many were created.
  @discardableResult
  public func create(_ documents: [(file: String, contents: Data)]) throws -> Int {
    try write(documents, overwriting: false)
  }

  /// ``create(_:)``, calling `committed` once the commit is through and before the files are
  /// written: what reads only the index (a store taking the documents in) can start then.
  @discardableResult
  public func create(_ documents: [(file: String, contents: Data)], committed: () -> Void) throws -> Int {
    try change(deleting: [], writing: documents, overwriting: false, committed: committed)
  }

  /// Creates or overwrites several documents in one commit (each gets a new version by
  /// this device): all of them, or, if the commit fails or the process dies, none. The
  /// files are written after the commit, as ``create(_:)`` writes them. Returns how many
  /// were written.
  @discardableResult
  public func save(_ documents: [(file: String, contents: Data)]) throws -> Int {
    try write(documents, overwriting: true)
  }

  func write(_ documents: [(file: String, contents: Data)], overwriting: Bool) throws -> Int {
    try change(deleting: [], writing: documents, overwriting: overwriting)
  }

  /// Deletes some documents and creates (or, `overwriting`, also overwrites) others in one
  /// commit: all of it or, if the commit fails or the process dies, none. `expired` are
  /// deleted too, if they are there. A document of `files` that isn't there fails the whole
  /// change with ``DocumentContainerError/notFound(_:)`` when `requiringDeleted`, and a name to
  /// create that is taken with ``DocumentContainerError/exists(_:)`` when `requiringNew`;
  /// otherwise they are skipped. A name of `requiringExisting` that isn't there fails it with
  /// ``DocumentContainerError/notFound(_:)`` rather than being created. `deriving` are written
  /// in the same commit (``DerivedDocument``). The files are written after the commit, as
  /// ``create(_:)`` writes them, after calling `committed`. Returns how many documents were
  /// written.
  @discardableResult
  public func change(
    deleting files: [String], expired: [String] = [], writing documents: [(file: String, contents: Data)],
    overwriting: Bool, requiringDeleted: Bool = false, requiringNew: Bool = false,
    requiringExisting: Set<String> = [], deriving: [DerivedDocument] = [], committed: () -> Void = {}
  ) throws -> Int {
    let required = requiringDeleted ? Set(files) : []
    let created = try commitRemoving { session, removals -> [(file: String, contents: Data)] in
      for file in Self.inIndexOrder(files + expired, { $0 }) {
        guard let entry = try session.entry(file), !entry.removed else {
          if required.contains(file) { throw DocumentContainerError.notFound(file) }
          continue
        }
        try remove(entry, in: session, removals)
      }
      var created: [(file: String, contents: Data)] = []
      // Looked up together; a name written twice in one change is looked up again the second
      // time, after the first write.
      let found = try session.entries(documents.map(\.file))
      var looked = Set<String>()
      for document in Self.inIndexOrder(documents, \.file) {
        let existing =
          looked.insert(document.file).inserted ? found[document.file] : try session.entry(document.file)
        let version = newVersion(document.contents)
        if var existing, !existing.removed {
          guard overwriting else {
            if requiringNew { throw DocumentContainerError.exists(document.file) }
            continue
          }
          existing.contents = document.contents
          existing.currentVersion = version
          existing.pending = true
          existing.origin = processID
          // Written below; until then a start-up scan writes it from the index.
          existing.signature = nil
          try session.save(existing)
        } else {
          if requiringExisting.contains(document.file) { throw DocumentContainerError.notFound(document.file) }
          try session.save(
            DocumentIndexEntry(
              file: document.file, contents: document.contents, versionID: version.id, versionDevice: version.device,
              versionSaved: version.saved, base: existing?.base ?? 0, pending: true, origin: processID))
        }
        created.append(document)
      }
      try derive(deriving, in: session)
      return created
    }
    committed()
    do {
      try materialize(created.map(\.file))
    } catch {
      throw DocumentContainerError.filesUnwritten("\(error)")
    }
    return created.count
  }

  /// Resolves a conflict by keeping one version (current or conflict): it becomes the
  /// current version, the others are removed, and the resolution syncs to every device.
  public func resolve(_ file: String, keeping versionID: String) throws {
    try resolve(file) { versions in
      guard let chosen = versions.first(where: { $0.id == versionID }) else {
        throw DocumentContainerError.noSuchVersion(versionID)
      }
      return chosen
    }
  }

  /// Resolves a conflict by keeping the version `choose` picks from the current one and the
  /// conflict versions, all in one commit: a version that arrives meanwhile can't be dropped
  /// unseen. Nothing happens when the document has no conflict versions (any more).
  public func resolve(_ file: String, choosing choose: ([DocumentVersion]) throws -> DocumentVersion) throws {
    try resolve(
      file,
      deciding: { versions in
        guard versions.count > 1 else { return nil }
        return (.version(try choose(versions)), [])
      })
  }

  /// What a resolve makes the document's current version: one of its versions as it is,
  /// or new contents (a merge of them), saved as a new version by this device.
  public enum Resolved: Sendable {
    case version(DocumentVersion)
    case contents(Data)
  }

  /// Resolves a conflict as `decide` says, given the current version and the conflict
  /// versions (just the current one when there is no conflict any more), and creates
  /// `creating` in the same commit (versions kept as documents of their own; a name already
  /// there is left as it is, made by an earlier try or another device). `decide` returns nil
  /// to change nothing. `deriving` names documents to write in the same commit, given the
  /// version kept and the versions it replaces. Returns whether anything changed.
  @discardableResult
  public func resolve(
    _ file: String,
    deciding decide: ([DocumentVersion]) throws -> (kept: Resolved, creating: [(file: String, contents: Data)])?,
    deriving: (_ kept: DocumentVersion, _ versions: [DocumentVersion]) throws -> [DerivedDocument] = { _, _ in [] }
  ) throws -> Bool {
    try commit { session in
      guard var entry = try session.entry(file), !entry.removed else { throw DocumentContainerError.notFound(file) }
      guard let (kept, creating) = try decide([entry.currentVersion] + entry.conflicts) else { return false }
      for document in creating {
        let existing = try session.entry(document.file)
        if let existing, !existing.removed { continue }
        let version = newVersion(document.contents)
        var created = DocumentIndexEntry(
          file: document.file, contents: document.contents, versionID: version.id, versionDevice: version.device,
          versionSaved: version.saved, base: existing?.base ?? 0, pending: true, origin: processID)
        created.signature = try writeFile(document.file, document.contents)
        try session.save(created)
      }
      let versions = [entry.currentVersion] + entry.conflicts
      switch kept {
      case .version(let version): entry.currentVersion = version
      case .contents(let contents): entry.currentVersion = newVersion(contents)
      }
      entry.conflicts = []
      entry.pending = true
      entry.origin = processID
      entry.signature = try writeFile(file, entry.contents)
      try session.save(entry)
      try derive(deriving(entry.currentVersion, versions), in: session)
      return true
    }
  }

  /// A new version by this device. Its time is kept in whole seconds, which survive every
  /// round trip (JSON, the index, Foundation's two epochs) exactly.
  func newVersion(_ contents: Data) -> DocumentVersion {
    DocumentVersion(
      id: RandomID.uuid(uppercase: true), device: deviceName, saved: now().wholeSeconds, contents: contents)
  }
}
