import DeviceHome
import Foundation
import XCTest

/// The conflict dialog names devices as people do, not by their random ids.
final class DeviceNameTests: XCTestCase {
  func testTheDefaultIsTheHostNameAndTheHomeFoldersName() {
    let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? ""
    XCTAssertEqual(DeviceIdentity.name(given: nil, home: "/tmp/homes/device-a"), "\(host) · device-a")
    XCTAssertEqual(DeviceIdentity.name(given: "", home: "/srv/work"), "\(host) · work")
  }

  func testAGivenNameWinsAndCannotCarryControls() {
    XCTAssertEqual(DeviceIdentity.name(given: "Work laptop", home: "/x"), "Work laptop")
    XCTAssertEqual(DeviceIdentity.name(given: "Evil\u{1B}]0;t\u{07}\u{202E}", home: "/x"), "Evil]0;t")
    XCTAssertEqual(DeviceIdentity.name(given: String(repeating: "n", count: 100), home: "/x").count, 64)
  }
}
