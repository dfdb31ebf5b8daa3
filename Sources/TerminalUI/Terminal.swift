import BookmarksState
import CNcurses
import Glibc
import ScreenRendering

/// The ncurses screen: copies ``ScreenBuffer`` frames out and reads keys.
///
/// Every call must come from the one thread that called ``withTerminal(_:)``.
final class Terminal {
  private let screen: OpaquePointer
  private let window: UnsafeMutablePointer<WINDOW>
  private let usesColor: Bool
  /// True when ncurses turned on the terminal's mouse reporting.
  private var usesMouse = false
  private var cursorVisible = false
  /// Decodes the escape sequences ncurses leaves alone, and bracketed pastes.
  private var parser = InputParser()

  /// Turns the terminal's bracketed paste mode on (pasted text arrives between markers) and
  /// off again; terminals without it ignore both.
  private static let pasteModeOn = Array("\u{1B}[?2004h".utf8)
  private static let pasteModeOff = Array("\u{1B}[?2004l".utf8)

  /// Sets up the terminal, runs `body`, and always restores the terminal afterwards.
  static func withTerminal<T>(
    environment: [String: String], wakeFD: Int32, mouse: Bool = true, _ body: (Terminal) throws -> T
  ) throws -> T {
    guard isatty(0) == 1, isatty(1) == 1 else { throw TerminalError.notATerminal }
    let type = environment["TERM"] ?? ""
    if type.isEmpty || type == "dumb" { throw TerminalError.unsupportedTerminal(type.isEmpty ? "(unset)" : type) }
    chooseUTF8Locale()
    SignalGuard.saveTerminalModes()  // before curses turns off echo and line editing
    guard let screen = cloudy_newterm(nil) else { throw TerminalError.unsupportedTerminal(type) }
    let terminal = Terminal(screen: screen, noColor: !(environment["NO_COLOR"] ?? "").isEmpty, mouse: mouse)
    SignalGuard.install(wakeFD: wakeFD, reset: terminal.resetSequence())
    terminal.writeDirectly(pasteModeOn)
    defer {
      terminal.writeDirectly(pasteModeOff)
      endwin()
      delscreen(screen)
      SignalGuard.uninstall()
    }
    return try body(terminal)
  }

  /// Wide characters need a UTF-8 locale: take the user's, else C.UTF-8.
  private static func chooseUTF8Locale() {
    setlocale(LC_ALL, "")
    let codeset = String(cString: nl_langinfo(Int32(CODESET)))
    if codeset.uppercased() != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
  }

  private init(screen: OpaquePointer, noColor: Bool, mouse: Bool) {
    self.screen = screen
    window = cloudy_stdscr()!
    raw()
    noecho()
    nonl()
    keypad(window, true)
    set_escdelay(25)
    curs_set(0)
    if mouse {
      // Clicks and the wheel, where the terminal reports them (it then leaves text
      // selection to Shift-drag); no click-timing delay.
      usesMouse = mousemask(cloudy_all_mouse_events(), nil) != 0
      mouseinterval(0)
    }
    usesColor = !noColor && has_colors()
    if usesColor {
      start_color()
      use_default_colors()
      init_pair(1, Int16(COLOR_CYAN), -1)  // accent
      init_pair(2, Int16(COLOR_RED), -1)  // danger
      init_pair(3, Int16(COLOR_WHITE), Int16(COLOR_BLUE))  // bars
    }
  }

