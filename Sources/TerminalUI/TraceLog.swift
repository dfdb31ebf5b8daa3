import BookmarksState
import Glibc

/// An opt-in timing log for benchmarks: with `CLOUDY_TRACE=/path/file` the loop appends one
/// line per key it receives (`key enter 123456789`) and one per frame it draws
/// (`frame 123456789 bookmarks=4 shown=4`), stamped with `CLOCK_MONOTONIC` nanoseconds, which every
/// process on the machine shares. It never writes bookmark text: typed characters are
/// logged as `char`, not as themselves.
final class TraceLog {
  private let fd: Int32

  /// The log `CLOUDY_TRACE` names, or nil when it is unset or can't be opened.
  init?(environment: [String: String]) {
    guard let path = environment["CLOUDY_TRACE"], !path.isEmpty else { return nil }
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return nil }
    self.fd = fd
  }

  deinit { close(fd) }

  /// Nanoseconds on the monotonic clock.
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// Logs each key among `events`, all at one time: when the loop received them.
  func received(_ events: [Terminal.Event]) {
    let time = Self.now()
    for case .key(let key) in events { append("key \(Self.name(of: key)) \(time)\n") }
  }

  /// Logs a frame just drawn, with how many bookmarks the state holds and how many the
  /// list shows (fewer while a `/` filter is on); on the team shelf, how many of its
  /// bookmarks are fetched, whether a fetch is under way, and the first one's id.
  func drewFrame(bookmarks: Int, shown: Int, shelf: ShelfTab? = nil) {
    let onShelf =
      shelf.map {
        " shelf=\($0.bookmarks.count) asking=\($0.loading == nil ? 0 : 1) top=\($0.bookmarks.first?.id ?? "-")"
      } ?? ""
    append("frame \(Self.now()) bookmarks=\(bookmarks) shown=\(shown)\(onShelf)\n")
  }

  /// Logs the opening frame just drawn (``OpeningFrame``), before the store is read:
  /// `frame 123456789 bookmarks=0 shown=0 opening=1`.
  func drewOpeningFrame() {
    append("frame \(Self.now()) bookmarks=0 shown=0 opening=1\n")
  }

  private func append(_ line: String) {
    let bytes = Array(line.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  }

  private static func name(of key: Key) -> String {
    switch key {
    case .character: "char"
    case .control: "control"
    case .up: "up"
    case .down: "down"
    case .left: "left"
    case .right: "right"
    case .pageUp: "pageup"
    case .pageDown: "pagedown"
    case .home: "home"
    case .end: "end"
    case .enter: "enter"
    case .escape: "escape"
    case .tab: "tab"
    case .backTab: "backtab"
    case .backspace: "backspace"
    case .delete: "delete"
    case .alt: "alt"
    case .wordLeft: "wordleft"
    case .wordRight: "wordright"
    case .deleteWordBackward: "deletewordbackward"
    case .deleteWordForward: "deletewordforward"
    case .function(let number): "f\(number)"
    case .paste: "paste"
    case .other: "other"
    }
  }
}
