import Cloud
import DurableFiles
import Foundation
import PropertyLists
import Sync

/// The key-value zone of the sync engine (``SyncEngine``): what a push and a fetch mean for
/// this store. The engine decides when (on start, on every ``synchronize()``, on the cloud's
/// signals, when another session changes the cache file, and on retries).
extension UbiquitousKeyValueStore: SyncZone {
  /// Starts syncing (or, offline, watching the local cache). Sends an
  /// ``KeyValueChange/Reason/accountChange`` event first if this device last used another
  /// account or cloud.
  public func start() {
    let alreadyStarted = state.withLock { state in
      defer { state.started = true }
      return state.started
    }
    if alreadyStarted { return }
    reportAccountChange()
    let directory = (file.path as NSString).deletingLastPathComponent
    try? PrivateFiles.makeDirectory(directory)
    let cacheNames: Set = [(file.path as NSString).lastPathComponent, (file.pendingPath as NSString).lastPathComponent]
    let watcher = try? DirectoryWatcher(directory: directory, fallbackInterval: .seconds(1)) { [weak self] names in
      guard let self, names.isEmpty || !names.isDisjoint(with: cacheNames) else { return }
      if self.cacheFileMoved() { self.wakeEngine() }
    }
    state.withLock { $0.watcher = watcher }
    let engine = syncEngine
    let signals = cloud?.signals()
    Task { await engine.start(signals: signals) }
  }

  /// Pushes queued changes and fetches the cloud's, once, and returns when done (or when
  /// the cloud turned out unreachable). For commands that exit right after a change.
  public func syncNow() async {
    await syncEngine.syncNow()
  }

  /// Stops syncing and closes the cloud.
  public func close() async {
    let watcher = state.withLock { state in
      defer { state.watcher = nil }
      return state.watcher
    }
    watcher?.stop()
    await syncEngine.close()
    await cloud?.close()
  }

  var syncEngine: SyncEngine { state.withLock { $0.engine! } }

  func wakeEngine() {
    let engine = syncEngine
    Task { await engine.wake() }
  }

  private func cacheFileMoved() -> Bool {
    let signature = file.signature
    return state.withLock { $0.cacheSignature != signature }
  }

  // MARK: - SyncZone

  public func push() async throws {
    guard let cloud else { return }
    try await checkIdentity(of: cloud)
    try await followHistory(of: cloud)
    let token = try await push(to: cloud)
    state.withLock { $0.tokenFromPush = .some(token) }
    // What is pending (and whether new keys wait for room) changed; the phase may not have.
    publishStatus()
  }

  public func fetch() async throws {
    guard let cloud else { return }
    let token = try state.withLock({ $0.tokenFromPush.take() }) ?? file.read().token
    let initial = try await fetch(from: cloud, since: token)
    // The values first, then the state: whoever sees `synced` has had the events.
    reloadFromCache(reason: initial ? .initialSync : .serverChange, alwaysReport: initial)
  }

  public func refreshLocal() async {
    reloadFromCache(reason: .serverChange)
  }

  public func syncPhaseChanged(_ phase: SyncPhase, problem: String?) {
    state.withLock { state in
      state.syncState = phase
      state.problem = problem
    }
    publishStatus()
  }

  // MARK: - Steps

  /// Makes sure the cache belongs to this cloud before anything is fetched or pushed: a
  /// cloud that was reset or replaced is synced as for the first time (``KeyValueCache/adopt(identity:)``)
  /// and said so, plainly, until the process ends.
  private func checkIdentity(of cloud: any CloudService) async throws {
    let identity = try await cloud.identity()
    if state.withLock({ $0.cloudIdentity == identity }) { return }
    try PrivateFiles.makeDirectory((file.path as NSString).deletingLastPathComponent)
    let reset = try file.modify { $0.adopt(identity: identity) }.result
    state.withLock { state in
      state.cloudIdentity = identity
      if reset {
        state.notice =
          "The cloud at \(cloud.displayName) is not the one this device last synced with (it was reset or"
          + " replaced): this device's data was uploaded to it again and everything in it was fetched."
      }
    }
  }

  /// Makes sure nothing this device holds was lost by a cloud that went back in time (a
  /// failover to a standby that had not received the last changes): what it holds after
  /// the point the cloud kept is queued again (``KeyValueCache/follow(_:)``) and fetched
  /// anew, and the status says so until the process ends.
  ///
  /// The cache is read before the history is asked for, and changed only if it is still
  /// as read: another session sharing this folder may fetch in between, and a token it
  /// wrote after the history was told is not a cloud that went back (taking it for one
  /// queued every record after that point, which the cloud then refused, and the list lost
  /// them until the next fetch). If the cache moved, this is checked again on the next push.
  private func followHistory(of cloud: any CloudService) async throws {
    let told = try await cloud.history()
    if told == .untold { return }
    if let line = told.line?.description, state.withLock({ $0.cloudLine == line }) { return }
    var probe = try file.read()
    let (line, token) = (probe.line, probe.token)
    let history = try await cloud.history()
    // (Written only when something changes: the file is rewritten whole.)
    if probe.follow(history) == 0, probe.line == line, probe.token == token {
      state.withLock { $0.cloudLine = line }
      return
    }
    let again = try file.modify { cache -> Int? in
      guard cache.line == line, cache.token == token else { return nil }
      return cache.follow(history)
    }.result
    guard let again else { return }
    state.withLock { state in
      state.cloudLine = history.line?.description
      if again > 0 {
        state.notice =
          "The cloud at \(cloud.displayName) went back in time (a failover lost its last changes): this device"
          + " pushed again the \(again == 1 ? "value" : "\(again) values") it may have lost."
      }
    }
  }

