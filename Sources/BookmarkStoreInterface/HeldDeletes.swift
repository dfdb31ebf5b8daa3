/// Deletes fetched from the cloud that a synced store holds back because they take too many
/// bookmarks at once (more than a fifth and at least 50): nothing of them is applied on this
/// device until the user chooses.
public struct HeldDeletes: Hashable, Sendable {
  /// How many bookmarks the change deletes.
  public var count: Int
  /// How many bookmarks there are here.
  public var total: Int

  public init(count: Int, total: Int) {
    self.count = count
    self.total = total
  }

  /// The sentence the bottom line and the command line show until it is settled.
  public var sentence: String {
    "Another device deleted \(count) of \(total) bookmarks at once; that is held back here until you choose"
      + " (`cloudy sync --apply-deletes` or `--keep-deleted`, or D in the app)."
  }
}
