import BookmarkModel
import BookmarkStoreInterface
import Dispatch
import Foundation
import KeyValueStore
import PropertyLists
import Synchronization

/// The place in the list, kept in the account's key-value store under one key, `place`:
/// `{folder, flat, selected, sort, filter}`, at most 1 KB (counted against the store's quota
/// like any key; a place that would not fit, or a full store, is simply not written).
///
/// Writes are coalesced: the first goes out at once, then at most one a second (``interval``),
/// each carrying the newest place; ``flush()`` writes what is waiting when the list closes.
public final class KeyValuePlace: PlaceFollowing {
  public static let key = "place"
  public static let maximumBytes = 1024

  public let keyValueStore: UbiquitousKeyValueStore
  private let interval: DispatchTimeInterval
  private let queue = DispatchQueue(label: "cloudy.place")
  private let state = Mutex(State())

  private struct State {
    var waiting: ReadingPlace?
    var lastWrite: DispatchTime?
    var isScheduled = false
    /// How many places were written, for tests of the coalescing.
    var writes = 0
  }

  /// A place kept in `keyValueStore`, which must be started (a key-value bookmark store
  /// starts its own; `start: true` starts one opened for the place alone).
  public init(keyValueStore: UbiquitousKeyValueStore, interval: DispatchTimeInterval = .seconds(1), start: Bool = false)
  {
    self.keyValueStore = keyValueStore
    self.interval = interval
    if start { keyValueStore.start() }
  }

  /// How many places were written to the store so far.
  public var writes: Int { state.withLock { $0.writes } }

  public func load() async -> ReadingPlace? {
    await keyValueStore.syncNow()
    return current()
  }

  /// The place the store holds now, without asking the cloud.
  public func current() -> ReadingPlace? {
    keyValueStore.object(forKey: Self.key).flatMap(Self.place(from:))
  }

  public func save(_ place: ReadingPlace) {
    queue.async { [self] in
      let due: DispatchTime? = state.withLock { state in
        state.waiting = place
        guard !state.isScheduled else { return nil }
        guard let last = state.lastWrite, DispatchTime.now() < last + interval else { return .now() }
        state.isScheduled = true
        return last + interval
      }
      guard let due else { return }
      if due <= .now() {
        writeWaiting()
      } else {
        queue.asyncAfter(deadline: due) { [self] in
          state.withLock { $0.isScheduled = false }
          writeWaiting()
        }
      }
    }
  }

  /// Writes the place waiting, if any; sends the store's queued changes unless it already
  /// knows the cloud can't be reached (quitting never waits for a cloud that is down: the
  /// place is kept in the local copy and sent next time).
  public func flush() async {
    queue.sync { writeWaiting() }
    let status = keyValueStore.status
    guard status.pending > 0, status.state != .offline else { return }
    await keyValueStore.syncNow()
  }

  /// On the queue: writes the place waiting, if any and if the store doesn't hold it already.
  private func writeWaiting() {
    guard
      let place = state.withLock({ state -> ReadingPlace? in
        defer { state.waiting = nil }
        return state.waiting
      })
    else { return }
    state.withLock { $0.lastWrite = .now() }
    guard current() != place, let value = Self.value(for: place) else { return }
    do {
      try keyValueStore.setValues([Self.key: value])
      try keyValueStore.save()
      state.withLock { $0.writes += 1 }
    } catch {
      // Best effort: a full store or a failed cache write leaves the last place as it was.
      keyValueStore.discardUnsaved([Self.key])
    }
  }

  // MARK: - Encoding

  /// The place as the store keeps it, within ``maximumBytes``: a long filter is left out
  /// first, then the selection; nil if even the folder alone does not fit.
  static func value(for place: ReadingPlace) -> PropertyList? {
    var candidates = [place]
    var smaller = place
    smaller.filter = nil
    candidates.append(smaller)
    smaller.selected = nil
    candidates.append(smaller)
    for candidate in candidates {
      let value = encode(candidate)
      if KeyValueLimits.entrySize(key: key, value: value) <= maximumBytes { return value }
    }
    return nil
  }

  private static func encode(_ place: ReadingPlace) -> PropertyList {
    var entries: [String: PropertyList] = [:]
    if let folder = place.folder {
      entries["folder"] = .array(folder.map(PropertyList.string))
    } else {
      entries["flat"] = .bool(true)
    }
    if let selected = place.selected { entries["selected"] = .string(selected) }
    if let sort = place.sort { entries["sort"] = .string(sort) }
    if let filter = place.filter, !filter.isEmpty { entries["filter"] = .string(filter) }
    return .dictionary(entries)
  }

  /// A place read back; anything malformed (from another version, or damaged) reads as the
  /// top level, and a folder name that breaks the folder rules as no place at all.
  static func place(from value: PropertyList) -> ReadingPlace? {
    guard let entries = value.dictionary else { return nil }
    var folder: [String]? = entries["folder"]?.array?.compactMap(\.string) ?? []
    if case .bool(true) = entries["flat"] { folder = nil }
    if let folder, BookmarkOrganisation.problem(folder: folder) != nil { return nil }
    return ReadingPlace(
      folder: folder, selected: entries["selected"]?.string, sort: entries["sort"]?.string,
      filter: entries["filter"]?.string)
  }
}
