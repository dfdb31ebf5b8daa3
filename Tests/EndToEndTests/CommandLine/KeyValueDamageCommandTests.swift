import Foundation
import TestSupport
import XCTest

/// The key-value store's local copy damaged on disk: changes queued in it must survive,
/// and a rebuilt or emptied copy is never shown as an empty (or complete) library without
/// a word.
final class KeyValueDamageCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: [String], device: String) throws -> ChildProcess.Output {
    let environment = [
      "CLOUDY_STORE": "key-value", "CLOUDY_CLOUD": "sqlite:" + home.path + "/cloud.sqlite",
      "CLOUDY_ACCOUNT": "alice", "CLOUDY_HOME": home.path + "/" + device,
    ]
    guard let output = try ChildProcess.cloudy(arguments, environment: environment, timeout: .seconds(60)) else {
      throw Hung(description: "cloudy \(arguments) did not exit within a minute")
    }
    return output
  }

  private func urls(_ output: ChildProcess.Output) -> Set<String> {
    Set(output.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[2]) })
  }

  /// The device's local copy: `data/key-value/<account>@<cloud>.plist`.
  private func localCopy(device: String) throws -> String {
    let folder = home.path + "/" + device + "/data/key-value"
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".plist") }
    guard names.count == 1 else { throw Hung(description: "local copies: \(names)") }
    return folder + "/" + names[0]
  }

  /// Given a change queued offline, when one bit of the local copy flips, then the next
  /// online run still pushes the queued change and says the copy was rebuilt.
  func testAQueuedChangeSurvivesAFlippedBitInTheLocalCopy() throws {
    for index in 1...2 {
      XCTAssertEqual(try cloudy(["add", "https://synced.example/\(index)"], device: "a").status, 0)
    }
    let queued = try cloudy(["add", "https://queued.example", "--offline"], device: "a")
    XCTAssertEqual(queued.status, 0, queued.stderr)

    let path = try localCopy(device: "a")
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let dict = Array("<dict>".utf8)
    let at = (0...(bytes.count - dict.count)).first { Array(bytes[$0..<$0 + dict.count]) == dict }!
    bytes[at] ^= 0x01
    try Data(bytes).write(to: URL(fileURLWithPath: path))

    let listed = try cloudy(["list"], device: "a")
    XCTAssertEqual(listed.status, 0, listed.stderr)
    let all: Set = ["https://synced.example/1", "https://synced.example/2", "https://queued.example"]
    XCTAssertEqual(urls(listed), all, "the queued change was dropped")
    XCTAssertTrue(listed.stderr.contains("local copy"), "the rebuild went unsaid: \(listed.stderr)")
    XCTAssertEqual(urls(try cloudy(["list"], device: "b")), all, "the queued change never reached the cloud")
  }

  /// Given an emptied local copy, when listing offline, then the list says it may be
  /// incomplete rather than passing for an empty library.
  func testAnEmptiedLocalCopyIsNotListedSilentlyAsEmpty() throws {
    XCTAssertEqual(try cloudy(["add", "https://synced.example/1"], device: "a").status, 0)
    let path = try localCopy(device: "a")
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))

    let offline = try cloudy(["list", "--offline"], device: "a")
    XCTAssertTrue(offline.stderr.contains("local copy"), "silent: \(offline.stderr)")
    let online = try cloudy(["list"], device: "a")
    XCTAssertEqual(online.status, 0, online.stderr)
    XCTAssertEqual(urls(online), ["https://synced.example/1"])
  }
}
