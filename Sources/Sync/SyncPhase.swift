/// Where a synced store stands with its cloud, as the bottom line says it.
public enum SyncPhase: Hashable, Sendable {
  /// The last push and fetch succeeded (a store with changes still queued says `syncing`).
  case synced
  /// Not synced yet since the store opened, and no failure so far.
  case syncing
  /// Working from the local copy: `--offline`, or the cloud can't be reached (the engine's
  /// ``SyncStateMachine/problem`` says why).
  case offline
}
