import Shelf

extension ShelfAccess {
  /// What this account's new role on the shelf means for it, in one sentence.
  package var changedRoleMessage: StatusMessage {
    switch role {
    case .owner?: StatusMessage("You are now an owner of the team shelf.")
    case .editor?: StatusMessage("You can now add, edit and remove bookmarks on the team shelf.")
    case .reader?: StatusMessage("You can now only read the team shelf.")
    case nil: StatusMessage("Your role on the team shelf was taken away; it is world-readable, so you still read it.")
    }
  }
}
