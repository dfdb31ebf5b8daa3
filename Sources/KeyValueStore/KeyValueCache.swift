import Cloud
import Foundation
import PropertyLists

/// The key-value store's local copy, as kept on disk between runs.
///
/// It holds what this device knows of the cloud (`records`: each key's latest value and
/// the cloud's sequence number for it; deleted keys keep their sequence so an older write
/// can't bring them back), the local changes not yet confirmed by the cloud (`pending`),
/// and how far the change history was fetched (`token`). The values the app sees are the
/// records with the pending changes laid over them.
///
/// The records and the token belong to one cloud, named by its identity (`identity`,
/// absent before the first sync): a token is meaningless in any other cloud.
///
/// On disk it is an XML property list:
/// `format` (1), `account`, `cloud`, `identity`, `line` (the cloud's line of history, where it
/// tells one: ``CloudHistory``), `token` (absent before the first download), `records` (key →
/// `sequence` plus `value` or `deleted`), `pending` (key → `value` or `deleted`, and `ifAbsent`
/// for a value uploaded again to a reset cloud or `atMost` for one pushed again after the
/// cloud went back in time).
struct KeyValueCache: Hashable {
  struct Record: Hashable {
    var sequence: Int64
    /// `nil` when the key was deleted.
    var value: PropertyList?
  }

  /// A local change: a new value, or `nil` for a removal.
  struct Pending: Hashable {
    var value: PropertyList?
    /// Sent only if the cloud has no record of the key: a value this device held when it
    /// found its cloud reset, which must not overwrite what another device wrote since.
    var ifAbsent = false
    /// Sent only if the cloud's record of the key is at most this sequence (or absent): a
    /// change pushed again after the cloud went back in time, which must not replace what
    /// was written since.
    var atMost: Int64?

    var condition: CloudWrite.Condition {
      if ifAbsent { return .absent }
      if let atMost { return .atMost(atMost) }
      return .always
    }
  }

  static let format = 1

  /// How many dictionaries enclose a value in the file: the root, `records` or `pending`,
  /// and the key's entry. A value is kept as it reads back from there
  /// (``PropertyList/stored(insideLevels:)``).
  static let valueLevels = 3

  var account: String
  var cloud: String
  var identity: String?
  var line: String?
  var token: Int64?
  var records: [String: Record] = [:]
  var pending: [String: Pending] = [:]

  init(account: String, cloud: String) {
    self.account = account
    self.cloud = cloud
  }

  /// What the app sees: the cloud's values with local changes laid over them.
  var values: [String: PropertyList] {
    var values: [String: PropertyList] = [:]
    values.reserveCapacity(records.count + pending.count)
    for (key, record) in records {
      if let value = record.value { values[key] = value }
    }
    for (key, change) in pending {
      values[key] = change.value
    }
    return values
  }

  /// Makes this cache belong to the cloud `identity`. If it belonged to another one (the
  /// cloud was reset or replaced), what this device holds is queued to be uploaded again,
  /// only where the new cloud has nothing, and the records and token are forgotten, so the
  /// next fetch downloads everything: an initial sync. Returns whether that happened.
  ///
  /// A cache from before clouds had identities (none recorded, a token present) is taken
  /// to belong to the cloud it now syncs with: there is nothing to tell otherwise.
  mutating func adopt(identity new: String) -> Bool {
    guard identity != new else { return false }
    defer { identity = new }
    guard identity != nil else { return false }
    for (key, record) in records where pending[key] == nil {
      guard let value = record.value else { continue }
      pending[key] = Pending(value: value, ifAbsent: true)
    }
    records = [:]
    token = nil
    return true
  }

  /// Follows the cloud's history: if it went back in time since this cache last synced
  /// (``CloudHistory/keptThrough(known:token:)``), what this device holds after the point
  /// the cloud kept is queued to be pushed again (``rewind(keptThrough:)``). Records the
  /// line either way. Returns how many records were queued again (0 when the cloud lost
  /// nothing this device holds, as after a failover to a synchronous standby).
  mutating func follow(_ history: CloudHistory) -> Int {
    defer { if let now = history.line { line = now.description } }
    guard token != nil else { return 0 }
    let known = line.flatMap(CloudLine.init)
    guard let kept = history.keptThrough(known: known, token: token ?? 0) else { return 0 }
    return rewind(keptThrough: kept)
  }

  /// The cloud kept its history only through `kept`: every record here after it (a change
  /// this device pushed, or fetched from another, that the cloud may have lost) is queued
  /// again as this device has it, to be written only where the cloud's record is still at
  /// most `kept` or absent (what was written since wins); a change already queued stays
  /// queued as it is. The records go, so what the cloud wrote since, under sequence numbers
  /// this device may have seen for other changes, is fetched and applied; the token goes
  /// back to `kept`. Returns how many records went.
  @discardableResult
  mutating func rewind(keptThrough kept: Int64) -> Int {
    let after = records.filter { $0.value.sequence > kept }
    for (key, record) in after {
      records[key] = nil
      if pending[key] == nil { pending[key] = Pending(value: record.value, atMost: kept) }
    }
    if let current = token { token = min(current, kept) }
    return after.count
  }

  // MARK: - Property list

  struct Unreadable: Error {
    var reason: String
  }

  init(propertyList: PropertyList) throws {
    guard let root = propertyList.dictionary else { throw Unreadable(reason: "not a dictionary") }
    guard case .integer(let format) = root["format"], format == Self.format else {
      throw Unreadable(reason: "an unknown format")
    }
    account = root["account"]?.string ?? ""
    cloud = root["cloud"]?.string ?? ""
    identity = root["identity"]?.string
    line = root["line"]?.string
    if case .integer(let token) = root["token"] { self.token = Int64(token) }
    for (key, entry) in root["records"]?.dictionary ?? [:] {
      guard let entry = entry.dictionary, case .integer(let sequence) = entry["sequence"] else {
        throw Unreadable(reason: "a damaged record")
      }
      records[key] = Record(sequence: Int64(sequence), value: entry["value"])
    }
    for (key, entry) in root["pending"]?.dictionary ?? [:] {
      guard let entry = entry.dictionary else { throw Unreadable(reason: "a damaged change") }
      var atMost: Int64?
      if case .integer(let sequence) = entry["atMost"] { atMost = Int64(sequence) }
      pending[key] = Pending(value: entry["value"], ifAbsent: entry["ifAbsent"] == .bool(true), atMost: atMost)
    }
  }

  var propertyList: PropertyList {
    var root: [String: PropertyList] = [
      "format": .integer(Self.format), "account": .string(account), "cloud": .string(cloud),
    ]
    if let identity { root["identity"] = .string(identity) }
    if let line { root["line"] = .string(line) }
    if let token { root["token"] = .integer(Int(token)) }
    root["records"] = .dictionary(
      records.mapValues { record in
        var entry: [String: PropertyList] = ["sequence": .integer(Int(record.sequence))]
        entry[record.value == nil ? "deleted" : "value"] = record.value ?? .bool(true)
        return .dictionary(entry)
      })
    root["pending"] = .dictionary(
      pending.mapValues { change in
        var entry: [String: PropertyList] = change.value.map { ["value": $0] } ?? ["deleted": .bool(true)]
        if change.ifAbsent { entry["ifAbsent"] = .bool(true) }
        if let atMost = change.atMost { entry["atMost"] = .integer(Int(atMost)) }
        return .dictionary(entry)
      })
    return .dictionary(root)
  }
}
