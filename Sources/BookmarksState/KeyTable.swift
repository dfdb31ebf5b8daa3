/// A room's key table: each line names the keys of one of its commands and what the help says
/// of them.
///
/// A room's key handler asks its table for the command of a key and switches over the command
/// with no `default`, so a key acts only where its room's table lists it. The help overlay
/// draws the same lines (``help``), so it cannot drift from what the keys do. The list screen's
/// table is ``KeyBindings/list``, which has the same shape.
public struct KeyTable<Command: Hashable & Sendable>: Hashable, Sendable {
  public struct Entry: Hashable, Sendable {
    public var keys: [Key]
    /// How the keys (or the syntax) are written in the help, e.g. `Enter r`.
    public var label: String
    public var summary: String
    /// What the keys do; nil for a line the help shows of what is typed rather than pressed
    /// (the filter's syntax, the mouse).
    public var command: Command?

    public init(_ keys: [Key], _ label: String, _ summary: String, _ command: Command?) {
      self.keys = keys
      self.label = label
      self.summary = summary
      self.command = command
    }

    /// Keys the line above describes too, with a command of their own: `Esc` in
    /// "Enter Esc: Save; cancel". The help draws no line for it.
    public static func alongside(_ keys: [Key], _ command: Command) -> Entry { Entry(keys, "", "", command) }
  }

  public var entries: [Entry]

  public init(_ entries: [Entry]) { self.entries = entries }

  /// The command a key runs in this room, if the table lists the key.
  public func command(for key: Key) -> Command? {
    entries.first { $0.keys.contains(key) }?.command
  }

  /// Every key the table lists.
  public var keys: Set<Key> { Set(entries.flatMap(\.keys)) }

  /// The table's lines as the help overlay draws them.
  public var help: [ScreenKey] {
    var lines: [ScreenKey] = []
    for entry in entries {
      if entry.label.isEmpty, !lines.isEmpty {
        lines[lines.count - 1].keys += entry.keys
      } else {
        lines.append(ScreenKey(entry.keys, entry.label, entry.summary))
      }
    }
    return lines
  }
}
