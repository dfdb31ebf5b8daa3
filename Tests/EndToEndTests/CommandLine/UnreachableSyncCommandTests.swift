import Foundation
import TestSupport
import XCTest

/// `cloudy sync` when the cloud can't be reached: one line says what happened (what waits on
/// this device, that nothing was fetched) and the exit status is 3, so a script can tell a
/// sync that failed from one that went through.
final class UnreachableSyncCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: [String], store: String, cloud: String) throws -> ChildProcess.Output {
    let environment = [
      "CLOUDY_STORE": store, "CLOUDY_CLOUD": cloud, "CLOUDY_ACCOUNT": "alice", "CLOUDY_HOME": home.path + "/" + store,
    ]
    guard let output = try ChildProcess.cloudy(arguments, environment: environment, timeout: .seconds(60)) else {
      throw Hung(description: "cloudy \(arguments) did not exit within a minute")
    }
    return output
  }

  /// A folder stands where the cloud's file should be: it can't be opened.
  private func unopenableCloud() throws -> String {
    let notAFile = home.path + "/cloud-is-a-folder.sqlite"
    try FileManager.default.createDirectory(atPath: notAFile, withIntermediateDirectories: true)
    return "sqlite:" + notAFile
  }

  func testASyncWithNothingQueuedSaysNothingWasFetchedAndExits3() throws {
    let cloud = try unopenableCloud()
    for store in ["key-value", "documents"] {
      let sync = try cloudy(["sync"], store: store, cloud: cloud)
      XCTAssertEqual(sync.status, 3, "\(store): \(sync.stderr)")
      XCTAssertEqual(sync.stderr.split(separator: "\n").count, 1, "\(store): one line: \(sync.stderr)")
      XCTAssertTrue(sync.stderr.hasPrefix("Can't reach the cloud"), "\(store): \(sync.stderr)")
      XCTAssertTrue(
        sync.stderr.hasSuffix("; nothing waited to be sent, and other devices' changes could not be fetched.\n"),
        "\(store): \(sync.stderr)")
      XCTAssertFalse(sync.stderr.contains("reached the cloud"), "\(store): \(sync.stderr)")
    }
  }

  func testASyncWithChangesQueuedSaysTheyWaitAndExits3() throws {
    let cloud = try unopenableCloud()
    for store in ["key-value", "documents"] {
      let added = try cloudy(["add", "https://queued.example", "--offline"], store: store, cloud: cloud)
      XCTAssertEqual(added.status, 0, "\(store): \(added.stderr)")
      let sync = try cloudy(["sync"], store: store, cloud: cloud)
      XCTAssertEqual(sync.status, 3, "\(store): \(sync.stderr)")
      XCTAssertEqual(sync.stderr.split(separator: "\n").count, 1, "\(store): one line: \(sync.stderr)")
      XCTAssertTrue(sync.stderr.hasSuffix("; 1 change waits on this device.\n"), "\(store): \(sync.stderr)")
    }
  }

  /// A PostgreSQL cloud on a loopback port nobody listens on is unreachable too.
  func testASyncToAClosedPostgresPortExits3() throws {
    let sync = try cloudy(["sync"], store: "key-value", cloud: "postgres://alice@127.0.0.1:\(try closedPort())/cloudy")
    XCTAssertEqual(sync.status, 3, sync.stderr)
    XCTAssertTrue(sync.stderr.hasPrefix("Can't reach the cloud"), sync.stderr)
  }

  /// A loopback port that was free a moment ago: bound, then closed.
  private func closedPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw XCTSkip("can't bind a loopback port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
