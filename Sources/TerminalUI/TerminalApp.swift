import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksEffects
import BookmarksState
import BookmarksViewModel
import Foundation
import ListSearch
import OpeningFrames
import ScreenRendering
import Shelf
import Synchronization

/// The full-screen app: one UI thread runs the loop and makes every ncurses call;
/// store work runs in tasks whose answers come back through an ``Inbox``.
public enum TerminalApp {
  /// Runs the app until the user quits, then keeps the opening frame at `opening` if given.
  /// Returns after the terminal is restored.
  public static func run(_ services: AppServices, opening: Opening? = nil) async throws {
    _ = try await run(opening: opening, environment: services.environment, mouse: services.mouse) { services }
  }

  /// Runs the app until the user quits, with an opening frame: the frame kept for
  /// `opening.stamp` is drawn as soon as the terminal is set up, and only then are the
  /// services made (`makeServices` opens the store), on a thread of their own while the UI
  /// thread watches the keys. At the end the frame the next start would first draw is kept
  /// for the store's stamp then. Returns the services made, after the terminal is restored.
  public static func run(
    opening: Opening?, environment: [String: String], mouse: Bool,
    _ makeServices: @escaping @Sendable () throws -> AppServices
  ) async throws -> AppServices {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<(AppServices, Ending), any Error>, Never>) in
      let thread = Thread {
        continuation.resume(
          returning: Result { try runLoop(opening: opening, environment: environment, mouse: mouse, makeServices) })
      }
      thread.name = "cloudy-ui"
      thread.start()
    }
    let (services, ending) = try result.get()
    if let opening { await keepOpeningFrame(at: opening.path, services: services, ending: ending) }
    return services
  }

  private static func runLoop(
    opening: Opening?, environment: [String: String], mouse: Bool,
    _ makeServices: @escaping @Sendable () throws -> AppServices
  ) throws -> (AppServices, Ending) {
    let inbox = try Inbox()
    let trace = TraceLog(environment: environment)
    // The store opens while the terminal is set up and the kept frame drawn (about 15 ms): on
    // the other core, not after them.
    let made = startMaking(makeServices, inbox: inbox)
    return try Terminal.withTerminal(environment: environment, wakeFD: inbox.writeFD, mouse: mouse) { terminal in
      // The list as the last session left it, while the store opens, if it holds the same.
      let openingSize = terminal.size
      let kept = opening.flatMap { opening in
        opening.stamp.flatMap {
          OpeningFrame.read(opening.path, stamp: $0, columns: openingSize.columns, rows: openingSize.rows)
        }
      }
      if let kept {
        terminal.draw(kept.frame)
        trace?.drewOpeningFrame()
      }
      let (services, typed) = try waitWhileWatching(made, terminal: terminal, inbox: inbox)
      let ending = try loop(
        services, inbox: inbox, terminal: terminal, trace: trace, keepsOnScreen: kept, typedAhead: typed)
      return (services, ending)
    }
  }

  /// Ctrl-C, a hang-up or a quit signal while the store opens (``TerminalApp/run(opening:environment:mouse:_:)``).
  public struct StartCancelled: Error {}

  /// Starts making the services on a thread of their own (``waitWhileWatching(_:terminal:inbox:)``
  /// waits for them); the inbox is woken when they are made.
  private static func startMaking(_ make: @escaping @Sendable () throws -> AppServices, inbox: Inbox) -> Making {
    let made = Making()
    let opener = Thread {
      let result = Result { try make() }
      made.result.withLock { $0 = result }
      inbox.wake()
    }
    opener.name = "cloudy-open"
    opener.start()
    return made
  }

  /// The services being made on the opener's thread: nil until they are (or failed).
  private final class Making: Sendable {
    let result = Mutex<Result<AppServices, any Error>?>(nil)
  }

  /// Waits for the services while this thread watches the terminal: opening a store can wait
  /// on another process's lock, so Ctrl-C, a hang-up or a quit signal ends the start at once
  /// (``StartCancelled``); other keys, clicks and resizes are kept, in order, for the list.
  private static func waitWhileWatching(
    _ made: Making, terminal: Terminal, inbox: Inbox
  ) throws -> (AppServices, [Action]) {
    var typed: [Action] = []
    while true {
      if let result = made.result.withLock({ $0 }) { return (try result.get(), typed) }
      if SignalGuard.quitRequested.load(ordering: .relaxed) { throw StartCancelled() }
      let events = terminal.waitForEvents(wakeFD: inbox.readFD)
      _ = inbox.drain()  // only wake-ups: nothing posts actions before the loop starts
      for event in events {
        switch event {
        case .hangUp, .key(.control("c")): throw StartCancelled()
        case .key(let key): typed.append(.keyPressed(key))
        case .mouse(let event): typed.append(.mouse(event))
        case .resized(let size): typed.append(.resized(size))
        }
      }
    }
  }

  /// What the next start's first frame depends on besides the store, as the session ended.
  struct Ending {
    var size: ScreenSize
    var sortOrder: ListOrder
    var place: ReadingPlace?
  }

  /// The app's loop on a terminal set up. `keepsOnScreen`, the frame on the screen already,
  /// stays until the list is loaded (or the window changes size), and the list opens at the
  /// place it shows until the account's arrives; keys and clicks wait for the list, then are
  /// handled in the order they came.
  private static func loop(
    _ services: AppServices, inbox: Inbox, terminal: Terminal, trace: TraceLog?,
    keepsOnScreen: (frame: ScreenBuffer, place: ReadingPlace?)?, typedAhead typed: [Action]
  ) throws -> Ending {
    let store = services.store
    let place = services.place
    let pages = services.pages
    let shelf = services.shelf
    let environment = services.environment
    // The shelf's changes are followed from the first time it is shown.
    var shelfFollower: Task<Void, Never>?
    let watcher = Task.detached {
      var isFirst = true
      for await snapshot in store.changes() {
        inbox.post(.storeChanged(snapshot))
        if isFirst, case .success(let bookmarks) = snapshot.bookmarks, bookmarks.isEmpty,
          let hint = await services.bookmarksElsewhere?()
        {
          inbox.post(.bookmarksElsewhere(hint))
        }
        isFirst = false
      }
    }
    let startLoader = Task.detached {
      if let saved = await place?.load() { inbox.post(.placeArrived(saved)) }
      if let checks = pages?.keptChecks(), !checks.isEmpty { inbox.post(.linkChecksLoaded(checks)) }
    }
    defer {
      watcher.cancel()
      startLoader.cancel()
      shelfFollower?.cancel()
    }
    let urls = URLActions(environment: environment)
    var model = makeModel(services, size: terminal.size)
    // Keys typed at the place shown act there, even before the account's place arrives.
    if let place = keepsOnScreen?.place, services.place != nil { _ = model.send(.placeArrived(place)) }
    // `cloudy --shelf`: the app opens on the shelf, as if Tab was pressed first.
    var opening: [Action] = services.startOnShelf && shelf != nil ? [.keyPressed(.tab)] : []
    var messageTimer = MessageTimer(environment: environment)
    var kept = keepsOnScreen?.frame
    var typeAhead = TypeAhead()
    var typedWhileOpening = typed
    var afterFrame: [Effect] = []
    // A filter went since the last frame: what its results held is given back after the next.
    var filterWent = false
    while !model.state.shouldQuit, !SignalGuard.quitRequested.load(ordering: .relaxed) {
      if !opening.isEmpty {
        handle(opening)
        opening = []
      }
      if model.state.isLoaded || kept?.width != model.state.size.columns || kept?.height != model.state.size.rows {
        kept = nil
      }
      if kept == nil {
        terminal.draw(BookmarksScreen.render(model.state))
        trace?.drewFrame(
          bookmarks: model.state.bookmarks.count, shown: model.state.shownCount,
          shelf: model.state.showsShelf ? model.state.shelf : nil)
      }
      // Work for later (the filter's index) starts once the frame it came with is drawn: on
      // two cores it had the UI thread wait for a core before the first full frame.
      for effect in afterFrame { perform(effect, services, inbox: inbox) }
      afterFrame = []
      if filterWent {
        FreedMemory.giveBack(listOf: model.state.bookmarks.count)
        filterWent = false
      }
      FreedMemory.keepArrays(listOf: model.state.bookmarks.count)
      messageTimer.shown(model.state.message)
      let events = terminal.waitForEvents(
        wakeFD: inbox.readFD, timeoutMilliseconds: messageTimer.millisecondsLeft())
      trace?.received(events)
      if events.contains(.hangUp) { break }
      // Work in the background that can wait (a store's dictionaries) waits while keys come.
      if events.contains(where: \.isInput) { InputActivity.shared.noteInput() }
      var actions =
        events.compactMap { event -> Action? in
          switch event {
          case .key(let key): .keyPressed(key)
          case .mouse(let event): .mouse(event)
          case .resized(let size): .resized(size)
          case .hangUp: nil
          }
        } + inbox.drain()
      // First, so that a message set by this batch's keys is not cleared at once.
      if messageTimer.millisecondsLeft() == 0 { actions.insert(.messageExpired, at: 0) }
      // What was typed while the store opened comes before anything since.
      if !typedWhileOpening.isEmpty {
        actions = typedWhileOpening + actions
        typedWhileOpening = []
      }
      let filtered = model.state.filter != nil
      handle(typeAhead.admit(actions, listLoaded: model.state.isLoaded))
      handle(typeAhead.release(listLoaded: model.state.isLoaded))
      filterWent = filterWent || (filtered && model.state.filter == nil)
    }
    return Ending(
      size: model.state.size, sortOrder: model.state.sortOrder, place: services.place == nil ? nil : model.reportedPlace
    )

    func handle(_ actions: [Action]) {
      for action in actions {
        for effect in model.send(action) {
          switch effect {
          // Opening and copying use the terminal, so they run here, between frames.
          case .terminal(.openURL(let url)):
            _ = model.send(.urlActionFinished(urls.open(url, terminal: terminal)))
            // A text browser had the terminal: the window may have been resized meanwhile.
            _ = model.send(.resized(terminal.size))
          case .terminal(.copyURL(let url)): _ = model.send(.urlActionFinished(urls.copy(url, terminal: terminal)))
          case .terminal(.suspend):
            terminal.suspendToShell()
            // Resized while stopped: the first frame after `fg` is drawn at the new size.
            _ = model.send(.resized(terminal.size))
          case .device(.rememberSortOrder(let order)):
            if let remember = services.rememberSortOrder { Task.detached { remember(order) } }
          case .device(.rememberPlace(let reading)): place?.save(reading)
          case .shelf(.loadShelf):
            if shelfFollower == nil, let shelf {
              shelfFollower = Task.detached {
                for await _ in shelf.signals() { inbox.post(.shelfChanged) }
              }
            }
            perform(effect, services, inbox: inbox)
          case .device(.prepareSearch): afterFrame.append(effect)
          case .store, .shelf, .web, .device: perform(effect, services, inbox: inbox)
          }
        }
      }
    }
  }

  /// The view model as the app starts it, for a window of `size`.
  static func makeModel(_ services: AppServices, size: ScreenSize, sortOrder: ListOrder? = nil) -> BookmarksViewModel {
    var state = AppState(title: services.title, backend: services.store.backend, size: size)
    state.sortOrder = sortOrder ?? services.sortOrder
    var model = BookmarksViewModel(state: state)
    model.preparesSearchInBackground = true
    model.followsPlace = services.place != nil
    model.fetchesPages = services.pages != nil
    model.archivesOnAdd = services.archivesOnAdd && services.archives != nil
    if services.shelf != nil { model.offerShelf() }
    _ = model.send(.resized(size))
    return model
  }

  /// Runs an effect off the UI thread; its answer goes to the inbox.
  private static func perform(_ effect: Effect, _ services: AppServices, inbox: Inbox) {
    Task.detached {
      switch effect {
      case .store(let work):
        inbox.post(await StoreEffects.perform(work, on: services.store))
      case .shelf(let work):
        // The app offers the shelf (and so asks for it) only where there is one.
        if let shelf = services.shelf { inbox.post(await ShelfEffects.perform(work, on: shelf)) }
      case .web(let work):
        await perform(work, services, post: inbox.post)
      case .device(.readImport(let path, let existing)):
        guard let readImport = services.readImport else {
          inbox.post(.importRead(.failure(FailureMessage("Importing from the list isn't available here."))))
          return
        }
        inbox.post(.importRead(await readImport(path, existing)))
      case .device(.prepareSearch(let bookmarks, let generation)):
        // Built on a thread of lower priority, so keys are answered first.
        let thread = Thread {
          _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
          inbox.post(.searchPrepared(PreparedSearch(bookmarks, generation: generation)))
        }
        thread.name = "cloudy-search-index"
        thread.start()
      case .terminal, .device(.rememberSortOrder), .device(.rememberPlace):
        break  // done on the UI thread
      }
    }
  }

  /// The web's work and the pages kept; each answer is posted (a link check's, link by link).
  private static func perform(_ work: WebEffect, _ services: AppServices, post: @escaping @Sendable (Action) -> Void)
    async
  {
    switch work {
    case .fetchTitle(let url):
      post(.titleFetched(url: url, title: await services.pages?.fetchTitle(url)))
    case .checkLinks(let bookmarks):
      await services.pages?.checkLinks(bookmarks) { id, check, done, total in
        post(.linkChecked(id, check, done: done, total: total))
      }
    case .archivePage(let bookmark):
      let unavailable = FailureMessage("Keeping pages isn't available here.")
      post(.pageArchived(bookmark.id, await services.archives?.archive(bookmark) ?? .failure(unavailable)))
    case .readArchive(let bookmark):
      let unavailable = FailureMessage("Reading kept pages isn't available here.")
      post(.archiveRead(bookmark.id, await services.archives?.read(bookmark) ?? .failure(unavailable)))
    case .searchPageText(let text):
      post(.pageTextFound(text, await services.archives?.search(text) ?? []))
    case .findKeptPages(let ids):
      post(.keptPagesLoaded(await services.archives?.kept(ids) ?? []))
    }
  }
}
