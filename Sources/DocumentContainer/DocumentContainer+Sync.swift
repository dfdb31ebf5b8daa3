import Cloud
import DurableFiles
import Foundation
import Sync

/// The documents zone's sync engine: pushes changed documents with change tags (a write
/// conditional on the cloud sequence the local version is based on), fetches other
/// devices' changes, and turns concurrent edits into conflict versions that every device
/// keeps until one is chosen.
///
/// Rules, in order: identical contents are never a conflict; an edit beats a delete (the
/// deleted document comes back with the edit, so no edit is lost); otherwise the version
/// the cloud already has stays current and the late one joins its conflict versions.
extension DocumentContainer: SyncZone {
  /// Starts syncing: on start, on every local commit, on the cloud's signals, and on
  /// retries after a failure (``SyncEngine``). Offline (no cloud) it only reports
  /// `offline · N pending`.
  public func start() {
    let alreadyStarted = state.withLock { state in
      defer { state.started = true }
      return state.started || state.closed
    }
    if alreadyStarted { return }
    let signals = cloud?.signals()
    Task { [engine] in await engine.start(signals: signals) }
  }

  /// Pushes and fetches once, returning when done or when the cloud is unreachable.
  public func syncNow() async {
    await engine.syncNow()
  }

  /// Stops syncing, closes the cloud and the index.
  public func close() async {
    state.withLock { $0.closed = true }
    await engine.close()
    await cloud?.close()
    index.close()
    statuses.finish()
    commits.finish()
  }

  /// The current status, and a stream of it after every change.
  public func status() -> DocumentSyncStatus {
    let counts = try? index.read { try $0.counts() }
    return state.withLock { state in
      DocumentSyncStatus(
        state: state.syncState, pending: counts?.0 ?? 0, conflicts: counts?.1 ?? 0,
        problem: ZoneProblem.sentences(state.problem, index.notice, state.notice),
        held: removalHold.held)
    }
  }

  public func statusUpdates() -> AsyncStream<DocumentSyncStatus> { statuses.subscribe() }

  /// This process's commits, by generation: queries wake on them.
  public func commitNotifications() -> AsyncStream<Int64> { commits.subscribe() }

  func wakeEngine() {
    Task { [engine] in await engine.wake() }
  }

  // MARK: - SyncZone

  public func push() async throws {
    guard let cloud else { return }
    try await checkIdentity(of: cloud)
    try await followHistory(of: cloud)
    try await push(to: cloud)
  }

  public func fetch() async throws {
    guard let cloud else { return }
    try await fetch(from: cloud)
  }

  /// The index is read afresh on every status; there is nothing to re-read.
  public func refreshLocal() async {}

  public func syncPhaseChanged(_ phase: SyncPhase, problem: String?) {
    state.withLock { state in
      state.syncState = phase
      state.problem = problem
    }
    statuses.send(status())
  }

  // MARK: - Steps

  /// Makes sure the index belongs to this cloud before anything is fetched or pushed. A
  /// cloud that was reset or replaced (another identity than the one recorded) is synced
  /// as for the first time: every document here is pushed again, only where the new cloud
  /// has none (else the two are reconciled as any conflict is), the token starts over so
  /// everything is fetched, and the status says so until the process ends. Sequence
  /// numbers of the two clouds are never compared.
  ///
  /// An index from before clouds had identities (none recorded) is taken to belong to
  /// the cloud it now syncs with.
  private func checkIdentity(of cloud: any CloudService) async throws {
    let identity = try await cloud.identity()
    if state.withLock({ $0.cloudIdentity == identity }) { return }
    let reset = try commit { session -> Bool in
      let known = try session.value("cloud")
      if known == identity { return false }
      try session.setValue(identity, for: "cloud")
      guard known != nil else { return false }
      for var entry in try session.allEntries() {
        if entry.removed {
          // A delete the new cloud never saw has nothing to delete there.
          guard entry.pending || entry.base != 0 else { continue }
          entry.pending = false
        } else {
          entry.pending = true
        }
        entry.base = 0
        try session.save(entry)
      }
      try session.setValue("0", for: "token")
      return true
    }
    state.withLock { state in
      state.cloudIdentity = identity
      if reset {
        state.notice =
          "The cloud at \(cloud.displayName) is not the one this device last synced with (it was reset or"
          + " replaced): this device's documents were uploaded to it again and everything in it was fetched."
      }
    }
  }