  /// Sends every queued change; the cloud confirms each with its sequence number.
  ///
  /// Sessions sharing this device's folder share the queue, so the whole push — reading the
  /// queue, the cloud write, clearing what was confirmed — holds a lock of its own (not the
  /// cache's, which saves take). Otherwise a session could send a value that another session
  /// has since replaced and pushed, and the older value would reach the cloud last.
  /// Returns the cache's token as read, so the fetch that follows needn't read it again.
  private func push(to cloud: any CloudService) async throws -> Int64? {
    try PrivateFiles.makeDirectory((file.path as NSString).deletingLastPathComponent)
    let lock = try await FileLock.acquire(exclusive: file.path + ".push.lock")
    defer { lock.unlock() }
    let cached = try file.read()
    let pending = cached.pending
    guard !pending.isEmpty else { return cached.token }
    let waiting = try await overQuota(pending, cached: cached, cloud: cloud)
    state.withLock { state in
      state.cloudFull =
        waiting.isEmpty
        ? nil
        : "The cloud's key-value store is full (\(KeyValueLimits.maximumKeys) keys):"
          + " \(waiting.count == 1 ? "1 new key waits" : "\(waiting.count) new keys wait") on this device until"
          + " others are removed."
    }
    let keys = pending.keys.filter { !waiting.contains($0) }
    guard !keys.isEmpty else { return cached.token }
    let writes = keys.map { key in
      CloudWrite(
        key: key, value: pending[key]!.value.map { PropertyListXMLWriter.element(for: $0) },
        condition: pending[key]!.condition)
    }
    let outcomes = try await cloud.write(writes, in: .keyValue, origin: device)
    _ = try file.modify { cache in
      for (key, outcome) in zip(keys, outcomes) {
        guard case .written(let record) = outcome else {
          // A value uploaded again to a reset cloud that has one already: the cloud's wins,
          // and the fetch that follows brings it.
          if cache.pending[key] == pending[key] { cache.pending[key] = nil }
          continue
        }
        if (cache.records[key]?.sequence ?? 0) < record.sequence {
          cache.records[key] = KeyValueCache.Record(sequence: record.sequence, value: pending[key]!.value)
        }
        // Only if nobody queued a newer change for the key meanwhile.
        if cache.pending[key] == pending[key] { cache.pending[key] = nil }
      }
    }
    return cached.token
  }

  /// The new keys of `pending` the cloud has no room for: the key quota is checked against
  /// what the cloud will hold after this push (its records, fetched since the cache's token),
  /// not against this device's copy, which a full disk can leave behind the cloud. Those
  /// stay queued here (the first by key are sent while there is room), and are sent once
  /// other keys are removed: nothing saved is dropped, and the cloud never holds more.
  private func overQuota(_ pending: [String: KeyValueCache.Pending], cached: KeyValueCache, cloud: any CloudService)
    async throws -> Set<String>
  {
    let adding = pending.filter { $0.value.value != nil && cached.records[$0.key]?.value == nil }.map(\.key)
    guard !adding.isEmpty else { return [] }
    var live = Set(cached.records.filter { $0.value.value != nil }.keys)
    let changes = try await cloud.allChanges(in: .keyValue, since: CloudToken(sequence: cached.token ?? 0))
    for record in changes.records {
      if record.value == nil { live.remove(record.key) } else { live.insert(record.key) }
    }
    for (key, change) in pending where change.value == nil { live.remove(key) }
    var room = KeyValueLimits.maximumKeys - live.count
    var waiting = Set<String>()
    for key in adding.sorted() where !live.contains(key) {
      if room > 0 { room -= 1 } else { waiting.insert(key) }
    }
    return waiting
  }

