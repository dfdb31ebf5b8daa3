import Foundation
import TestSupport
import XCTest

/// Many short `cloudy` commands on one document store, each with a time limit: an edit or
/// a remove that never exits (a deadlock between the live-update threads and closing a
/// document) is a failure, however rarely it happens.
final class DocumentCommandStressTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private var environment: [String: String] {
    [
      "CLOUDY_STORE": "documents", "CLOUDY_CLOUD": "sqlite:" + home.path + "/cloud.sqlite",
      "CLOUDY_ACCOUNT": "alice", "CLOUDY_HOME": home.path + "/device",
    ]
  }

  /// How many edits to run: `CLOUDY_STRESS_COMMANDS`, else a count that keeps the suite fast.
  private static var commands: Int {
    Int(ProcessInfo.processInfo.environment["CLOUDY_STRESS_COMMANDS"] ?? "") ?? 60
  }

  /// A command that has not exited by then is taken to hang (a normal one takes well under
  /// a second; the limit leaves room for a loaded machine).
  private static let limit: Duration = .seconds(30)

  /// Given a document store, when `--offline edit` and `--offline remove` run one after
  /// another many times, then every one of them exits, successfully, within the limit.
  func testOfflineEditsAndRemovesAlwaysExit() throws {
    var ids: [String] = []
    for index in 0..<10 {
      let added = try ChildProcess.cloudy(
        ["add", "https://stress.example/\(index)", "--name", "seed \(index)", "--offline"],
        environment: environment, timeout: Self.limit)
      XCTAssertEqual(added?.status, 0, added?.stderr ?? "add did not exit within the limit")
    }
    let listed = try ChildProcess.cloudy(["list", "--offline"], environment: environment, timeout: Self.limit)
    ids = listed?.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } ?? []
    XCTAssertEqual(ids.count, 10)

    var hung = 0
    for round in 0..<Self.commands {
      if ids.count < 3 {
        let added = try ChildProcess.cloudy(
          ["add", "https://stress.example/r\(round)", "--offline"], environment: environment, timeout: Self.limit)
        guard let added else {
          hung += 1
          continue
        }
        XCTAssertEqual(added.status, 0, added.stderr)
        let listed = try ChildProcess.cloudy(["list", "--offline"], environment: environment, timeout: Self.limit)
        ids = listed?.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } ?? ids
      }
      let id = ids[round % ids.count]
      let removing = round % 5 == 4
      let arguments =
        removing ? ["remove", id, "--offline"] : ["edit", id, "--name", "edit \(round)", "--offline"]
      guard let output = try ChildProcess.cloudy(arguments, environment: environment, timeout: Self.limit) else {
        hung += 1
        continue
      }
      XCTAssertEqual(output.status, 0, "\(arguments): \(output.stderr)")
      if removing { ids.removeAll { $0 == id } }
    }
    XCTAssertEqual(hung, 0, "\(hung) of \(Self.commands) commands did not exit within \(Self.limit)")
  }
}
