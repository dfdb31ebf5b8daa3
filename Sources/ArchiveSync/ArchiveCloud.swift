import Archives
import Cloud
import Foundation

/// Kept pages in the cloud, as CloudKit keeps assets: a file's bytes apart from the record
/// that refers to them, sent once, fetched only when a device asks for them.
///
/// - The **archives** zone has one record per archived bookmark (its id as the key): the
///   bookmark's versions (``CloudArchive``), newest first, at most 3.
/// - The **assets** zone has each asset's bytes in chunks of ``chunkBytes`` (`<sha256>/0`,
///   `<sha256>/1`, …), all of one asset written in one transaction, so chunk 0 being there
///   means every chunk is; and the account's `usage`, the bytes its assets take.
///
/// An asset goes up before the record that names it, so a device never reads a version
/// whose bytes are not there yet. Records are the cloud's ordinary records: both clouds keep
/// them, with their limits and isolation, and no zone of a store is touched.
public struct ArchiveCloud: Sendable {
  public static let archives = CloudZone(rawValue: "archives")
  public static let assets = CloudZone(rawValue: "assets")
  /// A chunk: a 2 MB page is 8 rows, not one.
  public static let chunkBytes = 256 << 10
  /// The account's space for kept pages unless told otherwise: 1 GB.
  public static let defaultQuota = 1 << 30
  static let usageKey = "usage"
  /// How often a write that met another device's is tried again.
  static let attempts = 20

  public let cloud: any CloudService
  /// This device, as the cloud's records name their writer.
  public let origin: String
  public let quota: Int

  public init(cloud: any CloudService, origin: String, quota: Int = ArchiveCloud.defaultQuota) {
    self.cloud = cloud
    self.origin = origin
    self.quota = quota
  }

  /// What sending a version did.
  public enum Sent: Hashable, Sendable {
    /// The asset's bytes went up, this many.
    case uploaded(bytes: Int)
    /// The cloud had the asset already (another bookmark of the page, another device).
    case present
  }

  /// Sends the asset (unless the cloud has it), then adds `version` to its bookmark's list.
  /// Refuses, writing nothing, when the asset would pass the quota.
  public func send(_ bytes: [UInt8], as version: ArchiveVersion) async throws -> Sent {
    let sent = try await sendAsset(bytes, hash: version.hash)
    try await update(version.bookmarkID) { CloudArchive.merged($0, [CloudArchive(version, bytes: bytes.count)]) }
    return sent
  }

  /// A bookmark's versions in the cloud, newest first.
  public func versions(of bookmarkID: String) async throws -> [CloudArchive] {
    guard let value = try await cloud.record(for: bookmarkID, in: Self.archives)?.value else { return [] }
    return CloudArchive.decode(value) ?? []
  }

  /// Every archived bookmark's versions in the cloud, by bookmark id.
  public func allVersions() async throws -> [String: [CloudArchive]] {
    var all: [String: [CloudArchive]] = [:]
    for record in try await cloud.allChanges(in: Self.archives, since: .beginning).records {
      if let value = record.value, let versions = CloudArchive.decode(value), !versions.isEmpty {
        all[record.key] = versions
      }
    }
    return all
  }

  /// The asset's bytes, checked against its name; nil when the cloud does not have it.
  public func asset(_ archive: CloudArchive) async throws -> [UInt8]? {
    let count = max(1, (archive.bytes + Self.chunkBytes - 1) / Self.chunkBytes)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(archive.bytes)
    for chunk in 0..<count {
      guard let value = try await cloud.record(for: Self.chunkKey(archive.hash, chunk), in: Self.assets)?.value else {
        if chunk == 0 { return nil }
        throw ArchiveError.damagedInCloud(archive.hash)
      }
      bytes += value
      if bytes.count > archive.bytes { throw ArchiveError.damagedInCloud(archive.hash) }
    }
    guard SHA256.hex(of: bytes) == archive.hash else { throw ArchiveError.damagedInCloud(archive.hash) }
    return bytes
  }

  /// The bytes the account's assets take.
  public func usage() async throws -> Int {
    try await usageRecord().used
  }

