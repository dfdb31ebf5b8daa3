import BookmarkStoreInterface

/// Which of the store's snapshots the screen shows, so that a save from the dialog changes the
/// screen once, from its answer (the bookmark stored and the store's snapshot after the write):
/// - a snapshot no newer than the one shown (its echo, or older news crossing the answer)
///   is not shown;
/// - while a save is in flight, the newest snapshot waits for the answer, which shows the newer
///   of the two.
public struct SnapshotGate: Hashable, Sendable {
  /// The ``StoreSnapshot/generation`` of the snapshot shown.
  public private(set) var shown: UInt64 = 0
  public private(set) var saveInFlight = false
  private var held: StoreSnapshot?

  public init() {}

  /// The dialog sent its save to the store.
  public mutating func saveSent() {
    saveInFlight = true
  }

  /// The snapshot of a change event to show now, or nil: it is older than the one shown, or it
  /// waits for the save's answer.
  public mutating func admit(_ snapshot: StoreSnapshot) -> StoreSnapshot? {
    guard snapshot.generation > shown else { return nil }
    if saveInFlight {
      if snapshot.isNewer(than: held) { held = snapshot }
      return nil
    }
    shown = snapshot.generation
    return snapshot
  }

  /// The save's answer came with the store's `snapshot`: the newest to show now of it and the
  /// one that waited, if newer than the one shown.
  public mutating func saveAnswered(with snapshot: StoreSnapshot?) -> StoreSnapshot? {
    saveInFlight = false
    var newest = snapshot
    if let held, held.isNewer(than: newest) { newest = held }
    held = nil
    return newest.flatMap { admit($0) }
  }
}