  /// Fetches every change since `start` (the cache's token; `nil` before the first
  /// download) and applies each record newer than what the cache holds for its key.
  /// Returns whether this was the first download.
  private func fetch(from cloud: any CloudService, since start: Int64?) async throws -> Bool {
    var changes = try await cloud.allChanges(in: .keyValue, since: CloudToken(sequence: start ?? 0))
    // What this change removes that is here (and not changed here meanwhile) is held back if
    // it is too much at once; the rest is applied, but the token stays. Not on the first
    // download, which removes nothing.
    var held: Set<String> = []
    let fetchedThrough = changes.token.sequence
    removalHold.follows(through: fetchedThrough)
    let time = Date()
    if let start {
      let (values, unsaved) = state.withLock { ($0.values, Set($0.unsaved.keys)) }
      let removals = changes.records.filter { $0.value == nil && values[$0.key] != nil }
      var removing = removals.map(\.key)
      if !removing.isEmpty {
        // A bookmark changed here and not pushed yet is not removed: the push wins. A device
        // taking back what it just sent (an undone import) is not held.
        let cache = try? file.read()
        let pending = unsaved.union(cache.map { Set($0.pending.keys) } ?? [])
        let takenBack = Set(
          removals.filter { removalHold.takesBack($0, base: cache?.records[$0.key]?.sequence, at: time) }.map(\.key))
        removing.removeAll { pending.contains($0) || takenBack.contains($0) }
      }
      let writing = Set(changes.records.filter { $0.value != nil }.map(\.key))
      held = removalHold.holds(removing: removing, writing: writing) {
        values.keys.count { removalHold.counts($0) }
      }
      if !held.isEmpty {
        // The rest of this change was applied once already (the token stays, so every step
        // fetches it again): nothing to read or write again, as in the documents zone.
        if removalHold.appliedAround == fetchedThrough {
          publishStatus()
          return false
        }
        changes = CloudChanges(
          records: changes.records.filter { !held.contains($0.key) }, token: CloudToken(sequence: start),
          hasMore: false)
      }
    }
    let early = start != nil && !changes.records.isEmpty
    if early { showBeforeWriting(changes) }
    var unreadable = 0
    let initial: Bool
    do {
      (initial, _) = try file.modify { cache -> Bool in
        let initial = cache.token == nil
        unreadable = Self.apply(changes, to: &cache)
        return initial
      }
    } catch {
      if early { showTheFileAgain() }
      throw error
    }
    if early { state.withLock { $0.fetchedAhead = nil } }
    removalHold.arrived(changes.records, at: time)
    if held.isEmpty {
      removalHold.applied()
    } else {
      removalHold.appliedAround = fetchedThrough
      publishStatus()
    }
    if unreadable > 0 {
      state.withLock {
        $0.cacheProblem = "\(unreadable) value(s) from the cloud could not be read; they were left in the cloud."
      }
    }
    return initial
  }

  /// Applies each fetched record newer than what the cache holds for its key, and moves the
  /// token on. Returns how many values this version could not read: the token stops before
  /// the first of them, so that change is fetched again next time (by a newer Cloudy, say)
  /// rather than skipped for good.
  static func apply(_ changes: CloudChanges, to cache: inout KeyValueCache) -> Int {
    var unreadable = 0
    var token = changes.token.sequence
    for record in changes.records where (cache.records[record.key]?.sequence ?? 0) < record.sequence {
      var value: PropertyList?
      if let bytes = record.value {
        guard let decoded = try? PropertyListReader.readElement(bytes),
          let form = decoded.stored(insideLevels: KeyValueCache.valueLevels)
        else {
          unreadable += 1
          token = min(token, record.sequence - 1)
          continue
        }
        value = form
      }
      cache.records[record.key] = KeyValueCache.Record(sequence: record.sequence, value: value)
    }
    cache.token = max(cache.token ?? 0, token)
    return unreadable
  }

  /// Shows fetched changes before the cache file holds them: writing the file (all of it,
  /// as XML) was the longest step between another device's change and this screen. The
  /// file is written right after, and until then every reload lays the changes over it
  /// (`fetchedAhead`); if the write fails, the file is shown again at once
  /// (``showTheFileAgain()``), and the next fetch brings the changes back, since the token
  /// on disk did not move.
  private func showBeforeWriting(_ changes: CloudChanges) {
    let change = cacheLock.withLock { _ -> KeyValueChange? in
      state.withLock { $0.fetchedAhead = changes }
      guard let cache = try? file.read() else { return nil }
      return show(cache, signature: nil, reason: .serverChange)
    }
    report(change)
  }

  /// After fetched changes were shown but could not be written: the values go back to the
  /// file's (the next reload reads it, whatever its signature).
  private func showTheFileAgain() {
    state.withLock { state in
      state.fetchedAhead = nil
      state.cacheSignature = nil
    }
    reloadFromCache(reason: .serverChange)
  }

  private func reportAccountChange() {
    let current = account + "\n" + cloudName + "\n"
    let previous = (try? PrivateFiles.read(markerPath)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
    if previous != current {
      try? PrivateFiles.makeDirectory((markerPath as NSString).deletingLastPathComponent)
      PrivateFiles.removeTemporariesOfDeadWriters(of: markerPath)
      try? PrivateFiles.replace(markerPath, with: Data(current.utf8))
    }
    if let previous, previous != current {
      changeBroadcast.send(KeyValueChange(reason: .accountChange, changedKeys: dictionaryRepresentation.keys.sorted()))
    }
  }
}
