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
/// `format` (1), `account`, `cloud`, `identity`, `token` (absent before the first download),
/// `records` (key → `sequence` plus `value` or `deleted`), `pending` (key → `value` or
/// `deleted`, and `ifAbsent` for a value uploaded again to a reset cloud).
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
  }

  static let format = 1

  /// How many dictionaries enclose a value in the file: the root, `records` or `pending`,
  /// and the key's entry. A value is kept as it reads back from there
  /// (``PropertyList/stored(insideLevels:)``).
  static let valueLevels = 3

  var account: String
  var cloud: String
  var identity: String?
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
    if case .integer(let token) = root["token"] { self.token = Int64(token) }
    for (key, entry) in root["records"]?.dictionary ?? [:] {
      guard let entry = entry.dictionary, case .integer(let sequence) = entry["sequence"] else {
        throw Unreadable(reason: "a damaged record")
      }
      records[key] = Record(sequence: Int64(sequence), value: entry["value"])
    }
    for (key, entry) in root["pending"]?.dictionary ?? [:] {
      guard let entry = entry.dictionary else { throw Unreadable(reason: "a damaged change") }
      pending[key] = Pending(value: entry["value"], ifAbsent: entry["ifAbsent"] == .bool(true))
    }
  }

  var propertyList: PropertyList {
    var root: [String: PropertyList] = [
      "format": .integer(Self.format), "account": .string(account), "cloud": .string(cloud),
    ]
    if let identity { root["identity"] = .string(identity) }
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
        return .dictionary(entry)
      })
    return .dictionary(root)
  }
}
