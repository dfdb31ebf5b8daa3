/// What one synced store does in a sync step; the ``SyncEngine`` decides when.
///
/// The key-value store and the document container are the two zones. Each knows its own
/// data (a queue of changed keys, pending documents with change tags); neither knows about
/// retries, back-off, overlapping wake-ups or status: that is the engine's.
public protocol SyncZone: AnyObject, Sendable {
  /// Makes sure the local copy belongs to this cloud (a reset cloud is synced as for the
  /// first time), then sends every queued change.
  func push() async throws
  /// Fetches every change since the zone's token and applies it.
  func fetch() async throws
  /// Re-reads the local copy, which another session on this device may have changed: what
  /// an offline store does instead of syncing, and what a store does after a failed step.
  func refreshLocal() async
  /// The engine's phase changed: the zone records it and tells its subscribers.
  func syncPhaseChanged(_ phase: SyncPhase, problem: String?)
}
