import BookmarkModel
import BookmarkStoreInterface
import Foundation
import StoreWiring

/// Where else on this device bookmarks are, for the empty screen: after a `migrate` (or a
/// different `--store`) a new user must not think the bookmarks are gone.
enum OtherStores {
  /// One sentence naming the other stores of this device that hold bookmarks, or nil.
  /// Reads only local files: the user-defaults domain, the key-value store's local copy
  /// and the document container's files.
  static func describe(_ options: GlobalOptions) async -> String? {
    guard let current = try? options.backend() else { return nil }
    var found: [(backend: StoreBackend, count: Int)] = []
    for backend in StoreBackend.allCases where backend != current {
      if let count = await count(in: backend, options), count > 0 { found.append((backend, count)) }
    }
    guard let best = found.max(by: { $0.count < $1.count }) else { return nil }
    let bookmarks = best.count == 1 ? "1 bookmark" : "\(NumberText.grouped(best.count)) bookmarks"
    return "This device has \(bookmarks) in the \(best.backend.rawValue) store: run cloudy --store "
      + "\(best.backend.rawValue), or cloudy config set store \(best.backend.rawValue) to open it from now on."
  }

  private static func count(in backend: StoreBackend, _ options: GlobalOptions) async -> Int? {
    await BackendWiring.row(for: backend).localCount(options.location) {
      try options.makeStore(backend, connected: false)
    }
  }
}