  /// Makes sure nothing this device holds was lost by a cloud that went back in time (a
  /// failover to a standby that had not received the last changes; ``CloudHistory``). Every
  /// document here based on a change after the point the cloud kept is pushed again as this
  /// device has it (`base` 0, pending), written only where the cloud's record is still at most
  /// that point or absent (the point is kept as `rewound` until a push has sent them; what was
  /// written since is reconciled with as any conflict is), and the token goes back to the
  /// point, so what the cloud wrote since is fetched. The line is recorded either way.
  ///
  /// The token is read before the history is asked for, and the commit changes nothing if
  /// it moved meanwhile: another session sharing this container may fetch in between, and a
  /// token it wrote after the history was told is not a cloud that went back. Then this is
  /// checked again on the next push.
  private func followHistory(of cloud: any CloudService) async throws {
    let told = try await cloud.history()
    if told == .untold { return }
    if let line = told.line?.description, state.withLock({ $0.cloudLine == line }) { return }
    func read(_ session: any DocumentIndexSession) throws -> (line: String?, token: Int64) {
      (try session.value("line"), try session.value("token").flatMap(Int64.init) ?? 0)
    }
    let probe = try index.read(read)
    let history = try await cloud.history()
    let line = history.line?.description
    func kept(_ read: (line: String?, token: Int64)) -> Int64? {
      read.token == 0 ? nil : history.keptThrough(known: read.line.flatMap(CloudLine.init), token: read.token)
    }
    // (A commit only when something changes: every commit wakes the engine.)
    if kept(probe) == nil && (line == nil || probe.line == line) {
      state.withLock { $0.cloudLine = line }
      return
    }
    let again = try commit { session -> Int? in
      let now = try read(session)
      guard now == probe else { return nil }
      if let line { try session.setValue(line, for: "line") }
      guard let point = kept(now) else { return 0 }
      let after = try session.allEntries().filter { $0.base > point }
      for var entry in after {
        entry.base = 0
        entry.pending = true
        try session.save(entry)
      }
      try session.setValue(String(min(now.token, point)), for: "token")
      if !after.isEmpty { try session.setValue(String(point), for: "rewound") }
      return after.count
    }
    guard let again else { return }
    state.withLock { state in
      state.cloudLine = line
      if again > 0 {
        state.notice =
          "The cloud at \(cloud.displayName) went back in time (a failover lost its last changes): this device"
          + " pushed again the \(again == 1 ? "document" : "\(again) documents") it may have lost."
      }
    }
  }

  /// Documents sent in one write of the cloud (one transaction there, one commit of the
  /// index here).
  static let pushBatch = 5_000

  /// Sends every pending document, each conditional on the version it is based on.
  ///
  /// Sessions sharing this device's container share its pending documents, so the whole
  /// push holds a lock of its own: otherwise two sessions could send one document at once,
  /// the second based on a version the first has just replaced, and the device would be
  /// in conflict with itself.
  private func push(to cloud: any CloudService) async throws {
    let lock = try await FileLock.acquire(exclusive: root + "/push.lock")
    defer { lock.unlock() }
    let (files, rewound) = try index.read { session in
      (try session.pendingFiles(), try session.value("rewound").flatMap(Int64.init))
    }
    // The entries are read a batch at a time (what is pending then: a document changed again
    // meanwhile is sent as it is now).
    var sentAny = false
    var settled = false
    for start in stride(from: 0, to: files.count, by: Self.pushBatch) {
      let batch = Array(files[start..<min(start + Self.pushBatch, files.count)])
      let all = try index.read { session in
        let found = try session.entries(batch)
        return batch.compactMap { found[$0] }.filter(\.pending)
      }
      // A document deleted before the cloud ever had it has nothing to delete there: no push
      // is under way (this one holds the lock), so none can still put it there. (Not after the
      // cloud went back in time: then `base` 0 means "push again", and the delete must go.)
      let unsent = rewound == nil ? all.filter { $0.removed && $0.base == 0 } : []
      if !unsent.isEmpty {
        settled = true
        try commit { session in
          for sent in unsent {
            guard var entry = try session.entry(sent.file), entry.generation == sent.generation else { continue }
            entry.pending = false
            try session.save(entry)
          }
        }
      }
      let pending = unsent.isEmpty ? all : all.filter { !($0.removed && $0.base == 0) }
      guard !pending.isEmpty else { continue }
      sentAny = true
      try await send(pending, to: cloud, rewound: rewound)
    }
    try pushedAgain(rewound)
    // What is pending is part of the status, and a push changes it without changing the
    // engine's phase (synced before and after), which is all the engine publishes: said
    // here, or the line would say `syncing · N pending` until something else changed.
    if sentAny || settled { statuses.send(status()) }
  }

