import Foundation
import TestSupport
import XCTest

/// The opening frame (issue 39), in the real binary: a start draws the list as the last
/// session left it before the store is read, but only when the store holds the same; keys
/// typed meanwhile wait for the list.
final class OpeningFrameAppTests: EndToEndTestCase {
  func testASecondStartDrawsTheListBeforeReadingTheStoreOnlyIfNothingChanged() throws {
    let cloud = try makeSQLiteCloud("opening")
    for (label, home) in [
      ("user-defaults", try makeHome()), ("documents", try makeDocumentDevice(on: cloud, named: "A")),
    ] {
      for number in 1...3 { try home.add("https://opening\(number).example", name: "Opening \(number)") }
      let trace = home.root.appendingPathComponent("trace").path

      // The first start has no frame kept; quitting keeps one.
      try quit(try launch(home, environment: ["CLOUDY_TRACE": trace]))
      XCTAssertFalse(try frames(trace).contains { $0.contains("opening=1") }, "\(label): nothing kept yet")
      let kept = home.cloudyHome.appendingPathComponent("data/opening.frame").path
      let mode = try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int
      XCTAssertEqual(mode, 0o600, "\(label): the frame is private")

      // The second draws it first, then the list as read, which reads the same.
      try FileManager.default.removeItem(atPath: trace)
      let second = try launch(home, environment: ["CLOUDY_TRACE": trace])
      var lines = try second.lines()
      assertRow(lines, 1, "  Opening 1")
      assertRow(lines, 6, "  https://opening3.example")
      let seen = try frames(trace)
      XCTAssertEqual(seen.first?.hasSuffix("bookmarks=0 shown=0 opening=1"), true, "\(label): first \(seen)")
      XCTAssertEqual(seen.dropFirst().first?.hasSuffix("bookmarks=3 shown=3"), true, "\(label): then \(seen)")
      try quit(second)

      // Another process changed the store: the next start shows no old frame.
      try home.add("https://opening4.example", name: "Opening 4")
      try FileManager.default.removeItem(atPath: trace)
      let third = try launch(home, environment: ["CLOUDY_TRACE": trace])
      lines = try third.lines()
      XCTAssertFalse(try frames(trace).contains { $0.contains("opening=1") }, "\(label): the store changed")
      assertRow(lines, 7, "  Opening 4")
      try quit(third)

      // Keys typed as it starts wait for the list (the frame kept by the third start is shown).
      let fourth = try launch(home, environment: ["CLOUDY_TRACE": trace], waitUntilLoaded: false)
      try fourth.press("Down", "Down", "Down")
      try fourth.waitFor("4/4", timeout: 15)
      try quit(fourth)
    }
  }

  func testTheFirstStartOnANewHomeKeepsAFrameForTheNext() throws {
    let home = try makeHome()
    let trace = home.root.appendingPathComponent("trace").path
    let first = try launch(home)
    try fillAddDialog(first, url: "first.example", name: "First")
    try first.press("Enter")
    try waitForList(first, ["  First", "  https://first.example"])
    try quit(first)
    let second = try launch(home, environment: ["CLOUDY_TRACE": trace])
    assertRow(try second.lines(), 1, "  First")
    let seen = try frames(trace)
    XCTAssertEqual(seen.first?.hasSuffix("opening=1"), true, seen.joined(separator: "\n"))
  }

  /// Keys typed while the frame shows act at the place it shows (a folder here), not at the
  /// top of a list whose place has not arrived yet.
  func testKeysTypedAheadActAtThePlaceTheFrameShows() throws {
    let home = try makeDocumentDevice(on: try makeSQLiteCloud("opening-place"), named: "A")
    try home.add("https://top.example", name: "Top")
    for number in 1...3 {
      XCTAssertEqual(
        try home.cli("add", "https://work\(number).example", "--name", "Work \(number)", "--folder", "Work").status, 0)
    }
    let first = try launch(home)
    try first.waitFor("Work")
    try first.press("Right")
    try first.waitFor("← up")
    try waitForList(first, ["  Work 1", "  https://work1.example"])
    try quit(first)

    let second = try launch(home, waitUntilLoaded: false)
    try second.press("Down")
    let screen = try second.waitFor("2/3")
    XCTAssertTrue(screen.contains("← up"), screen)
    try quit(second)
  }

  /// A document changed by hand after the session: the index has not seen it, so the kept
  /// frame is not drawn, and the list read shows the change.
  func testADocumentDeletedByHandMeansNoKeptFrame() throws {
    let home = try makeDocumentDevice(on: try makeSQLiteCloud("opening-hand"), named: "A")
    let kept = try home.add("https://kept.example", name: "Kept")
    let gone = try home.add("https://gone.example", name: "Gone")
    try quit(try launch(home))
    let documents = try XCTUnwrap(
      FileManager.default.enumerator(atPath: home.cloudyHome.path)?.compactMap { $0 as? String }.first {
        $0.hasSuffix("/Documents/\(gone).bookmark")
      })
    try FileManager.default.removeItem(atPath: home.cloudyHome.appendingPathComponent(documents).path)
    let trace = home.root.appendingPathComponent("trace").path
    let app = try launch(home, environment: ["CLOUDY_TRACE": trace])
    try waitForList(app, ["  Kept", "  https://kept.example"])
    XCTAssertFalse(try frames(trace).contains { $0.contains("opening=1") }, "the folder changed: \(kept)")
    try quit(app)
  }

  /// Opening the store can wait on another process's lock: Ctrl-C ends the start at once, and
  /// the terminal is given back.
  func testCtrlCWhileTheStoreWaitsForAnotherProcessEndsTheStart() throws {
    let home = try makeDocumentDevice(on: try makeSQLiteCloud("opening-busy"), named: "A")
    try home.add("https://busy.example", name: "Busy")
    try quit(try launch(home))
    let index = try XCTUnwrap(
      FileManager.default.enumerator(atPath: home.cloudyHome.path)?.compactMap { $0 as? String }.first {
        $0.hasSuffix("/index.sqlite")
      })
    // Another process holds the index's write lock for a minute.
    let log = home.root.appendingPathComponent("holder.log").path
    let holder = try ChildProcess.start(
      "/usr/bin/python3",
      [
        "-c",
        "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
          + "c.execute('BEGIN IMMEDIATE'); print('held', flush=True); time.sleep(60)",
        home.cloudyHome.appendingPathComponent(index).path,
      ], log: log)
    defer { holder.stop() }
    XCTAssertTrue(
      waitUntil(within: .seconds(10)) { (try? String(contentsOfFile: log, encoding: .utf8))?.contains("held") == true },
      "the lock is held")
    let app = try launch(home, waitUntilLoaded: false)
    try app.waitFor("Opening…")
    try app.press("C-c")
    XCTAssertEqual(try app.waitForExit(timeout: 5), 130, "ended as an interrupt ends it")
    XCTAssertEqual(try app.format("#{alternate_on} #{cursor_flag}"), "0 1", "the terminal is given back")
  }

  /// Quits with `q` and waits for the process to end.
  private func quit(_ app: TmuxSession, file: StaticString = #filePath, line: UInt = #line) throws {
    try app.type("q")
    XCTAssertEqual(try app.waitForExit(), 0, file: file, line: line)
    app.kill()
  }

  /// The trace's frame lines.
  private func frames(_ trace: String) throws -> [String] {
    try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("frame ")
    }
  }
}
