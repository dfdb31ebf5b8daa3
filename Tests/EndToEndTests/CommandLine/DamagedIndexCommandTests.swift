import Foundation
import TestSupport
import XCTest

/// The document store's metadata index is a cache of the documents and the cloud: a
/// damaged one is kept aside and rebuilt, never a reason to refuse to work.
final class DamagedIndexCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: [String], device: String = "a") throws -> ChildProcess.Output {
    let environment = [
      "CLOUDY_STORE": "documents", "CLOUDY_CLOUD": "sqlite:" + home.path + "/cloud.sqlite",
      "CLOUDY_ACCOUNT": "alice", "CLOUDY_HOME": home.path + "/" + device,
    ]
    guard let output = try ChildProcess.cloudy(arguments, environment: environment, timeout: .seconds(60)) else {
      throw Hung(description: "cloudy \(arguments) did not exit within a minute")
    }
    return output
  }

  private func names(_ output: ChildProcess.Output) -> Set<String> {
    Set(output.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) })
  }

  func testADamagedIndexIsKeptAsideAndRebuilt() throws {
    XCTAssertEqual(try cloudy(["add", "https://one.example", "--name", "one"]).status, 0)
    XCTAssertEqual(try cloudy(["add", "https://two.example", "--name", "two"]).status, 0)
    XCTAssertEqual(try cloudy(["add", "https://queued.example", "--name", "queued", "--offline"]).status, 0)
    let root = home.path + "/a/data/documents"
    let container = try FileManager.default.contentsOfDirectory(atPath: root)[0]
    let index = root + "/" + container + "/index.sqlite"
    try Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }).write(to: URL(fileURLWithPath: index))

    let listed = try cloudy(["list"])
    XCTAssertEqual(listed.status, 0, listed.stderr)
    XCTAssertEqual(names(listed), ["one", "two", "queued"])
    XCTAssertTrue(listed.stderr.contains("index") && listed.stderr.contains("kept"), "unsaid: \(listed.stderr)")
    let kept = try FileManager.default.contentsOfDirectory(atPath: root + "/" + container)
      .filter { $0.hasPrefix("index.sqlite.damaged-") }
    XCTAssertEqual(kept.count, 1, "the damaged index is kept aside")

    let other = try cloudy(["list"], device: "b")
    XCTAssertEqual(names(other), ["one", "two", "queued"], "the change queued before the damage was pushed")
    let again = try cloudy(["list"])
    XCTAssertEqual(again.stderr, "", "said once")
    XCTAssertEqual(names(again), ["one", "two", "queued"])
  }
}
