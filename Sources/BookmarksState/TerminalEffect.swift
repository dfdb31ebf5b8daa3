/// Work that needs the terminal, done between frames on the UI thread.
public enum TerminalEffect: Hashable, Sendable {
  /// Open a web URL in the user's browser (the view model lets only http and https through).
  case openURL(String)
  /// Put a URL on the user's clipboard.
  case copyURL(String)
  /// Ctrl-Z: give the terminal back to the shell until `fg`, then redraw everything.
  case suspend
}
