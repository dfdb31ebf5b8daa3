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
  private let materializing = Atomic<Int>(0)
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

  // MARK: - Changing

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
  private func derive(_ derived: [DerivedDocument], in session: any DocumentIndexSession) throws {
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

  private func remove(_ existing: DocumentIndexEntry, in session: any DocumentIndexSession, _ removals: Removals)
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

  /// Creates or overwrites several documents in one commit (each gets a new version by
  /// this device): all of them, or, if the commit fails or the process dies, none. The
  /// files are written after the commit, as ``create(_:)`` writes them. Returns how many
  /// were written.
  @discardableResult
  public func save(_ documents: [(file: String, contents: Data)]) throws -> Int {
    try write(documents, overwriting: true)
  }

  private func write(_ documents: [(file: String, contents: Data)], overwriting: Bool) throws -> Int {
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
  /// ``create(_:)`` writes them. Returns how many documents were written.
  @discardableResult
  public func change(
    deleting files: [String], expired: [String] = [], writing documents: [(file: String, contents: Data)],
    overwriting: Bool, requiringDeleted: Bool = false, requiringNew: Bool = false,
    requiringExisting: Set<String> = [], deriving: [DerivedDocument] = []
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
      for document in Self.inIndexOrder(documents, \.file) {
        let existing = try session.entry(document.file)
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
    DocumentVersion(id: UUID().uuidString, device: deviceName, saved: now().wholeSeconds, contents: contents)
  }

  // MARK: - The files

  /// Brings the index up to date with the `Documents/` folder: a document written or
  /// replaced by hand becomes a new version, one dropped in is created, one deleted by hand
  /// is deleted, entries committed but not yet written to disk are written, and temporary
  /// files of processes that died are removed. The scan is skipped when the folder has not
  /// changed since the index last saw it (its modification time and inode), so opening a
  /// large container reads neither the documents nor their metadata; entries still to be
  /// written are written even then (one query finds them). Returns how many
  /// entries were written.
  @discardableResult
  public func refreshFromFiles(force: Bool = false) throws -> Int {
    try PrivateFiles.makeDirectory(documentsDirectory)
    // The scan records the folder itself, as it was before the listing.
    let unmaterialized = try commit(recordingFolder: false) { session -> [String] in
      try recoverRemovals(in: session)
      let signature = PrivateFiles.signature(documentsDirectory)
      let folder = Self.describe(signature)
      // The folder is as the last commit left it, but a commit whose files were still to be
      // written when the process died (an import, a fetch) left nothing to see there.
      if !force, try session.value("folder") == folder { return try session.unwrittenFiles() }
      var entries: [String: DocumentIndexEntry] = [:]
      for entry in try session.allEntries() { entries[entry.file] = entry }
      var unmaterialized: [String] = []
      var seen = Set<String>()
      // Every write of a document's file happens under the index's write lock, which this
      // scan holds: a temporary left in the folder now belongs to a process that died.
      for name in try listTemporaries() { _ = unlink(documentsDirectory + "/" + name) }
      for listed in try listDocuments() {
        var name = listed
        seen.insert(name)
        var signature = Self.describe(PrivateFiles.signature(documentsDirectory + "/" + name))
        var existing = entries[name]
        if let existing, !existing.removed, existing.signature == signature { continue }
        if let existing, !existing.removed, existing.signature == nil {
          // Committed but not written yet (an import or fetch cut short): the index wins.
          unmaterialized.append(name)
          continue
        }
        guard let contents = try? PrivateFiles.read(documentsDirectory + "/" + name) else { continue }
        if var existing, !existing.removed, existing.contents == contents {
          existing.signature = signature
          try session.save(existing)
          continue
        }
        if !readable(contents) {
          try keepAside(name, replacingWith: existing.flatMap { $0.removed ? nil : $0 }, in: session)
          continue
        }
        // One document per name its contents belong under: one dropped in under another name
        // is filed under its own; one whose own name is taken is a second copy, kept aside.
        if let filed = filedName(contents), filed != name,
          existing.map({ $0.removed || filedName($0.contents) != filed }) ?? true
        {
          let taken =
            entries[filed].map { !$0.removed } ?? false || seen.contains(filed)
            || access(documentsDirectory + "/" + filed, F_OK) == 0
          let live = existing.flatMap { $0.removed ? nil : $0 }
          guard !taken, live == nil, rename(documentsDirectory + "/" + name, documentsDirectory + "/" + filed) == 0
          else {
            try keepAside(name, replacingWith: live, in: session, because: "is a second copy of \(filed)")
            continue
          }
          name = filed
          seen.insert(name)
          existing = entries[name]
          signature = Self.describe(PrivateFiles.signature(documentsDirectory + "/" + name))
        }
        var entry =
          existing
          ?? DocumentIndexEntry(
            file: name, contents: contents, versionID: "", versionDevice: device, versionSaved: now(),
            origin: DocumentIndexEntry.filesOrigin)
        entry.currentVersion = newVersion(contents)
        entry.removed = false
        entry.pending = true
        entry.signature = signature
        entry.origin = DocumentIndexEntry.filesOrigin
        try session.save(entry)
      }
      for var entry in entries.values where !entry.removed && !seen.contains(entry.file) {
        if entry.signature == nil {
          unmaterialized.append(entry.file)
          continue
        }
        entry.removed = true
        entry.signature = nil
        entry.conflicts = []
        entry.pending = entry.base > 0 || entry.pending
        entry.origin = DocumentIndexEntry.filesOrigin
        try session.save(entry)
      }
      // What the folder was before the listing, not after: a file added while the scan ran
      // then still differs next time (recording the folder as it was after hid a file
      // dropped in during a scan for good). Not recorded if the folder changed in the clock
      // tick it was read in, when a change just after could leave it looking the same.
      try session.setValue(signature.flatMap { Self.isSettled($0) ? folder : nil }, for: "folder")
      return unmaterialized
    }
    // Files another write of this process is writing now are its to write; a crash of
    // this process would leave them to the next start's scan.
    guard materializing.load(ordering: .acquiring) == 0 else { return 0 }
    try materialize(unmaterialized)
    return unmaterialized.count
  }

  /// Whether any of `files` in the folder differs from what the index recorded of it: one
  /// there that the index doesn't have, one gone that it has, or one whose signature moved
  /// (a change by hand, in place or replaced). Files committed but not written yet are left
  /// to ``refreshFromFiles(force:)``. The folder watch asks this of the names it hears of: a
  /// change in place leaves the folder's own signature as it was, and one made while this
  /// process wrote its own files is hidden in the folder's new signature. It looks under
  /// the write lock, after any commit still writing (whose files it would otherwise see
  /// before their signatures), and saves nothing; 2,000 names at a time, so others' commits
  /// wait no longer than for one of their own batches.
  public func filesDiffer(_ files: some Collection<String>) throws -> Bool {
    let files = files.filter { !$0.hasPrefix(".") && !$0.contains(".tmp-") }
    for start in stride(from: 0, to: files.count, by: 2000) {
      let differ = try guarded {
        try index.write { session in
          for file in files[start..<min(start + 2000, files.count)] {
            let onDisk = Self.describe(PrivateFiles.signature(documentsDirectory + "/" + file))
            guard let entry = try session.entry(file), !entry.removed else {
              if onDisk != nil { return true }
              continue
            }
            if let recorded = entry.signature, recorded != onDisk { return true }
          }
          return false
        }
      }
      if differ { return true }
    }
    return false
  }

  /// After a change to `file` failed part-way, makes the file agree with the index (what
  /// every later reader goes by: a file renamed into place whose commit failed is removed,
  /// one whose commit went through is left) and returns the document's contents as the
  /// index holds them, `nil` if there is no such document. Throws if the index can't be read
  /// or the file can't be made to agree.
  public func settle(_ file: String) throws -> Data? {
    let entry = try guarded { try index.read { try $0.entry(file) } }
    let path = documentsDirectory + "/" + file
    let onDisk = (try? PrivateFiles.read(path)) ?? nil
    // A file that can't be made to agree (the disk full, say) is left holding what the change
    // wrote, and the next start takes it in as a hand edit: then nobody can tell what is
    // stored, and this says so by throwing.
    if let entry, !entry.removed {
      if onDisk != entry.contents { _ = try writeFile(file, entry.contents) }
      return entry.contents
    }
    if onDisk != nil, unlink(path) != 0, errno != ENOENT {
      throw DocumentContainerError.io("Can't delete \(path): \(String(cString: strerror(errno))).")
    }
    return nil
  }

  /// Moves a damaged document file to ``damagedDirectory`` and puts the last good version
  /// back in its place (if there is one): a damaged file is never taken as a new version
  /// or as a delete, so it never reaches the cloud. The status names it until the process
  /// ends.
  private func keepAside(
    _ name: String, replacingWith good: DocumentIndexEntry?, in session: any DocumentIndexSession,
    because reason: String = "could not be read"
  ) throws {
    let path = documentsDirectory + "/" + name
    try PrivateFiles.makeDirectory(damagedDirectory)
    let stamp = Int(now().timeIntervalSince1970)
    var aside = damagedDirectory + "/" + name + ".\(stamp)"
    var attempt = 0
    while FileManager.default.fileExists(atPath: aside) {
      attempt += 1
      aside = damagedDirectory + "/" + name + ".\(stamp)-\(attempt)"
    }
    guard rename(path, aside) == 0 else {
      throw DocumentContainerError.io("Can't move \(path) aside: \(String(cString: strerror(errno))).")
    }
    var sentence = "\(name) in \(documentsDirectory) \(reason); it was kept as \(aside)"
    if var good {
      good.signature = try writeFile(name, good.contents)
      try session.save(good)
      sentence += " and the last good version stays."
    } else {
      sentence += "."
    }
    state.withLock { $0.notice = UbiquitousKeyValueStore.sentences($0.notice, sentence) }
  }

  /// Writes the files of entries committed without one (an import, a fetch), in batches
  /// under the lock, with one flush per batch rather than one per file.
  func materialize(_ files: [String]) throws {
    guard !files.isEmpty else { return }
    materializing.add(1, ordering: .acquiringAndReleasing)
    defer { materializing.subtract(1, ordering: .acquiringAndReleasing) }
    try PrivateFiles.makeDirectory(documentsDirectory)
    let files = Self.inIndexOrder(files, \.self)
    for start in stride(from: 0, to: files.count, by: 2000) {
      let chunk = files[start..<min(start + 2000, files.count)]
      try commit { session in
        var entries: [DocumentIndexEntry] = []
        for file in chunk {
          guard let entry = try session.entry(file), !entry.removed, entry.signature == nil else { continue }
          entries.append(entry)
        }
        do {
          // In place: until this commit records their signatures, a start-up scan writes
          // these files again from the index, so one cut short by a crash is repaired.
          try PrivateFiles.replaceAll(
            in: documentsDirectory, entries.map { ($0.file, $0.contents) }, atomically: false)
        } catch {
          throw DocumentContainerError.io("Can't save in \(documentsDirectory): \(error).")
        }
        // Only the signatures: the documents themselves are as committed, so readers of
        // changes (this process's store among them) don't read and decode them again. Saving
        // whole entries gave each batch a new generation, and an import of 100,000 then sent
        // the store 50 updates, each re-read, re-sorted and published.
        for entry in entries {
          try session.setSignature(
            Self.describe(PrivateFiles.signature(documentsDirectory + "/" + entry.file)), of: entry.file)
        }
      }
    }
  }

  /// Documents in the index's order (its rows are kept by file name, byte by byte): a batch
  /// then changes neighbouring rows. In the order given (an import's file names are random),
  /// each batch of 2,000 touched most of the index's pages, and an import of 100,000 wrote
  /// about 2 GB to the index's log.
  static func inIndexOrder<T>(_ items: [T], _ file: (T) -> String) -> [T] {
    items.sorted { file($0).utf8.lexicographicallyPrecedes(file($1).utf8) }
  }

  private func listTemporaries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: documentsDirectory).filter { $0.contains(".tmp-") }
  }

  private func listDocuments() throws -> [String] {
    guard let directory = opendir(documentsDirectory) else {
      throw DocumentContainerError.io("Can't read \(documentsDirectory): \(String(cString: strerror(errno))).")
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let item = readdir(directory) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      // Hidden files and our own temporaries are not documents.
      if name.hasPrefix(".") || name.contains(".tmp-") { continue }
      names.append(name)
    }
    return names
  }

  /// Writes a document's file atomically and returns its new signature.
  func writeFile(_ file: String, _ contents: Data) throws -> String? {
    let path = documentsDirectory + "/" + file
    do {
      try PrivateFiles.makeDirectory(documentsDirectory)
      try PrivateFiles.replace(path, with: contents)
    } catch let error as FileError {
      throw DocumentContainerError.io(error.description)
    } catch {
      throw DocumentContainerError.io("Can't save \(path): \(error).")
    }
    return Self.describe(PrivateFiles.signature(path))
  }

  /// Whether a change made after `signature` was read is sure to give the folder another
  /// time: its time is not in the clock's current tick (which file times are taken from;
  /// a second of margin covers finer file times). A time further ahead (a clock stepped
  /// back, a restored backup) is settled too: a change now gets an earlier time.
  static func isSettled(_ signature: PrivateFiles.Signature) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME_COARSE, &now)
    let time = (signature.seconds, signature.nanoseconds)
    return time < (now.tv_sec, now.tv_nsec) || time > (now.tv_sec + 1, now.tv_nsec)
  }

  static func describe(_ signature: PrivateFiles.Signature?) -> String? {
    signature.map { "\($0.inode):\($0.size):\($0.seconds).\($0.nanoseconds)" }
  }

  // MARK: - Commits

  /// Runs `body` in an index write transaction, then tells this process's queries and the
  /// sync engine.
  func commit<T>(recordingFolder: Bool = true, _ body: (any DocumentIndexSession) throws -> T) throws -> T {
    // Set once the body has made its change: a failure after that is the commit's own, and
    // whether the change is stored can't be known from this connection.
    var changed = false
    let (result, generation): (T, Int64)
    do {
      (result, generation) = try guarded {
        try index.write { session -> (T, Int64) in
          // Changed since the last commit recorded it: by hand, outside the lock. Then it isn't
          // recorded now either, so the next scan still looks (recording it hid a file
          // changed by hand just before this commit from the folder watch's scan).
          let changedOutside =
            try session.value("folder") != Self.describe(PrivateFiles.signature(documentsDirectory))
          let result = try body(session)
          // The folder changed under our own lock; remember it so the next start needn't scan.
          if recordingFolder, !changedOutside, let folder = Self.describe(PrivateFiles.signature(documentsDirectory)) {
            try session.setValue(folder, for: "folder")
          }
          let generation = try session.generation()
          changed = true
          return (result, generation)
        }
      }
    } catch DocumentContainerError.io(let reason) where changed {
      throw DocumentContainerError.commitFailed(reason)
    }
    commits.send(generation)
    wakeEngine()
    return result
  }

  /// ``commit(recordingFolder:_:)`` for a change that removes documents: each file is moved
  /// to ``removingDirectory`` in the transaction and unlinked only once it has committed. A
  /// commit that fails (a full disk) puts the files back, so the folder still agrees with the
  /// index and nothing was changed: unlinked in the transaction, a document whose commit then
  /// failed was gone from the folder while the index still had it, and the next scan took the
  /// missing file for a delete by hand and synced it (a bookmark lost for good). A process that
  /// dies between the two leaves the files for the next scan (``recoverRemovals(in:)``).
  func commitRemoving<T>(_ body: (any DocumentIndexSession, Removals) throws -> T) throws -> T {
    let removals = Removals(container: self)
    let result: T
    do {
      result = try commit { session in try body(session, removals) }
    } catch {
      removals.putBack()
      throw error
    }
    removals.finish()
    return result
  }

  /// Where a removal keeps a document's file until its commit is through: beside
  /// `Documents/`, so the folder's own signature (what a start compares) moves only once.
  public var removingDirectory: String { root + "/Removing" }

  /// The files one removal moved aside (see ``commitRemoving(_:)``), each named
  /// `<file>~<process id>` in ``removingDirectory``.
  final class Removals {
    private let container: DocumentContainer
    private var moved: [(file: String, aside: String)] = []

    init(container: DocumentContainer) { self.container = container }

    /// Moves `file` aside (nothing to move if it's not there). Throws before anything is
    /// moved if the folder for it can't be made.
    func moveAside(_ file: String) throws {
      let path = container.documentsDirectory + "/" + file
      let aside = container.removingDirectory + "/" + file + "~" + container.processID
      do {
        try PrivateFiles.makeDirectory(container.removingDirectory)
      } catch {
        throw DocumentContainerError.io("\(error)")
      }
      if rename(path, aside) != 0 {
        guard errno == ENOENT else {
          throw DocumentContainerError.io("Can't delete \(path): \(String(cString: strerror(errno))).")
        }
        return
      }
      moved.append((file, aside))
    }

    /// The change is committed: the files go for good.
    func finish() {
      for (_, aside) in moved { _ = unlink(aside) }
      moved = []
    }

    /// The change failed: every file comes back where it was (a scan that ran meanwhile may
    /// have put one back already).
    func putBack() {
      for (file, aside) in moved.reversed() {
        _ = rename(aside, container.documentsDirectory + "/" + file)
      }
      moved = []
    }
  }

  /// Settles what removals cut short by a process's death left in ``removingDirectory``: a
  /// file whose document the index still has (its commit never happened) goes back, unless
  /// the folder has it again; the others were removed, and go. Called under the write lock,
  /// when no removal of any process is between its move and its commit.
  func recoverRemovals(in session: any DocumentIndexSession) throws {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: removingDirectory) else { return }
    for name in names {
      let aside = removingDirectory + "/" + name
      guard let cut = name.lastIndex(of: "~") else {
        _ = unlink(aside)
        continue
      }
      let file = String(name[..<cut])
      let path = documentsDirectory + "/" + file
      if let entry = try session.entry(file), !entry.removed, access(path, F_OK) != 0 {
        if rename(aside, path) != 0, errno != ENOENT {
          throw DocumentContainerError.io("Can't put back \(path): \(String(cString: strerror(errno))).")
        }
      } else {
        _ = unlink(aside)
      }
    }
  }

  func guarded<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DocumentContainerError {
      throw error
    } catch {
      throw DocumentContainerError.io("\(error)")
    }
  }
}
