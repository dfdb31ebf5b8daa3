import Broadcasting
import Cloud
import DurableFiles
import Foundation
import PropertyLists
import Sync
import Synchronization

/// A key-value store with the semantics of Apple's `NSUbiquitousKeyValueStore`, synced
/// through a ``CloudService``.
///
/// - Values are property lists. Quotas (``KeyValueLimits``): 1024 keys, 1 MB in all and
///   per value, keys of at most 128 UTF-16 code units. A write that would break one is
///   refused as a whole: it throws, nothing is stored, and subscribers of
///   ``externalChanges()`` get a ``KeyValueChange/Reason/quotaViolation`` event.
/// - Setters change the in-memory values at once; ``synchronize()`` writes them to the
///   local cache on disk and hands them to the sync engine, which pushes them to the cloud.
/// - ``externalChanges()`` reports changes that came from elsewhere (another device, or
///   another session sharing this device's folder), never this instance's own writes.
/// - Conflicts: per key, the last write the cloud sequenced wins, whatever device clocks say.
/// - Without a cloud (offline) everything works on the local cache; changes queue there
///   durably and are pushed on the next run that has a cloud.
public final class UbiquitousKeyValueStore: Sendable {
  public let account: String
  public let cloudName: String
  let cloud: (any CloudService)?
  let device: String
  let file: KeyValueCacheFile
  let markerPath: String
  let state: Mutex<State>
  /// Held while the cache file is read and its values applied, and while this instance's
  /// changes are saved: a reload that read the file before a save must not apply it after
  /// the save cleared the unsaved changes (it would report one's own write as external).
  let cacheLock = Mutex(())
  let changeBroadcast = Broadcast<KeyValueChange>()
  let statusBroadcast = Broadcast<KeyValueSyncStatus>(bufferingPolicy: .bufferingNewest(1))

  /// Holds back a fetched change that removes too much at once, once a rule is set.
  public let removalHold = RemovalHold()

  struct State: ~Copyable {
    var values: [String: PropertyList] = [:]
    var sizes: [String: Int] = [:]
    var totalBytes = 0
    /// Changes made since the last ``synchronize()``.
    var unsaved: [String: PropertyList?] = [:]
    /// Local changes in the cache that the cloud has not confirmed.
    var pending = 0
    var syncState = KeyValueSyncStatus.State.offline
    var problem: String?
    var cacheProblem: String?
    /// Something this process did that the user should hear of (a reset cloud synced as
    /// new), shown until the process ends.
    var notice: String?
    /// Why new keys wait on this device: the cloud has no room for them (see `push`).
    var cloudFull: String?
    /// The identity of the cloud the cache was last checked against.
    var cloudIdentity: String?
    /// The cloud's line of history as last followed (``CloudHistory``).
    var cloudLine: String?
    var cacheSignature: KeyValueCacheFile.Signature?
    /// Changes fetched and shown but not yet in the cache file: every reload lays them over
    /// the file until the fetch has written them (or failed to), so a reload in between
    /// (another session's save) does not take them back.
    var fetchedAhead: CloudChanges?
    /// The sync engine (the one the document container uses too), made once `self` exists.
    var engine: SyncEngine?
    var started = false
    var watcher: DirectoryWatcher?
    /// The cache's token as the last push read it, so the fetch after it needn't read the
    /// cache again.
    var tokenFromPush: Int64??
    var lastStatus: KeyValueSyncStatus?

    /// Sets or removes (`nil`) a key's in-memory value, keeping the byte count in step.
    /// `size` is the entry's size when the caller has already measured it.
    mutating func assign(_ value: PropertyList?, to key: String, size: Int? = nil) {
      if let old = sizes[key] { totalBytes -= old }
      values[key] = value
      if let value {
        let size = size ?? KeyValueLimits.entrySize(key: key, value: value)
        sizes[key] = size
        totalBytes += size
      } else {
        sizes[key] = nil
      }
    }
  }

  /// A store whose local cache lives in `directory` (one file per account and cloud).
  /// `cloud` is `nil` to work offline. `device` names this device in the cloud's records.
  /// The cache is read here, so values are available at once; call ``start()`` to sync.
  public init(directory: String, account: String, cloudName: String, cloud: (any CloudService)?, device: String) {
    self.account = account
    self.cloudName = cloudName
    self.cloud = cloud
    self.device = device
    file = KeyValueCacheFile(directory: directory, account: account, cloud: cloudName)
    markerPath = directory + "/last-used"
    var initial = State()
    // Until the first sync step: `syncing` with a cloud, `offline` without one.
    initial.syncState = cloud == nil ? .offline : .syncing
    state = Mutex(initial)
    reloadFromCache(reason: .serverChange)
    let engine = SyncEngine(zone: self, hasCloud: cloud != nil)
    state.withLock { $0.engine = engine }
  }