  /// Sends one batch of pending documents, each conditional on the version it is based on,
  /// and records what the cloud took; what it refused is reconciled.
  private func send(_ pending: [DocumentIndexEntry], to cloud: any CloudService, rewound: Int64?) async throws {
    let writes = pending.map { entry in
      CloudWrite(
        key: entry.file, value: entry.removed ? nil : entry.envelope.data,
        condition: entry.base != 0 ? .sequence(entry.base) : rewound.map(CloudWrite.Condition.atMost) ?? .absent)
    }
    let outcomes = try await cloud.write(writes, in: .documents, origin: device)
    var conflicts: [(DocumentIndexEntry, CloudRecord?)] = []
    // Marked without a new generation: what the cloud holds is this device's bookkeeping,
    // not a change to a document, so a reader of changes has nothing new to read (saving
    // each entry again had every session re-read 100,000 rows after an import's push).
    try commit { session in
      for (sent, outcome) in zip(pending, outcomes) {
        switch outcome {
        case .written(let record):
          // Still pending if it changed again meanwhile: that newer change is still to push.
          try session.markPushed(sent.file, sequence: record.sequence, sentAt: sent.generation)
        case .conflict(let current):
          conflicts.append((sent, current))
        }
      }
    }
    for (sent, current) in conflicts {
      try await reconcile(sent, with: current, cloud: cloud)
    }
  }

  /// Everything pushed again after the cloud went back in time has been sent: documents new
  /// here from now on are new (`rewound` goes).
  private func pushedAgain(_ rewound: Int64?) throws {
    guard let rewound else { return }
    try commit { session in
      if try session.value("rewound") == String(rewound) { try session.setValue(nil, for: "rewound") }
    }
  }

  /// A push found the cloud ahead of the version it was based on: keep both edits.
  private func reconcile(_ sent: DocumentIndexEntry, with first: CloudRecord?, cloud: any CloudService) async throws {
    var current = first
    for _ in 0..<8 {
      let merged: DocumentEnvelope
      if sent.removed {
        // A delete meets a newer edit (the edit wins) or the cloud's own delete.
        return try adopt(current, for: sent)
      }
      if let record = current, let value = record.value {
        guard let envelope = DocumentEnvelope(data: value) else { return try adopt(current, for: sent) }
        if envelope.holds(sent.contents) { return try adopt(current, for: sent) }
        merged = DocumentEnvelope(current: envelope.current, conflicts: envelope.conflicts + [sent.currentVersion])
      } else {
        // Deleted elsewhere (or never there): the edit brings it back.
        merged = sent.envelope
      }
      let condition: CloudWrite.Condition = current.map { .sequence($0.sequence) } ?? .absent
      let outcome = try await cloud.write(
        [CloudWrite(key: sent.file, value: merged.data, condition: condition)], in: .documents, origin: device)
      switch outcome.first {
      case .written(let record): return try adopt(record, for: sent)
      case .conflict(let newer): current = newer
      case nil: return
      }
    }
  }

  /// Makes a cloud record the local state of its document, unless the document changed
  /// here after `sent` was read (that change is pushed next and reconciled then).
  private func adopt(_ record: CloudRecord?, for sent: DocumentIndexEntry) throws {
    let unwritten = try commitRemoving { session, removals -> [String] in
      guard let entry = try session.entry(sent.file), entry.generation == sent.generation else { return [] }
      return try apply(record, to: entry, in: session, removals) ? [sent.file] : []
    }
    try materialize(unwritten)
  }

