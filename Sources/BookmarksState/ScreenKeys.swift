/// One line of the help: the keys it names (none for filter syntax, which is typed rather than
/// pressed), how they are written and what they do. Each room's ``KeyTable`` gives its lines
/// (``KeyTable/help``); the help overlay lists every line of every table.
public struct ScreenKey: Hashable, Sendable {
  public var keys: [Key]
  /// How the keys (or the syntax) are written in the help, e.g. `Enter r`.
  public var label: String
  public var summary: String

  public init(_ keys: [Key], _ label: String, _ summary: String) {
    self.keys = keys
    self.label = label
    self.summary = summary
  }
}

extension KeyBindings {
  /// What the mouse does.
  public static let mouse: [ScreenKey] = [ScreenKey([], "Click Wheel", "Select/open; scroll")]

  /// Every room's table but the list's, each under the heading the help gives it.
  public static let screens: [(heading: String, keys: [ScreenKey])] = [
    ("In the dialog", dialog.help), ("In the filter", filter.help), ("In Resolve", resolve.help),
    ("In Recently Deleted", recentlyDeleted.help), ("On the team shelf", shelf.help), ("In the reader", reader.help),
    ("Mouse", mouse),
  ]
}
