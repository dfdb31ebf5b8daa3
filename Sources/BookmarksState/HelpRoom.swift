/// A room whose key table the help puts first when it is opened there (`?` or F1 in
/// Recently Deleted, Resolve, the reader or on the shelf); closing the help goes back to it.
public enum HelpRoom: Hashable, Sendable {
  case resolve, recentlyDeleted, shelf, reader

  /// The heading of its table in the help (``KeyBindings/screens``).
  public var heading: String {
    switch self {
    case .resolve: "In Resolve"
    case .recentlyDeleted: "In Recently Deleted"
    case .shelf: "On the team shelf"
    case .reader: "In the reader"
    }
  }
}
