import ArchiveSync
import BookmarkStoreInterface
import BookmarksState
import Cloud
import CommandLineIO
import DeviceHome
import Foundation
import PageAccess
import Shelf
import Synchronization
import TerminalUI

/// The full-screen app's session: its services, made once (opening the store first), and
/// what holds a connection or a task, let go at the end.
final class AppSession: @unchecked Sendable {
  private let options: GlobalOptions
  private let usesMouse: Bool
  private let followsPlace: Bool
  /// What is let go at the end; set once the services are made.
  private let made = Mutex<Made?>(nil)

  private struct Made {
    var place: (any PlaceFollowing)?
    var shelf: (any ShelfService)?
    var archiveCloud: ArchiveCloud?
    var pagesInWaiting: Task<Void, Never>?
    var closeWeb: (@Sendable () async -> Void)?
  }

  init(options: GlobalOptions, usesMouse: Bool, followsPlace: Bool) {
    self.options = options
    self.usesMouse = usesMouse
    self.followsPlace = followsPlace
  }

  /// The opening frame's file and the chosen store's stamp now, read without opening the
  /// store (nil when it has none); nil when the app opens on the shelf. No stamp either when
  /// a named SQLite cloud is about to be made: that is said on the terminal, before the screen.
  func opening() -> TerminalApp.Opening? {
    guard !options.shelf else { return nil }
    var stamp = options.choice.openingStamp()
    if let address = try? options.choice.cloudAddress(), address != options.choice.defaultCloud,
      case .sqlite(let path) = address, !FileManager.default.fileExists(atPath: path)
    {
      stamp = nil
    }
    return TerminalApp.Opening(folder: options.location.dataDirectory, stamp: stamp)
  }

  /// Opens the store and makes everything the app works with besides it.
  func make() throws -> AppServices {
    let store: any BookmarkStore
    do {
      store = try options.makeStore(besideShelf: true)
    } catch let error as StoreError {
      throw CLIError(error.description)
    }
    let options = options
    let saved = try? options.savedSettings()
    let location = options.location
    let place = followsPlace ? try? options.choice.makePlaceFollowing(for: store) : nil
    // The cloud's team shelf, whatever the store: a cloud address that can't be used leaves
    // the app without one (Tab says so).
    let shelf = try? options.makeShelf()
    let archiveCloud = options.archiveCloud()
    // Pages kept while the cloud could not be reached go when it can; those of bookmarks
    // gone for good are let go.
    let pagesInWaiting = archiveCloud.map { KeptPagesUpkeep.follow(store, in: location, through: $0) }
    let web =
      options.fetchesPages
      ? WebAccess(timeout: .seconds(10), environment: options.environment).pageServices(
        keepingChecksIn: location, store: store) : nil
    made.withLock {
      $0 = Made(
        place: place, shelf: shelf, archiveCloud: archiveCloud, pagesInWaiting: pagesInWaiting,
        closeWeb: web?.close)
    }
    var services = AppServices(store: store, environment: options.environment)
    services.mouse = usesMouse
    services.place = place
    services.bookmarksElsewhere = { await OtherStores.describe(options) }
    services.sortOrder = saved?[.sort].flatMap(ListOrder.init(rawValue:)) ?? .manual
    services.rememberSortOrder = { order in
      // Read again first: another command may have changed a setting meanwhile.
      guard var settings = try? SavedSettings.load(from: location) else { return }
      settings[.sort] = order == .manual ? nil : order.rawValue
      try? settings.save(to: location)
    }
    services.pages = web?.0
    services.readImport = AppImport.reading
    services.archives = AppArchives.services(
      in: location,
      web: options.fetchesPages ? WebAccess(timeout: .seconds(10), environment: options.environment) : nil,
      cloud: archiveCloud)
    services.archivesOnAdd = options.archivesOnAdd
    services.shelf = shelf
    services.startOnShelf = options.shelf
    return services
  }

  /// Lets go of what the services hold (the fetcher on every way out: AsyncHTTPClient stops
  /// the process otherwise); after a session that ended well, the place is written first.
  func close(keepingPlace: Bool) async {
    guard let made = made.withLock({ $0 }) else { return }
    if keepingPlace { await made.place?.flush() }
    made.pagesInWaiting?.cancel()
    await made.closeWeb?()
    await made.shelf?.close()
    await made.archiveCloud?.cloud.close()
  }
}
