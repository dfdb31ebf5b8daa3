import Foundation
import TestSupport
import XCTest

/// Cloudy's folders are 0700 and its files 0600: a looser mode set by hand (0777, 0666) is
/// put back when a command opens the store, not left for every user of the machine.
final class FileModeCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func mode(_ path: String) throws -> Int {
    try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
  }

  func testLooseModesSetByHandAreMadePrivateAgain() throws {
    for store in ["user-defaults", "key-value"] {
      let environment = ["CLOUDY_HOME": home.path, "CLOUDY_STORE": store, "CLOUDY_ACCOUNT": "alice"]
      XCTAssertEqual(try ChildProcess.cloudy(["add", "https://private.example"], environment: environment).status, 0)
      let folders = [home.path + "/config", home.path + "/data"].filter { FileManager.default.isDirectory($0) }
      let files = try folders.flatMap { folder in
        try FileManager.default.contentsOfDirectory(atPath: folder).map { folder + "/" + $0 }
          .filter { !FileManager.default.isDirectory($0) }
      }
      XCTAssertTrue(files.contains(home.path + "/config/cloudy.plist"), "\(files)")
      XCTAssertEqual(folders.count, store == "key-value" ? 2 : 1, "\(store): \(folders)")
      for folder in folders { chmod(folder, 0o777) }
      for file in files { chmod(file, 0o666) }

      let listed = try ChildProcess.cloudy(["list"], environment: environment)
      XCTAssertEqual(listed.status, 0, listed.stderr)
      for folder in folders { XCTAssertEqual(try mode(folder), 0o700, "\(store): \(folder)") }
      for file in files { XCTAssertEqual(try mode(file), 0o600, "\(store): \(file)") }
    }
  }

  /// Only group and other bits are taken off: a home made read-only by hand stays so.
  func testAReadOnlyFolderStaysReadOnly() throws {
    let environment = ["CLOUDY_HOME": home.path]
    XCTAssertEqual(try ChildProcess.cloudy(["add", "https://private.example"], environment: environment).status, 0)
    let config = home.path + "/config"
    chmod(config, 0o555)
    defer { chmod(config, 0o700) }
    let listed = try ChildProcess.cloudy(["list"], environment: environment)
    XCTAssertEqual(listed.status, 0, listed.stderr)
    XCTAssertEqual(try mode(config), 0o500)
  }
}

extension FileManager {
  fileprivate func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
