import Shelf

/// The shelf under `--offline`: nothing reaches the cloud, so reads come from this device's
/// copy (``CachedShelf``) and writes are refused with one sentence.
struct OfflineShelf: ShelfService {
  var displayName: String

  private var refusal: ShelfError {
    .unavailable("Working offline (--offline or CLOUDY_OFFLINE), so the team shelf can't be reached.")
  }

  func access() async throws -> ShelfAccess { throw refusal }
  func create(worldReadable: Bool) async throws { throw refusal }
  func setWorldReadable(_ worldReadable: Bool) async throws { throw refusal }
  func page(matching query: String, after: ShelfCursor?, limit: Int) async throws -> ShelfPage { throw refusal }
  func bookmark(id: String) async throws -> ShelfBookmark? { throw refusal }
  func add(name: String, url: String) async throws -> ShelfBookmark { throw refusal }
  func edit(id: String, name: String, url: String, basedOn version: Int64) async throws -> ShelfEdit { throw refusal }
  func remove(id: String) async throws { throw refusal }
  func members() async throws -> [ShelfMember] { throw refusal }
  @discardableResult
  func grant(account: String, group: String?, role: ShelfRole) async throws -> ShelfMember { throw refusal }
  func revoke(account: String, group: String?) async throws { throw refusal }
  func signals() -> AsyncStream<Void> { AsyncStream { $0.finish() } }
  func close() async {}
}
