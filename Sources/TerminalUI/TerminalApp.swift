import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksEffects
import BookmarksState
import BookmarksViewModel
import Foundation
import ListSearch
import Shelf

/// The full-screen app: one UI thread runs the loop and makes every ncurses call;
/// store work runs in tasks whose answers come back through an ``Inbox``.
public enum TerminalApp {
  /// Runs the app until the user quits. Returns after the terminal is restored.
  public static func run(_ services: AppServices) async throws {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, any Error>, Never>) in
      let thread = Thread {
        continuation.resume(returning: Result { try runLoop(services) })
      }
      thread.name = "cloudy-ui"
      thread.start()
    }
    try result.get()
  }

  private static func runLoop(_ services: AppServices) throws {
    let store = services.store
    let place = services.place
    let pages = services.pages
    let shelf = services.shelf
    let environment = services.environment
    let inbox = try Inbox()
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
    try Terminal.withTerminal(environment: environment, wakeFD: inbox.writeFD, mouse: services.mouse) { terminal in
      var state = AppState(title: services.title, backend: store.backend, size: terminal.size)
      state.sortOrder = services.sortOrder
      var model = BookmarksViewModel(state: state)
      model.preparesSearchInBackground = true
      model.followsPlace = place != nil
      model.fetchesPages = pages != nil
      model.archivesOnAdd = services.archivesOnAdd && services.archives != nil
      if shelf != nil { model.offerShelf() }
      _ = model.send(.resized(terminal.size))
      // `cloudy --shelf`: the app opens on the shelf, as if Tab was pressed first.
      var opening: [Action] = services.startOnShelf && shelf != nil ? [.keyPressed(.tab)] : []
      let trace = TraceLog(environment: environment)
      var messageTimer = MessageTimer(environment: environment)
      while !model.state.shouldQuit, !SignalGuard.quitRequested.load(ordering: .relaxed) {
        if !opening.isEmpty {
          handle(opening)
          opening = []
        }
        terminal.draw(BookmarksScreen.render(model.state))
        trace?.drewFrame(
          bookmarks: model.state.bookmarks.count, shown: model.state.shownCount,
          shelf: model.state.showsShelf ? model.state.shelf : nil)
        messageTimer.shown(model.state.message)
        let events = terminal.waitForEvents(
          wakeFD: inbox.readFD, timeoutMilliseconds: messageTimer.millisecondsLeft())
        trace?.received(events)
        if events.contains(.hangUp) { break }
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
        handle(actions)
      }

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
            case .store, .shelf, .web, .device: perform(effect, services, inbox: inbox)
            }
          }
        }
      }
    }
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
        inbox.post(.searchPrepared(PreparedSearch(bookmarks, generation: generation)))
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