  /// Fetches every change since the index's token and applies those not already here.
  private func fetch(from cloud: any CloudService) async throws {
    let token = try index.read { try $0.value("token") }.flatMap(Int64.init) ?? 0
    let changes = try await cloud.allChanges(in: .documents, since: CloudToken(sequence: token))
    removalHold.follows(through: changes.token.sequence)
    let time = now()
    guard changes.token.sequence != token || !changes.records.isEmpty else {
      // Nothing new (another session applied what was held, say): nothing is held.
      if removalHold.held != nil || removalHold.isLettingThrough {
        removalHold.applied()
        statuses.send(status())
      }
      return
    }
    // What this change removes that is here (not changed here meanwhile) is held back if it
    // is too much at once; the rest is applied, but the token stays. Decided in a read, and
    // a commit made only when something is new: a commit wakes the engine, which would fetch
    // and hold again without end.
    let (held, anythingNew) = try index.read { session -> (Set<String>, Bool) in
      var removing: [String] = []
      var writing: Set<String> = []
      var new: [String] = []
      let current = try session.syncStates(changes.records.map(\.key))
      for record in changes.records {
        // What the change writes, applied already or not (an earlier fetch that held its
        // removals applied the rest).
        if record.value != nil { writing.insert(record.key) }
        guard let entry = current[record.key] else {
          // (The removal of a document never here changes nothing: not new.)
          if record.value != nil { new.append(record.key) }
          continue
        }
        if Self.holds(entry, record) { continue }
        new.append(record.key)
        // (A device taking back what it just sent, an undone import, is not held.)
        if record.value == nil, !entry.removed, !removalHold.takesBack(record, base: entry.base, at: time) {
          removing.append(record.key)
        }
      }
      let held = try removalHold.holds(removing: removing, writing: writing) {
        try session.allEntries().count { !$0.removed && removalHold.counts($0.file) }
      }
      return (held, new.contains { !held.contains($0) })
    }
    // While removals are held, the rest of a change is applied once (a value that can't be
    // read stays "new" for ever, and a commit for it on every step would never end).
    if !held.isEmpty, !anythingNew || removalHold.appliedAround == changes.token.sequence {
      statuses.send(status())
      return
    }
    let unwritten = try commitRemoving { session, removals -> [String] in
      var unwritten: [String] = []
      // Applying a record changes only its own entry; a key in two pages of the change is
      // looked up again the second time, after the first was applied. Only the entries of
      // records new to them are read whole (a fetch after a push brings back what it sent).
      let applied = changes.records.filter { !held.contains($0.key) }
      let states = try session.syncStates(applied.map(\.key))
      let current = try session.entries(
        applied.filter { record in states[record.key].map { !Self.holds($0, record) } ?? true }.map(\.key))
      var looked: Set<String> = []
      for record in applied {
        let entry: DocumentIndexEntry?
        if looked.insert(record.key).inserted {
          if let state = states[record.key], Self.holds(state, record) { continue }
          entry = current[record.key]
        } else {
          entry = try session.entry(record.key)
        }
        if let entry, Self.holds(entry.syncState, record) { continue }
        if try apply(record, to: entry, in: session, removals) { unwritten.append(record.key) }
      }
      if held.isEmpty { try session.setValue(String(changes.token.sequence), for: "token") }
      return unwritten
    }
    removalHold.arrived(changes.records.lazy.filter { !held.contains($0.key) }, at: time)
    if held.isEmpty {
      removalHold.applied()
    } else {
      removalHold.appliedAround = changes.token.sequence
      statuses.send(status())
    }
    try materialize(unwritten)
  }

  /// Whether an entry needs nothing from a cloud record: it has that change already, or
  /// changed here and is about to be reconciled with it by the next push.
  static func holds(_ entry: DocumentIndexEntry.SyncState, _ record: CloudRecord) -> Bool {
    entry.base >= record.sequence || entry.pending
  }

  /// Writes a cloud record into the index (and deletes a deleted document's file).
  /// Returns whether the document's file is still to be written (``materialize(_:)``).
  private func apply(
    _ record: CloudRecord?, to existing: DocumentIndexEntry?, in session: any DocumentIndexSession,
    _ removals: Removals
  ) throws -> Bool {
    guard let record, let value = record.value else {
      guard var entry = existing else { return false }
      if !entry.removed { try removals.moveAside(entry.file) }
      let changed = !entry.removed
      entry.removed = true
      entry.signature = nil
      entry.conflicts = []
      entry.pending = false
      entry.base = record?.sequence ?? entry.base
      if changed { entry.origin = DocumentIndexEntry.cloudOrigin }
      try session.save(entry)
      return false
    }
    // A value this version can't read is left in the cloud and skipped here.
    guard let envelope = DocumentEnvelope(data: value) else { return false }
    var entry =
      existing
      ?? DocumentIndexEntry(
        file: record.key, contents: envelope.current.contents, versionID: envelope.current.id,
        versionDevice: envelope.current.device, versionSaved: envelope.current.saved,
        origin: DocumentIndexEntry.cloudOrigin)
    let changed =
      entry.removed || entry.versionID != envelope.current.id || entry.contents != envelope.current.contents
      || entry.conflicts.map(\.id) != envelope.conflicts.map(\.id)
    let unwritten = entry.removed || entry.contents != envelope.current.contents || entry.signature == nil
    if unwritten { entry.signature = nil }
    entry.currentVersion = envelope.current
    entry.conflicts = envelope.conflicts
    entry.removed = false
    entry.pending = false
    entry.base = record.sequence
    if changed || existing == nil { entry.origin = DocumentIndexEntry.cloudOrigin }
    try session.save(entry)
    return unwritten
  }
}
