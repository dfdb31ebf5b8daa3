import Cloud
import Foundation
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

  /// A record a fetch in this process brought: who wrote it, its sequence, and when it came.
  private struct Arrival {
    var origin: String
    var sequence: Int64
    var time: Date
  }

  private struct State {
    var rule: Rule?
    var held: Held?
    var approved: Set<String>?
    var appliedAround: Int64?
    /// The cloud's sequence when this process first fetched: records after it were written
    /// while this process was following the zone.
    var followingSince: Int64?
    var arrivals: [String: Arrival] = [:]
    var arrivalsPrunedAt = 0
  }

  /// How long a device may take back what it just wrote without another device asking
  /// about it (an undone import).
  public static let takingBackWindow: TimeInterval = 3600

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
  package var appliedAround: Int64? {
    get { state.withLock { $0.appliedAround } }
    set { state.withLock { $0.appliedAround = newValue } }
  }

  /// True from ``letThrough(approving:)`` until a fetch applied the approved removals.
  public var isLettingThrough: Bool { state.withLock { $0.approved != nil } }

  /// What a fetch asks before applying: `removing` are the items it would remove that are
  /// here, `writing` what else it writes, `present` counts the items here (asked only when
  /// there are enough removals to matter). Returns the removals to hold back (empty: apply
  /// everything); remembers them, and forgets what was held before.
  package func holds(removing: [String], writing: Set<String>, present: () throws -> Int) rethrows -> Set<String> {
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

  /// A fetch read the zone through `sequence`; the first one in this process marks where
  /// following it began.
  package func follows(through sequence: Int64) {
    state.withLock { state in
      if state.followingSince == nil { state.followingSince = sequence }
    }
  }

  /// A fetch applied these records: those written since this process began following the
  /// zone are remembered (a removal forgets its key), so that a device taking them back
  /// soon after is not held (``takesBack(_:base:at:)``).
  package func arrived(_ records: some Sequence<CloudRecord>, at time: Date) {
    state.withLock { state in
      guard let since = state.followingSince else { return }
      for record in records where record.sequence > since {
        state.arrivals[record.key] =
          record.value == nil ? nil : Arrival(origin: record.origin, sequence: record.sequence, time: time)
      }
      // The expired go when there are twice as many as after the last pruning.
      if state.arrivals.count > max(1_000, 2 * state.arrivalsPrunedAt) {
        state.arrivals = state.arrivals.filter { time.timeIntervalSince($0.value.time) <= Self.takingBackWindow }
        state.arrivalsPrunedAt = state.arrivals.count
      }
    }
  }

  /// Whether `removal` takes back a record its own device wrote while this process was
  /// following the zone, within the last hour, that is still what is here (`base`, the
  /// sequence of the record here): an undone import, say. Such removals are not held: the
  /// guard is for the loss of what this device had, not for another device changing its
  /// mind about what it just sent.
  package func takesBack(_ removal: CloudRecord, base: Int64?, at time: Date) -> Bool {
    state.withLock { state in
      guard let arrival = state.arrivals[removal.key] else { return false }
      return arrival.origin == removal.origin && arrival.sequence == base
        && time.timeIntervalSince(arrival.time) <= Self.takingBackWindow
    }
  }

  /// Takes back an approval the cloud could not act on: what it approved is held again.
  public func withdraw() {
    state.withLock { $0.approved = nil }
  }

  /// A fetch applied every removal it had: the next one is held by the rule again.
  package func applied() {
    state.withLock { state in
      state.approved = nil
      state.held = nil
      state.appliedAround = nil
    }
  }

  /// Counts items by the rule (all of them without one).
  package func counts(_ key: String) -> Bool {
    state.withLock { $0.rule }?.counts(key) ?? true
  }
}
