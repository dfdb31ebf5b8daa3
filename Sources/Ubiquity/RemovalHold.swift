import Synchronization

/// Holds back the removals of a fetched change that would remove many of a zone's items at
/// once (a device wiped, a script gone wrong): more than `fraction` of them and at least
/// `minimum`. The rest of the change is applied, but the zone's token stays, so every fetch
/// finds the removals again and holds them again, until ``letThrough(approving:)`` lets a
/// fetch whose removals are among the approved ones apply them.
public final class RemovalHold: Sendable {
  /// Which items count, and how many removed at once is too many.
  public struct Rule: Sendable {
    public var counts: @Sendable (String) -> Bool
    public var fraction: Double
    public var minimum: Int

    public init(fraction: Double = 0.2, minimum: Int = 50, counting counts: @escaping @Sendable (String) -> Bool) {
      self.counts = counts
      self.fraction = fraction
      self.minimum = minimum
    }

    public func holds(removing: Int, of present: Int) -> Bool {
      removing >= minimum && Double(removing) > fraction * Double(present)
    }
  }

  /// A change held back: the items it removes (their keys or file names), how many items
  /// there are here, and what else the change writes (a deleting device's copies of them).
  public struct Held: Hashable, Sendable {
    public var keys: [String]
    public var present: Int
    public var written: Set<String>

    public init(keys: [String], present: Int, written: Set<String> = []) {
      self.keys = keys
      self.present = present
      self.written = written
    }
  }

  private struct State {
    var rule: Rule?
    var held: Held?
    var approved: Set<String>?
    var appliedAround: Int64?
  }

  private let state = Mutex(State())

  public init() {}

  /// Starts (or, with nil, stops) holding changes by `rule`.
  public func setRule(_ rule: Rule?) {
    state.withLock { $0.rule = rule }
  }

  /// The change held back now, if any.
  public var held: Held? { state.withLock { $0.held } }

  /// Lets a fetch apply these removals (what ``held`` listed when the user chose), and no
  /// others: a fetch that removes more than was approved is held again. The zone syncs to
  /// apply them.
  public func letThrough(approving keys: [String]) {
    state.withLock { $0.approved = Set(keys) }
  }

  /// The end of the last change whose other parts a zone applied around the removals it
  /// held (nil once a fetch applies everything).
  var appliedAround: Int64? {
    get { state.withLock { $0.appliedAround } }
    set { state.withLock { $0.appliedAround = newValue } }
  }

  /// True from ``letThrough(approving:)`` until a fetch applied the approved removals.
  public var isLettingThrough: Bool { state.withLock { $0.approved != nil } }

  /// What a fetch asks before applying: `removing` are the items it would remove that are
  /// here, `writing` what else it writes, `present` counts the items here (asked only when
  /// there are enough removals to matter). Returns the removals to hold back (empty: apply
  /// everything); remembers them, and forgets what was held before.
  func holds(removing: [String], writing: Set<String>, present: () throws -> Int) rethrows -> Set<String> {
    let (rule, approved, previous) = state.withLock { ($0.rule, $0.approved, $0.held) }
    guard let rule else { return [] }
    let unapproved = removing.filter { rule.counts($0) && !(approved?.contains($0) ?? false) }
    // Held once, held until approved or gone from what the change removes here (edited here
    // meanwhile, say): numbers that move (edits here, bookmarks arriving) must not let
    // them through unasked.
    let before = Set(previous?.keys ?? [])
    var keys = unapproved.filter { before.contains($0) }
    var total = previous?.present ?? 0
    if unapproved.count >= rule.minimum {
      total = try present()
      if rule.holds(removing: unapproved.count, of: total) { keys = unapproved }
    }
    let held = keys.isEmpty ? nil : Held(keys: keys.sorted(), present: total, written: writing)
    state.withLock { $0.held = held }
    return Set(keys)
  }

  /// Takes back an approval the cloud could not act on: what it approved is held again.
  public func withdraw() {
    state.withLock { $0.approved = nil }
  }

  /// A fetch applied every removal it had: the next one is held by the rule again.
  func applied() {
    state.withLock { state in
      state.approved = nil
      state.held = nil
      state.appliedAround = nil
    }
  }

  /// Counts items by the rule (all of them without one).
  func counts(_ key: String) -> Bool {
    state.withLock { $0.rule }?.counts(key) ?? true
  }
}