  /// Lets go of the lists of bookmarks not among `keeping` (listed, or in Recently Deleted),
  /// unless one was kept within ``ArchiveLibrary/freeingGrace`` of `now` (a bookmark this
  /// device does not know yet), and of the assets no list names any more, which leave the
  /// usage. Returns how many bookmarks' pages went.
  public func free(keeping: Set<String>, now: Date = Date()) async throws -> Int {
    let records = try await cloud.allChanges(in: Self.archives, since: .beginning).records
    var named: [String: Int] = [:]
    var goneAssets: [String: Int] = [:]
    var gone = 0
    for record in records {
      guard let value = record.value, let versions = CloudArchive.decode(value) else { continue }
      let newest = versions.first?.fetched ?? -.infinity
      let old = now.timeIntervalSince1970 - newest > ArchiveLibrary.freeingGrace
      if !keeping.contains(record.key), old {
        let deleted = try await cloud.write(
          [CloudWrite(key: record.key, value: nil, condition: .sequence(record.sequence))], in: Self.archives,
          origin: origin)
        if case .written = deleted.first {
          gone += 1
          for version in versions { goneAssets[version.hash] = version.bytes }
          continue
        }
      }
      for version in versions { named[version.hash] = version.bytes }
    }
    var freed = 0
    for (hash, bytes) in goneAssets where named[hash] == nil {
      let chunks = max(1, (bytes + Self.chunkBytes - 1) / Self.chunkBytes)
      let writes = (0..<chunks).map { CloudWrite(key: Self.chunkKey(hash, $0), value: nil) }
      _ = try await cloud.write(writes, in: Self.assets, origin: origin)
      freed += bytes
    }
    if freed > 0 { try await addUsage(-freed) }
    return gone
  }

  // MARK: - Writing

  private func sendAsset(_ bytes: [UInt8], hash: String) async throws -> Sent {
    if let first = try await cloud.record(for: Self.chunkKey(hash, 0), in: Self.assets), !first.isDeleted {
      return .present
    }
    let used = try await usage()
    guard used + bytes.count <= quota else { throw ArchiveCloudError.quotaFull(used: used, quota: quota) }
    var writes: [CloudWrite] = []
    var start = 0
    repeat {
      let end = min(bytes.count, start + Self.chunkBytes)
      writes.append(
        CloudWrite(key: Self.chunkKey(hash, writes.count), value: Data(bytes[start..<end]), condition: .absent))
      start = end
    } while start < bytes.count
    let outcomes = try await cloud.write(writes, in: Self.assets, origin: origin)
    // Another device sent the same page meanwhile: its chunks are there, and counted.
    guard outcomes.allSatisfy({ if case .written = $0 { true } else { false } }) else { return .present }
    try await addUsage(bytes.count)
    return .uploaded(bytes: bytes.count)
  }

  /// Adds to the usage (or takes from it), after the chunks, in a write of its own: a device
  /// stopped between the two leaves the usage one page short. (Counting first would leave it
  /// one page over, refusing pages for space nothing takes.)
  private func addUsage(_ bytes: Int) async throws {
    for _ in 0..<Self.attempts {
      let (used, current) = try await usageRecord()
      let write = CloudWrite(
        key: Self.usageKey, value: Data(String(max(0, used + bytes)).utf8),
        condition: current.map { .sequence($0.sequence) } ?? .absent)
      if case .written = try await cloud.write([write], in: Self.assets, origin: origin).first { return }
    }
    throw ArchiveCloudError.busy
  }

  private func usageRecord() async throws -> (used: Int, record: CloudRecord?) {
    let record = try await cloud.record(for: Self.usageKey, in: Self.assets)
    let used = record?.value.flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
    return (max(0, used), record)
  }

  /// Changes a bookmark's list of versions, again if another device changed it meanwhile.
  private func update(_ bookmarkID: String, _ change: ([CloudArchive]) -> [CloudArchive]) async throws {
    for _ in 0..<Self.attempts {
      let current = try await cloud.record(for: bookmarkID, in: Self.archives)
      let versions = current?.value.flatMap(CloudArchive.decode) ?? []
      let write = CloudWrite(
        key: bookmarkID, value: CloudArchive.encode(change(versions)),
        condition: current.map { .sequence($0.sequence) } ?? .absent)
      if case .written = try await cloud.write([write], in: Self.archives, origin: origin).first { return }
    }
    throw ArchiveCloudError.busy
  }

  static func chunkKey(_ hash: String, _ chunk: Int) -> String { "\(hash)/\(chunk)" }
}
