import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksState
import OpeningFrames
import ScreenRendering

extension TerminalApp {
  /// Where the opening frame is kept (``OpeningFrame``), and the stamp of what the store
  /// holds now, read before the store is opened (nil when it has none: no frame is drawn,
  /// one is kept at the end).
  public struct Opening: Sendable {
    public var path: String
    public var stamp: String?

    /// The opening frame in the data `folder`, for a store stamped `stamp` now.
    public init(folder: String, stamp: String?) {
      path = folder + "/" + OpeningFrame.fileName
      self.stamp = stamp
    }
  }

  /// Keeps, for the store's stamp now, the frame the next start would first draw: the list
  /// from the store's snapshot, in the order and at the place the session left, in a window
  /// of the same size, saying on the bottom line that it is opening. Not kept on the shelf,
  /// for a list that can't be read or a window too small, or when the store can't stamp its
  /// snapshot (the old frame is then removed).
  static func keepOpeningFrame(at path: String, services: AppServices, ending: Ending) async {
    guard !services.startOnShelf, let stamped = await services.store.stampedSnapshot() else {
      OpeningFrame.remove(path)
      return
    }
    var model = makeModel(services, size: ending.size, sortOrder: ending.sortOrder)
    _ = model.send(.storeChanged(stamped.snapshot))
    if let place = ending.place { _ = model.send(.placeArrived(place)) }
    guard model.state.isLoaded, model.state.loadProblem == nil, !model.state.isTooSmall else {
      OpeningFrame.remove(path)
      return
    }
    var frame = BookmarksScreen.render(model.state)
    // The bottom line says only what is true before the store is read: it is opening.
    let bottom = frame.height - 1
    let bar = frame[bottom, 0].style
    frame.fill(row: bottom, column: 0, width: frame.width, height: 1, style: bar)
    frame.write("Opening…", row: bottom, column: 1, style: bar)
    OpeningFrame.write(frame, place: ending.place, stamp: stamped.stamp, to: path)
  }
}