  deinit {
    let (engine, watcher) = state.withLock { ($0.engine, $0.watcher) }
    if let engine { Task { await engine.close() } }
    watcher?.stop()
    changeBroadcast.finish()
    statusBroadcast.finish()
  }

  // MARK: - Reading

  /// The value for a key, of any property-list type.
  public func object(forKey key: String) -> PropertyList? {
    state.withLock { $0.values[key] }
  }

  public func string(forKey key: String) -> String? {
    object(forKey: key)?.string
  }

  /// The integer for a key, or 0 (as Apple's `longLong(forKey:)`).
  public func longLong(forKey key: String) -> Int64 {
    switch object(forKey: key) {
    case .integer(let value): Int64(value)
    case .real(let value): Int64(exactly: value.rounded(.towardZero)) ?? 0
    case .bool(let value): value ? 1 : 0
    default: 0
    }
  }

  /// The number for a key, or 0.
  public func double(forKey key: String) -> Double {
    switch object(forKey: key) {
    case .real(let value): value
    case .integer(let value): Double(value)
    case .bool(let value): value ? 1 : 0
    default: 0
    }
  }

  /// The Boolean for a key, or `false`; numbers other than 0 read as `true`.
  public func bool(forKey key: String) -> Bool {
    switch object(forKey: key) {
    case .bool(let value): value
    case .integer(let value): value != 0
    case .real(let value): value != 0
    default: false
    }
  }

  public func data(forKey key: String) -> Data? {
    if case .data(let value) = object(forKey: key) { return value }
    return nil
  }

  public func date(forKey key: String) -> Date? {
    object(forKey: key)?.date
  }

  public func array(forKey key: String) -> [PropertyList]? {
    object(forKey: key)?.array
  }

  public func dictionary(forKey key: String) -> [String: PropertyList]? {
    object(forKey: key)?.dictionary
  }

  /// Every key and value.
  public var dictionaryRepresentation: [String: PropertyList] {
    state.withLock { $0.values }
  }

  // MARK: - Writing

  public func set(_ value: PropertyList, forKey key: String) throws {
    try setValues([key: value])
  }

  public func set(_ value: String, forKey key: String) throws { try set(.string(value), forKey: key) }
  public func set(_ value: Int64, forKey key: String) throws { try set(.integer(Int(value)), forKey: key) }
  public func set(_ value: Double, forKey key: String) throws { try set(.real(value), forKey: key) }
  public func set(_ value: Bool, forKey key: String) throws { try set(.bool(value), forKey: key) }
  public func set(_ value: Data, forKey key: String) throws { try set(.data(value), forKey: key) }
  public func set(_ value: Date, forKey key: String) throws { try set(.date(value), forKey: key) }
  public func set(_ value: [PropertyList], forKey key: String) throws { try set(.array(value), forKey: key) }
  public func set(_ value: [String: PropertyList], forKey key: String) throws {
    try set(.dictionary(value), forKey: key)
  }

  /// Removes a key. Removing never breaks a quota; an invalid key is simply absent.
  public func removeObject(forKey key: String) {
    let removal: [String: PropertyList?] = [key: nil]
    try? setValues(removal)
  }

