import Foundation
import XCTest

/// A stand-in browser for the tests: a shell script that writes the arguments it got, each
/// ended by NUL, to a file (through a temporary file and `mv`, so the file appears whole),
/// then prints to its stdout and stderr, which must never reach Cloudy's screen, and then
/// leaves a second file to say it has printed.
struct BrowserScript {
  let path: String
  let output: URL

  init(in home: CloudyHome, name: String = "browser") throws {
    output = home.root.appendingPathComponent("\(name)-arguments")
    path = home.root.appendingPathComponent(name).path
    try """
    #!/bin/sh
    printf '%s\\0' "$@" > '\(output.path).tmp'
    mv '\(output.path).tmp' '\(output.path)'
    echo "SCRIBBLE on stdout"
    echo "SCRIBBLE on stderr" >&2
    : > '\(output.path).printed'
    """.write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o700)
  }

  /// The arguments the browser got, once it has run (waits at most 5 s).
  func arguments(file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
    let deadline = Date().addingTimeInterval(5)
    while !FileManager.default.fileExists(atPath: output.path) {
      guard Date() < deadline else {
        XCTFail("the browser never ran", file: file, line: line)
        return []
      }
      usleep(20_000)
    }
    let data = try Data(contentsOf: output)
    return String(decoding: data, as: UTF8.self).split(separator: "\0", omittingEmptySubsequences: false)
      .dropLast().map(String.init)
  }

  /// Waits (at most 5 s) until the browser has printed its lines.
  func waitUntilPrinted(file: StaticString = #filePath, line: UInt = #line) {
    let deadline = Date().addingTimeInterval(5)
    while !FileManager.default.fileExists(atPath: output.path + ".printed") {
      guard Date() < deadline else { return XCTFail("the browser never printed", file: file, line: line) }
      usleep(20_000)
    }
  }

  var hasRun: Bool { FileManager.default.fileExists(atPath: output.path) }
}

extension CloudyHome {
  /// Stores bookmarks through `cloudy import` of a Cloudy JSON file, as a browser's export
  /// brings them in (`javascript:` and `file:` URLs included: kept as text, never opened).
  func importJSON(_ bookmarks: [(name: String, url: String)], file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    let entries = bookmarks.enumerated().map { index, bookmark in
      [
        "id": "imported-\(index)", "name": bookmark.name, "url": bookmark.url, "created": "2026-01-01T00:00:00Z",
        "modified": "2026-01-01T00:00:00Z",
      ]
    }
    let path = root.appendingPathComponent("import.json")
    try JSONSerialization.data(withJSONObject: entries).write(to: path)
    let result = try cli("import", path.path, "--yes")
    XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
  }
}
