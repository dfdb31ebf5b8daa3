import Shelf

extension ShelfTab {
  /// Why this account can't change the shelf now, if it can't.
  package var writeRefusal: String? {
    if let stale { return stale + " The shelf is read-only until it can be reached." }
    guard let access else { return "The team shelf hasn't answered yet." }
    if access.canWrite { return nil }
    if access.canRead { return ShelfError.readOnly.description }
    return access.hasOwner ? ShelfError.notReadable.description : ShelfError.noOwner.description
  }
}