  /// Sets and removes (`nil`) several keys as one write: all of it is stored, or, if it
  /// would break a quota, none of it. A value is kept as the cache file will hold it (a date
  /// in whole seconds, say), which is what every other session and device reads; a value the
  /// file could not give back is refused.
  public func setValues(_ changes: [String: PropertyList?]) throws {
    var stored: [String: PropertyList?] = [:]
    for (key, value) in changes {
      guard let value else {
        stored[key] = .some(nil)
        continue
      }
      guard let form = value.stored(insideLevels: KeyValueCache.valueLevels) else {
        throw KeyValueStoreError.unstorableValue(key: key)
      }
      stored[key] = form
    }
    let changes = stored
    for key in changes.keys where key.isEmpty || key.utf16.count > KeyValueLimits.maximumKeyLength {
      throw KeyValueStoreError.invalidKey(key)
    }
    let result = state.withLock { state -> Result<Void, KeyValueStoreError> in
      var keys = state.values.count
      var total = state.totalBytes
      var newSizes: [String: Int] = [:]
      for (key, value) in changes {
        if let old = state.sizes[key] {
          keys -= 1
          total -= old
        }
        guard let value else { continue }
        let valueSize = KeyValueLimits.size(of: value)
        if valueSize > KeyValueLimits.maximumValueBytes {
          return .failure(.valueTooLarge(key: key, bytes: valueSize))
        }
        keys += 1
        total += key.utf8.count + valueSize
        newSizes[key] = key.utf8.count + valueSize
      }
      // A write that only shrinks the store is always allowed, even above a quota that
      // merged changes from other devices may have broken.
      if keys > KeyValueLimits.maximumKeys, keys > state.values.count { return .failure(.tooManyKeys(wouldHave: keys)) }
      if total > KeyValueLimits.maximumTotalBytes, total > state.totalBytes {
        return .failure(.storeTooLarge(wouldUse: total))
      }
      for (key, value) in changes {
        state.assign(value, to: key, size: newSizes[key])
        state.unsaved[key] = value
      }
      return .success(())
    }
    if case .failure(let error) = result {
      changeBroadcast.send(KeyValueChange(reason: .quotaViolation, changedKeys: changes.keys.sorted()))
      throw error
    }
    publishStatus()
  }

  /// Forgets unsaved changes to these keys: their values go back to what the local cache
  /// holds, and nothing is queued for them. For undoing a change whose save failed.
  public func discardUnsaved(_ keys: [String]) {
    cacheLock.withLock { _ in
      let cached = (try? file.read())?.values ?? [:]
      state.withLock { state in
        for key in keys {
          state.unsaved[key] = nil
          state.assign(cached[key], to: key)
        }
      }
    }
    publishStatus()
  }

  /// Writes the in-memory changes to the local cache and hands them to the sync engine.
  /// Returns `false` if the cache could not be written (the changes stay in memory and
  /// are retried on the next call); ``save()`` throws why.
  @discardableResult
  public func synchronize() -> Bool {
    do {
      try save()
      return true
    } catch {
      return false
    }
  }

  /// Like ``synchronize()``, but throws why the cache could not be written.
  public func save() throws {
    let change = try cacheLock.withLock { _ -> KeyValueChange? in
      let unsaved = state.withLock { $0.unsaved }
      do {
        if !unsaved.isEmpty {
          _ = try file.modify { cache in
            for (key, value) in unsaved { cache.pending[key] = KeyValueCache.Pending(value: value) }
          }
          state.withLock { state in
            // Keep changes made while the cache was being written.
            for (key, value) in unsaved where state.unsaved[key] == value { state.unsaved[key] = nil }
          }
        }
      } catch let error as FileError {
        switch error {
        case .unreadable(let path, let reason), .writeFailed(let path, let reason):
          throw KeyValueStoreError.cacheUnwritable(path: path, reason: reason)
        case .notDurable(let path, let reason):
          throw KeyValueStoreError.cacheNotDurable(path: path, reason: reason)
        }
      } catch let error as KeyValueCacheFile.Damaged {
        throw KeyValueStoreError.cacheUnwritable(path: error.path, reason: error.reason)
      }
      return reloadHoldingCacheLock(reason: .serverChange, alwaysReport: false)
    }
    report(change)
    wakeEngine()
  }

  // MARK: - Observing

  /// Changes that came from elsewhere, and refused writes (quota violations).
  public func externalChanges() -> AsyncStream<KeyValueChange> {
    changeBroadcast.subscribe()
  }

  /// The sync state and quota use: the current one at once, then every change.
  public func statusUpdates() -> AsyncStream<KeyValueSyncStatus> {
    let stream = statusBroadcast.subscribe()
    statusBroadcast.send(status)
    return stream
  }

  public var status: KeyValueSyncStatus {
    state.withLock { state in
      KeyValueSyncStatus(
        state: state.syncState, pending: state.pending + state.unsaved.count, keys: state.values.count,
        bytes: state.totalBytes,
        problem: ZoneProblem.sentences(state.cacheProblem, state.problem, state.cloudFull, state.notice),
        held: removalHold.held)
    }
  }

