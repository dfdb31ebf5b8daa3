import Synchronization

/// Holds back a fetched change that would remove many of a zone's items at once (a device
/// wiped, a script gone wrong): more than `fraction` of them and at least `minimum`. The
/// change is neither applied nor passed (the zone's token stays), every fetch finds it again
/// and holds it again, until ``letThrough()`` lets the next fetch apply it.
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

  /// A change held back: the items it removes (their keys or file names), and how many
  /// items there are here.
  public struct Held: Hashable, Sendable {
    public var keys: [String]
    public var present: Int

    public init(keys: [String], present: Int) {
      self.keys = keys
      self.present = present
    }
  }

  private struct State {
    var rule: Rule?
    var held: Held?
    var lettingThrough = false
  }

  private let state = Mutex(State())

  public init() {}

  /// Starts (or, with nil, stops) holding changes by `rule`.
  public func setRule(_ rule: Rule?) {
    state.withLock { $0.rule = rule }
  }

  /// The change held back now, if any.
  public var held: Held? { state.withLock { $0.held } }

  /// Lets the next fetch apply what it holds; the zone syncs to do it.
  public func letThrough() {
    state.withLock { state in
      state.lettingThrough = true
    }
  }

  /// What a fetch asks before applying: `removing` are the items it would remove that are
  /// here, `present` counts the items here (asked only when there are enough removals to
  /// matter). Returns whether to hold the change; remembers it if so, and forgets what was
  /// held if not.
  func holds(removing: [String], present: () throws -> Int) rethrows -> Bool {
    let (rule, lettingThrough) = state.withLock { ($0.rule, $0.lettingThrough) }
    guard let rule, !lettingThrough else {
      state.withLock { $0.held = nil }
      return false
    }
    let counted = removing.filter(rule.counts)
    var held: Held?
    if counted.count >= rule.minimum {
      let total = try present()
      if rule.holds(removing: counted.count, of: total) { held = Held(keys: counted, present: total) }
    }
    state.withLock { $0.held = held }
    return held != nil
  }

  /// A fetch applied its change: the next one is held by the rule again.
  func applied() {
    state.withLock { state in
      state.lettingThrough = false
      state.held = nil
    }
  }

  /// Counts items by the rule (all of them without one).
  func counts(_ key: String) -> Bool {
    state.withLock { $0.rule }?.counts(key) ?? true
  }
}