  /// The terminal's own strings that leave the alternate screen, show the cursor and
  /// reset attributes, for the crash handler.
  private func resetSequence() -> [UInt8] {
    let strings = ["sgr0", "cnorm", "rmkx", "rmcup"].flatMap { name -> [UInt8] in
      guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return [] }
      return Array(String(cString: value).utf8)
    }
    return Self.pasteModeOff + mouseOffSequence() + strings
  }

  /// What turns the terminal's mouse reporting off again: terminfo's `XM` with 0 where the
  /// entry has it (xterm's SGR mode), else the X10/normal-tracking reset `CSI ? 1000 l`.
  private func mouseOffSequence() -> [UInt8] {
    guard usesMouse else { return [] }
    if let xm = tigetstr("XM"), Int(bitPattern: xm) != -1, let off = cloudy_tiparm1(xm, 0) {
      return Array(String(cString: off).utf8)
    }
    return Array("\u{1B}[?1000l".utf8)
  }

  var size: ScreenSize {
    ScreenSize(columns: Int(cloudy_max_x(window)), rows: Int(cloudy_max_y(window)))
  }

  // MARK: - Output

  /// Copies a frame to the screen; ncurses sends only the cells that changed.
  func draw(_ buffer: ScreenBuffer) {
    var cell = cchar_t()
    for row in 0..<buffer.height {
      for column in 0..<buffer.width {
        let content = buffer[row, column]
        let (attributes, pair) = rendition(for: content.style)
        switch content.content {
        case .continuation:
          continue
        case .character(let character):
          var characters = Self.wideCharacters(character)
          setcchar(&cell, &characters, attributes, pair, nil)
          if var second = Self.secondCell(of: character), column + 1 < buffer.width {
            // The buffer gives this grapheme two cells, but ncurses (by `wcwidth`) fills
            // only one: the second gets its own content, so it never keeps an old frame's.
            var secondCell = cchar_t()
            setcchar(&secondCell, &second, attributes, pair, nil)
            mvwadd_wch(window, Int32(row), Int32(column + 1), &secondCell)
          }
        case .line(let glyph):
          // The line glyph's own attributes carry the alternate character set.
          var characters = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
          var lineAttributes: attr_t = 0
          var linePair: Int16 = 0
          getcchar(Self.lineCell(glyph), &characters, &lineAttributes, &linePair, nil)
          setcchar(&cell, &characters, lineAttributes | attributes, pair, nil)
        }
        mvwadd_wch(window, Int32(row), Int32(column), &cell)
      }
    }
    if let cursor = buffer.cursor {
      wmove(window, Int32(cursor.row), Int32(cursor.column))
      if !cursorVisible { curs_set(1) }
      cursorVisible = true
    } else if cursorVisible {
      curs_set(0)
      cursorVisible = false
    }
    wrefresh(window)
  }

  /// The attributes and colour pair for a style. The pair goes in `setcchar`'s own
  /// argument: ncurses ignores colour bits in the attributes there.
  private func rendition(for style: Style) -> (attr_t, Int16) {
    var result = cloudy_a_normal()
    if style.attributes.contains(.bold) { result |= cloudy_a_bold() }
    if style.attributes.contains(.dim) { result |= cloudy_a_dim() }
    if style.attributes.contains(.reverse) { result |= cloudy_a_reverse() }
    if style.attributes.contains(.underline) { result |= cloudy_a_underline() }
    guard usesColor else {
      // Without colour the bars still stand apart from the list.
      if style.role == .bar { result |= cloudy_a_bold() }
      return (result, 0)
    }
    switch style.role {
    case .plain: return (result, 0)
    case .accent: return (result, 1)
    case .danger: return (result, 2)
    case .bar: return (result, 3)
    }
  }

  /// A grapheme as the wide characters of one cell: the base character and the
  /// zero-width marks that follow it (ncurses keeps at most four of them), NUL-ended.
  static func wideCharacters(_ character: Character) -> [wchar_t] {
    var result: [wchar_t] = []
    for scalar in character.unicodeScalars {
      if result.isEmpty {
        result.append(wchar_t(bitPattern: scalar.value))
      } else if CellWidth.of(scalar) == 0, scalar != "\u{200D}", result.count < Int(CCHARW_MAX) - 1 {
        result.append(wchar_t(bitPattern: scalar.value))
      } else {
        break
      }
    }
    result.append(0)
    return result
  }

  /// What goes in the second cell of a grapheme the buffer counts as two cells while its
  /// first character is one cell wide for `wcwidth` (a text-style symbol made emoji by
  /// U+FE0F, such as ❤️, or a flag of two regional indicators): the second regional
  /// indicator, else a space. Nil when ncurses fills both cells itself.
  static func secondCell(of character: Character) -> [wchar_t]? {
    let scalars = Array(character.unicodeScalars)
    guard let first = scalars.first, CellWidth.of(character) == 2, CellWidth.of(first) == 1 else { return nil }
    if let indicator = scalars.dropFirst().first(where: { (0x1F1E6...0x1F1FF).contains($0.value) }) {
      return [wchar_t(bitPattern: indicator.value), 0]
    }
    return [wchar_t(bitPattern: 0x20), 0]
  }

  private static func lineCell(_ glyph: LineGlyph) -> UnsafePointer<cchar_t> {
    switch glyph {
    case .horizontal: cloudy_wacs_hline()
    case .vertical: cloudy_wacs_vline()
    case .topLeft: cloudy_wacs_ulcorner()
    case .topRight: cloudy_wacs_urcorner()
    case .bottomLeft: cloudy_wacs_llcorner()
    case .bottomRight: cloudy_wacs_lrcorner()
    }
  }

  /// Writes bytes straight to the terminal, outside ncurses (an OSC 52 copy). Call
  /// between frames: `draw` has flushed everything ncurses had buffered.
  func writeDirectly(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }

  /// Gives the terminal to `body` (a text browser): leaves curses mode (`endwin`: normal
  /// screen, cursor shown, the tty's own modes), runs it, then takes the terminal back and
  /// repaints every cell on the next `draw`.
  func suspended<T>(_ body: () -> T) -> T {
    writeDirectly(Self.pasteModeOff)
    endwin()
    let result = body()
    writeDirectly(Self.pasteModeOn)
    // The window may have been resized meanwhile, and a stopped process gets no SIGWINCH
    // (the shell does): ask the tty its size and tell ncurses, so the next frame fits.
    var rows: Int32 = 0
    var columns: Int32 = 0
    if cloudy_tty_size(0, &rows, &columns) == 0, rows != cloudy_max_y(window) || columns != cloudy_max_x(window) {
      resizeterm(rows, columns)
    }
    cloudy_repaint_all()
    wrefresh(window)
    // Whatever the child did to the cursor, set it again on the next frame.
    curs_set(cursorVisible ? 1 : 0)
    return result
  }

  /// Ctrl-Z: stops the process as the shell's job control expects (the terminal restored
  /// first), and once `fg` continues it, repaints every cell.
  func suspendToShell() {
    suspended {
      // ncurses may have its own SIGTSTP handler, and this thread (started from a Swift
      // concurrency worker) may block the signal: the default action, unblocked here, is
      // what stops a job.
      var only = sigset_t()
      var previousMask = sigset_t()
      sigemptyset(&only)
      sigaddset(&only, SIGTSTP)
      let previous = signal(SIGTSTP, SIG_DFL)
      pthread_sigmask(SIG_UNBLOCK, &only, &previousMask)
      raise(SIGTSTP)
      pthread_sigmask(SIG_SETMASK, &previousMask, nil)
      signal(SIGTSTP, previous)
    }
  }

  // MARK: - Input

  /// What the loop learns after waiting: keys and resizes, in order.
  enum Event: Equatable {
    case key(Key)
    case mouse(MouseEvent)
    case resized(ScreenSize)
    /// The terminal went away (the SSH connection dropped, say).
    case hangUp

    /// A key or a click: the person is at the keyboard.
    var isInput: Bool {
      switch self {
      case .key, .mouse: true
      case .resized, .hangUp: false
      }
    }
  }

  /// How long a bracketed paste may pause before what arrived of it is taken as the
  /// whole paste.
  private static let pastePauseMilliseconds: Int32 = 1000

  /// Sleeps until a key arrives, the window is resized, `wakeFD` becomes readable, or
  /// `timeoutMilliseconds` pass (-1: no limit), then returns every key ncurses has ready
  /// (possibly none).
  func waitForEvents(wakeFD: Int32, timeoutMilliseconds: Int32 = -1) -> [Event] {
    var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
    var timeout = timeoutMilliseconds
    if parser.isInPaste {
      timeout = timeout < 0 ? Self.pastePauseMilliseconds : min(timeout, Self.pastePauseMilliseconds)
    }
    // EINTR (a SIGWINCH, say) falls through to reading: ncurses reports the resize.
    let ready = poll(&fds, 2, timeout)
    if fds[0].revents & Int16(POLLHUP | POLLNVAL | POLLERR) != 0 { return [.hangUp] }
    if ready == 0, parser.isInPaste { return events(from: parser.finishPaste()) }
    return readReadyKeys()
  }

  private func readReadyKeys() -> [Event] {
    var inputs: [KeyDecoder.Input] = []
    nodelay(window, true)
    defer { nodelay(window, false) }
    var value: wint_t = 0
    while true {
      let result = wget_wch(window, &value)
      if result == ERR { break }
      inputs += parser.feed(InputParser.Raw(value: UInt32(value), isKeyCode: result == KEY_CODE_YES))
    }
    return events(from: inputs + parser.flush())
  }

  private func events(from inputs: [KeyDecoder.Input]) -> [Event] {
    var events: [Event] = []
    for input in inputs {
      switch input {
      case .key(let key): events.append(.key(key))
      case .resize:
        cloudy_repaint_all()
        events.append(.resized(size))
      case .mouse:
        if let event = readMouse() { events.append(.mouse(event)) }
      case .ignored: break
      }
    }
    return events
  }

  /// The mouse event ncurses has queued: a left click, or a wheel notch.
  private func readMouse() -> MouseEvent? {
    var event = MEVENT()
    guard getmouse(&event) == OK else { return nil }
    let kind: MouseEvent.Kind
    if event.bstate & (cloudy_button1_pressed() | cloudy_button1_clicked()) != 0 {
      kind = .click
    } else if event.bstate & cloudy_button4_pressed() != 0 {
      kind = .wheelUp
    } else if event.bstate & cloudy_button5_pressed() != 0 {
      kind = .wheelDown
    } else {
      return nil
    }
    return MouseEvent(kind, row: Int(event.y), column: Int(event.x))
  }
}
