/// A snapshot with a stamp that names exactly what it was made from (an index's identity and
/// generation, a file's signature), so that a later start can tell, without reading the
/// store, whether the store still holds just that: the opening frame (issue 39) is drawn only
/// then.
public struct StampedSnapshot: Sendable {
  public var stamp: String
  public var snapshot: StoreSnapshot

  public init(stamp: String, snapshot: StoreSnapshot) {
    self.stamp = stamp
    self.snapshot = snapshot
  }
}
