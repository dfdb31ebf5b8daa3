import BookmarkModel
import Foundation

/// The key-value store's local copy, as kept on disk between runs.
///
/// It holds what this device knows of the cloud (`records`: each key's latest value and
/// the cloud's sequence number for it; deleted keys keep their sequence so an older write
/// can't bring them back), the local changes not yet confirmed by the cloud (`pending`),
/// and how far the change history was fetched (`token`). The values the app sees are the
/// records with the pending changes laid over them.
///
/// On disk it is an XML property list:
/// `format` (1), `account`, `cloud`, `token` (absent before the first download),
/// `records` (key → `sequence` plus `value` or `deleted`), `pending` (key → `value` or
/// `deleted`).
struct KeyValueCache: Hashable {
  struct Record: Hashable {
    var sequence: Int64
    /// `nil` when the key was deleted.
    var value: PropertyList?
  }

  /// A local change: a new value, or `nil` for a removal.
  struct Pending: Hashable {
    var value: PropertyList?
  }

  static let format = 1

  var account: String
  var cloud: String
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
    if case .integer(let token) = root["token"] { self.token = Int64(token) }
    for (key, entry) in root["records"]?.dictionary ?? [:] {
      guard let entry = entry.dictionary, case .integer(let sequence) = entry["sequence"] else {
        throw Unreadable(reason: "a damaged record")
      }
      records[key] = Record(sequence: Int64(sequence), value: entry["value"])
    }
    for (key, entry) in root["pending"]?.dictionary ?? [:] {
      guard let entry = entry.dictionary else { throw Unreadable(reason: "a damaged change") }
      pending[key] = Pending(value: entry["value"])
    }
  }

  var propertyList: PropertyList {
    var root: [String: PropertyList] = [
      "format": .integer(Self.format), "account": .string(account), "cloud": .string(cloud),
    ]
    if let token { root["token"] = .integer(Int(token)) }
    root["records"] = .dictionary(
      records.mapValues { record in
        var entry: [String: PropertyList] = ["sequence": .integer(Int(record.sequence))]
        entry[record.value == nil ? "deleted" : "value"] = record.value ?? .bool(true)
        return .dictionary(entry)
      })
    root["pending"] = .dictionary(
      pending.mapValues { change in
        .dictionary(change.value.map { ["value": $0] } ?? ["deleted": .bool(true)])
      })
    return .dictionary(root)
  }
}
