import Foundation
import TestSupport
import XCTest

/// Starting, quitting, restarting, and refusing terminals that can't show the app.
final class LifecycleTests: EndToEndTestCase {
  func testBookmarksPersistAcrossARestart() throws {
    let home = try makeHome()
    let first = try launch(home)
    try fillAddDialog(first, url: "persist.example", name: "Persisted")
    try first.press("Enter")
    try waitForList(first, ["  Persisted", "  https://persist.example"])

    try first.type("q")
    XCTAssertEqual(try first.waitForExit(), 0, "q quits with status 0")
    first.kill()

    let second = try launch(home)
    let screen = try second.waitFor("Persisted")
    let lines = try second.lines()
    assertRow(lines, 1, "  Persisted")
    assertRow(lines, 2, "  https://persist.example")
    XCTAssertTrue(lines[23].contains("1/1"), screen)
  }

  func testCtrlCQuitsAndRestoresTheTerminal() throws {
    let app = try launch()
    XCTAssertEqual(try app.format("#{alternate_on}"), "1", "the app draws on the alternate screen")

    try app.press("C-c")
    XCTAssertEqual(try app.waitForExit(), 0, "Ctrl-C quits with status 0")

    // The process is gone: the wrapper shell reported it and went on to its next command.
    XCTAssertEqual(try app.format("#{pane_current_command}"), "sleep")
    // The terminal is back as it was: main screen with the text from before, cursor
    // shown, cursor keys in normal mode, mouse reporting off, no attributes left on.
    XCTAssertEqual(
      try app.format("#{alternate_on} #{cursor_flag} #{keypad_cursor_flag} #{mouse_standard_flag} #{mouse_sgr_flag}"),
      "0 1 0 0 0")
    let lines = try app.lines()
    assertRow(lines, 0, TmuxSession.shellBanner)
    assertRow(lines, 1, "\(TmuxSession.exitMarkerPrefix)0]")
    XCTAssertFalse(lines.joined().contains("Cloudy"), lines.joined(separator: "\n"))
    let styled = try app.styledScreen()
    for row in 0..<2 {
      for cell in styled.rows[row] {
        XCTAssertEqual(cell.attributes, .init(), "row \(row) “\(cell.character)” is \(cell.attributes)")
      }
    }
  }

  func testSIGTERMQuitsCleanlyAndRestoresTheTerminal() throws {
    let app = try launch()
    XCTAssertEqual(kill(try cloudyPID(app), SIGTERM), 0)
    XCTAssertEqual(try app.waitForExit(), 0, "a polite signal takes the normal way out")
    XCTAssertEqual(try app.format("#{alternate_on} #{cursor_flag} #{keypad_cursor_flag}"), "0 1 0")
  }

  func testACrashStillRestoresTheTerminal() throws {
    for (signal, name) in [(SIGSEGV, "SIGSEGV"), (SIGABRT, "SIGABRT")] {
      let app = try launch()
      XCTAssertEqual(try app.format("#{alternate_on} #{mouse_standard_flag} #{mouse_sgr_flag}"), "1 1 1")
      XCTAssertEqual(kill(try cloudyPID(app), signal), 0)
      // The shell reports death by signal N as 128 + N: the crash was not swallowed.
      XCTAssertEqual(try app.waitForExit(), 128 + signal, name)
      XCTAssertEqual(
        try app.format(
          "#{alternate_on} #{cursor_flag} #{keypad_cursor_flag} #{mouse_standard_flag} #{mouse_sgr_flag}"),
        "0 1 0 0 0", "\(name): main screen, cursor shown, normal cursor keys, no mouse reports")
      // The line discipline is back as the shell left it: echo and line editing on.
      let modes = try ttyModes(app)
      for flag in ["echo", "icanon", "icrnl", "onlcr"] {
        XCTAssertTrue(modes.contains(flag), "\(name): \(flag) is off after the crash: \(modes.sorted())")
      }
      app.kill()
    }
  }

  /// The pane terminal's mode flags that are on, as `stty -a` names them.
  private func ttyModes(_ app: TmuxSession) throws -> Set<String> {
    let tty = try app.format("#{pane_tty}")
    let text = try ChildProcess.run("/bin/stty", ["-a", "-F", tty], environment: ChildProcess.inherited(plus: [:]))
      .stdout
    return Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
  }

  /// The pid of `cloudy`: the only child of the pane's wrapper shell.
  private func cloudyPID(_ app: TmuxSession) throws -> pid_t {
    let shell = try app.format("#{pane_pid}")
    let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    return try XCTUnwrap(children.split(separator: " ").first.flatMap { pid_t($0) }, "no child of \(shell)")
  }

  func testADumbTerminalIsRefusedWithOneLineMentioningCloudyList() throws {
    let app = try launch(environment: ["TERM": "dumb"], waitUntilLoaded: false)
    let status = try app.waitForExit()
    XCTAssertNotEqual(status, 0)

    let screen = try app.joinedScreen()
    let printed = screen.components(separatedBy: "\n").filter { !$0.trimmingTrailingSpaces.isEmpty }
    XCTAssertEqual(printed.count, 3, "banner, one message line, exit marker:\n\(screen)")
    guard printed.count == 3 else { return }
    XCTAssertEqual(printed[0], TmuxSession.shellBanner)
    XCTAssertTrue(printed[1].contains("`cloudy list`"), printed[1])
    XCTAssertTrue(printed[1].contains("dumb"), printed[1])
    XCTAssertTrue(printed[2].hasPrefix(TmuxSession.exitMarkerPrefix), printed[2])
    XCTAssertEqual(try app.format("#{alternate_on}"), "0", "the screen was never taken over")
  }
}
