import Glibc
import Synchronization

/// Puts the terminal back however the process ends.
///
/// - `SIGTERM`, `SIGHUP`, `SIGINT`, `SIGQUIT`: the handler only sets a flag and wakes the
///   loop, which then quits through the normal path (`endwin`).
/// - `SIGWINCH`: ncurses' own handler runs (it records the new size), then the loop is
///   woken. The UI thread may block the signal (threads inherit the mask of the thread
///   that made them), so the kernel can deliver it to another thread, where it would not
///   interrupt the loop's `poll`; the wake-up byte does.
/// - Crashes (`SIGSEGV`, `SIGBUS`, `SIGILL`, `SIGFPE`, `SIGABRT`, `SIGTRAP`): the handler
///   restores the saved terminal modes and writes the terminal's own reset strings
///   (prepared in advance, so the handler only calls async-signal-safe `tcsetattr` and
///   `write`), then re-raises the signal with its default action.
enum SignalGuard {
  static let quitRequested = Atomic<Bool>(false)

  nonisolated(unsafe) private static var wakeFD: Int32 = -1
  nonisolated(unsafe) private static var savedModes = termios()
  nonisolated(unsafe) private static var resetBytes: UnsafeMutableBufferPointer<UInt8>?
  nonisolated(unsafe) private static var cursesResizeHandler: (@convention(c) (Int32) -> Void)?

  static let politeSignals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
  static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

  /// Saves the user's terminal modes, for the crash handler to restore. Call before
  /// curses changes them.
  static func saveTerminalModes() {
    tcgetattr(0, &savedModes)
  }

  /// Installs the handlers. Call once, on the UI thread, before the loop starts.
  static func install(wakeFD fd: Int32, reset: [UInt8]) {
    wakeFD = fd
    quitRequested.store(false, ordering: .relaxed)  // initialise the static outside a handler
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, reset.count))
    _ = buffer.initialize(from: reset)
    resetBytes = UnsafeMutableBufferPointer(rebasing: buffer[0..<reset.count])
    for signal in politeSignals { handle(signal, with: politeHandler) }
    for signal in crashSignals { handle(signal, with: crashHandler) }
    var previous = sigaction()
    sigaction(SIGWINCH, nil, &previous)
    // SIG_DFL and SIG_IGN are the "function pointers" 0 and 1.
    if let handler = previous.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) > 1 {
      cursesResizeHandler = handler
    }
    handle(SIGWINCH, with: resizeHandler)
  }

  /// Restores the default handlers. Call after `endwin`.
  static func uninstall() {
    for signal in politeSignals + crashSignals + [SIGWINCH] { Glibc.signal(signal, SIG_DFL) }
    wakeFD = -1
  }

  private static func handle(_ signal: Int32, with handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(signal, &action, nil)
  }

  private static let politeHandler: @convention(c) (Int32) -> Void = { _ in
    SignalGuard.quitRequested.store(true, ordering: .relaxed)
    var byte: UInt8 = 1
    if SignalGuard.wakeFD >= 0 { _ = write(SignalGuard.wakeFD, &byte, 1) }
  }

  private static let resizeHandler: @convention(c) (Int32) -> Void = { signal in
    SignalGuard.cursesResizeHandler?(signal)
    var byte: UInt8 = 1
    if SignalGuard.wakeFD >= 0 { _ = write(SignalGuard.wakeFD, &byte, 1) }
  }

  private static let crashHandler: @convention(c) (Int32) -> Void = { signal in
    tcsetattr(0, TCSANOW, &SignalGuard.savedModes)
    if let bytes = SignalGuard.resetBytes, let base = bytes.baseAddress { _ = write(1, base, bytes.count) }
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
  }
}
