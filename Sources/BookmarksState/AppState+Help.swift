extension AppState {
  /// Opens the help; in a room, with the room's table first, and closing it puts back what
  /// was open there.
  package mutating func openHelp(in room: HelpRoom?) {
    helpRoom = room
    helpOver = room == nil ? nil : modal
    modal = .help(scroll: 0)
  }

  /// Closes the help, back to where it was opened.
  package mutating func closeHelp() {
    modal = helpOver
    helpOver = nil
    helpRoom = nil
  }
}