  func publishStatus() {
    let current = status
    let changed = state.withLock { state in
      defer { state.lastStatus = current }
      return state.lastStatus != current
    }
    if changed { statusBroadcast.send(current) }
  }

  // MARK: - The local cache

  /// Reads the cache if it changed, replaces the in-memory values with it (keeping
  /// unsaved changes), and reports keys that changed as an external change.
  func reloadFromCache(reason: KeyValueChange.Reason, alwaysReport: Bool = false) {
    let change = cacheLock.withLock { _ in reloadHoldingCacheLock(reason: reason, alwaysReport: alwaysReport) }
    report(change)
  }

  /// Sends a reload's change (outside the cache lock: nothing is sent while a lock is
  /// held) and the status.
  func report(_ change: KeyValueChange?) {
    if let change { changeBroadcast.send(change) }
    publishStatus()
  }

  /// Applies the cache file if it changed; returns the change to report, which the caller
  /// sends once it has let go of the cache lock.
  private func reloadHoldingCacheLock(reason: KeyValueChange.Reason, alwaysReport: Bool) -> KeyValueChange? {
    var signature = file.signature
    // The same files as last time: the values in memory already are the cache's plus the
    // unsaved changes, so there is nothing to parse.
    if signature.shadow != nil || signature.pending != nil, state.withLock({ $0.cacheSignature == signature }) {
      return alwaysReport ? KeyValueChange(reason: reason, changedKeys: []) : nil
    }
    let cache: KeyValueCache
    do {
      cache = try file.read()
    } catch {
      // Once the damaged file is aside, the other one (the changes still to send, say) is
      // read at once rather than on the next reload.
      guard handleUnreadableCache(error), let again = try? file.read() else { return nil }
      signature = file.signature
      cache = again
    }
    return show(cache, signature: signature, reason: reason, alwaysReport: alwaysReport)
  }

  /// Makes the in-memory values the cache's, with fetched changes not yet written to it
  /// (`fetchedAhead`) and the unsaved changes laid over them; returns the change to report.
  /// `signature` is the files' the cache was read from, or `nil` for a cache not written
  /// yet (the next reload then reads the files, and finds no change if they hold what was
  /// shown).
  func show(
    _ cache: KeyValueCache, signature: KeyValueCacheFile.Signature?, reason: KeyValueChange.Reason,
    alwaysReport: Bool = false
  ) -> KeyValueChange? {
    let changed = state.withLock { state -> [String] in
      if let signature { state.cacheSignature = signature }
      var cache = cache
      if let ahead = state.fetchedAhead { _ = Self.apply(ahead, to: &cache) }
      state.pending = cache.pending.count
      var values = cache.values
      for (key, value) in state.unsaved { values[key] = value }
      var changed: [String] = []
      for (key, value) in values where state.values[key] != value { changed.append(key) }
      for key in state.values.keys where values[key] == nil { changed.append(key) }
      for key in changed { state.assign(values[key], to: key) }
      return changed.sorted()
    }
    return !changed.isEmpty || alwaysReport ? KeyValueChange(reason: reason, changedKeys: changed) : nil
  }

  /// Keeps an unreadable file of the cache (renamed aside, never deleted) and starts that
  /// file afresh. A damaged shadow is downloaded again from the cloud, and the changes
  /// still to be sent are in their own file, so they survive it; a damaged file of pending
  /// changes is named, since what it held can't be sent.
  /// Returns whether the damaged file was moved aside (so the cache can be read again).
  @discardableResult
  private func handleUnreadableCache(_ error: any Error) -> Bool {
    let problem: String
    var movedAside = false
    if let damaged = error as? KeyValueCacheFile.Damaged {
      let isPending = damaged.path == file.pendingPath
      if let aside = try? file.setAside(damaged.path) {
        movedAside = true
        problem =
          isPending
          ? "The changes waiting to be sent could not be read; they were kept as \(aside) and are not sent."
          : "The local copy could not be read; it was kept as \(aside) and is rebuilt from the cloud (changes"
            + " waiting to be sent are kept). Until then the list may be incomplete."
      } else {
        problem = "The local copy at \(damaged.path) could not be read (\(damaged.reason)); it was left untouched."
      }
    } else {
      // Reading failed (too many open files, an I/O error): keep the file, try again later.
      problem = "The local copy at \(file.path) could not be read (\(error)); Cloudy will try again."
    }
    state.withLock { $0.cacheProblem = problem }
    return movedAside
  }
}
