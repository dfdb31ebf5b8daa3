/// Deletes fetched from the cloud that a synced store holds back because they take too many
/// bookmarks at once (more than a fifth and at least 50): none of them is applied on this
/// device until the user chooses (the rest of the change is).
public struct HeldDeletes: Hashable, Sendable {
  /// How many bookmarks the change deletes.
  public var count: Int
  /// How many bookmarks there are here.
  public var total: Int
  /// What the deletes are, in the store's own terms (keys or file names): a choice settles
  /// exactly these, and is refused if what is held changed since it was shown.
  public var items: Set<String>
  /// How many of them the deleting device put in Recently Deleted (their copies came with
  /// the change): what deleting them here too keeps there. Deletes without copies (a device
  /// that took an import back, files deleted by hand) leave nothing there.
  public var inRecentlyDeleted: Int

  public init(count: Int, total: Int, items: Set<String> = [], inRecentlyDeleted: Int = 0) {
    self.count = count
    self.total = total
    self.items = items
    self.inRecentlyDeleted = inRecentlyDeleted
  }

  /// The sentence the bottom line and the command line show until it is settled.
  public var sentence: String {
    "Another device deleted \(count) of \(total) bookmarks at once; that is held back here until you choose"
      + " (`cloudy sync --apply-deletes` or `--keep-deleted`, or D in the app)."
  }
}
