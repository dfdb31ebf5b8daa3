/// Where a cloud's change history stands: what a device checks before it pushes, to tell
/// whether the cloud went back in time since it last synced (issue 42.2).
///
/// A replicated PostgreSQL that fails over to an asynchronous standby loses the last
/// transactions the old primary committed: changes a device was told were stored, and their
/// sequence numbers, which the new primary hands out again to other changes. The server's
/// history then continues on a new line (``CloudLine``: its system identifier and timeline),
/// and the first write of each account on it records a ``CloudBreak``: the last sequence the
/// new line kept. ``keptThrough(known:token:)`` says, from these facts alone, up to which
/// sequence what a device saw is sure to still be there; the device pushes again, from its
/// own copy, everything it holds after that point.
public struct CloudHistory: Hashable, Sendable {
  /// The server's line now; `nil` when the cloud does not tell (SQLite, a standby, a server
  /// that hides its control data).
  public var line: CloudLine?
  /// The account's breaks, each recorded by the first write on a new line.
  public var breaks: [CloudBreak]
  /// The account's last sequence now; `nil` when the cloud does not tell.
  public var lastSequence: Int64?

  public init(line: CloudLine?, breaks: [CloudBreak] = [], lastSequence: Int64?) {
    self.line = line
    self.breaks = breaks
    self.lastSequence = lastSequence
  }

  /// A cloud that tells nothing: nothing is ever found rewound.
  public static let untold = CloudHistory(line: nil, lastSequence: nil)

  /// For a device that last synced on the line `known` and fetched through `token`: `nil`
  /// when nothing it saw can be gone; else the last sequence sure to be what it saw (later
  /// ones may be gone, and their numbers reused).
  ///
  /// - The line changed (the same server's later timeline, or another server's history):
  ///   the earliest break recorded after `known`; with none, the account was not written since
  ///   the change, so its last sequence is where the new line took over.
  /// - A line the device knows to be older than its own (a standby behind it) tells nothing.
  /// - Otherwise, the account's last sequence below `token` (the sequence went backwards,
  ///   which is all a cloud that tells no line can show).
  public func keptThrough(known: CloudLine?, token: Int64) -> Int64? {
    if let line, let known, line != known {
      if line.system == known.system, line.timeline < known.timeline { return nil }
      let after = breaks.filter { $0.line.system != known.system || $0.line.timeline > known.timeline }
      if let earliest = after.map(\.keptThrough).min() { return earliest }
      if let lastSequence { return lastSequence }
      return 0
    }
    if let lastSequence, lastSequence < token { return lastSequence }
    return nil
  }
}

/// One line of a server's history: a PostgreSQL cluster (its system identifier) and the
/// timeline it writes on, which each promotion of a standby moves on by one. Written
/// `system:timeline` where it is stored.
public struct CloudLine: Hashable, Sendable, CustomStringConvertible {
  public var system: String
  public var timeline: Int64

  public init(system: String, timeline: Int64) {
    self.system = system
    self.timeline = timeline
  }

  /// Reads `system:timeline`; `nil` for anything else.
  public init?(_ text: String) {
    guard let colon = text.lastIndex(of: ":"), let timeline = Int64(text[text.index(after: colon)...]),
      colon != text.startIndex
    else { return nil }
    self.init(system: String(text[..<colon]), timeline: timeline)
  }

  public var description: String { "\(system):\(timeline)" }
}

/// The first write of an account on a new line: the line, and the account's last sequence
/// then (what the line kept of the history before it).
public struct CloudBreak: Hashable, Sendable {
  public var line: CloudLine
  public var keptThrough: Int64

  public init(line: CloudLine, keptThrough: Int64) {
    self.line = line
    self.keptThrough = keptThrough
  }
}
