import BookmarkStoreInterface
import DeviceHome
import Foundation
import StoreWiring
import Synchronization
import TestSupport
import XCTest

/// How `--store/--home/--cloud/--account` (flag, else environment, else saved setting,
/// else default) become a store, without the binary.
final class StoreChoiceTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func choice(store: StoreBackend? = nil, cloud: String? = nil, environment: [String: String] = [:])
    -> StoreChoice
  {
    StoreChoice(store: store, home: home.path, cloud: cloud, account: "tester", environment: environment)
  }

  func testTheFlagWinsOverTheEnvironmentWhichWinsOverTheSavedSetting() throws {
    XCTAssertEqual(try choice().backend(), .userDefaults, "the default")
    var saved = SavedSettings()
    saved[.store] = StoreBackend.documents.rawValue
    try saved.save(to: choice().location)
    XCTAssertEqual(try choice().backend(), .documents)
    XCTAssertEqual(try choice(environment: ["CLOUDY_STORE": "key-value"]).backend(), .keyValue)
    XCTAssertEqual(try choice(environment: ["CLOUDY_STORE": ""]).backend(), .documents, "an empty variable is unset")
    XCTAssertEqual(
      try choice(store: .userDefaults, environment: ["CLOUDY_STORE": "key-value"]).backend(), .userDefaults)
  }

  func testAnUnknownStoreNameIsOneSentenceNamingTheChoices() {
    XCTAssertThrowsError(try choice(environment: ["CLOUDY_STORE": "icloud"]).backend()) { error in
      XCTAssertEqual(
        error as? WiringError,
        WiringError("Unknown store “icloud”; choose one of user-defaults, key-value, documents."))
    }
  }

  func testAControlCharacterInTheAccountIsRefused() {
    let choice = StoreChoice(home: home.path, account: "a\u{1B}[2Jb", environment: [:])
    XCTAssertThrowsError(try choice.accountName()) { error in
      XCTAssertEqual(
        error as? WiringError,
        WiringError("An account name must be at most 200 bytes, with no control characters."))
    }
  }

  func testANamedCloudInAFolderThatDoesNotExistIsRefusedAndNothingIsMade() throws {
    let missing = home.path + "/no-such-folder/cloud.sqlite"
    XCTAssertThrowsError(try choice(store: .keyValue, cloud: "sqlite:" + missing).makeStore()) { error in
      XCTAssertTrue((error as? WiringError)?.description.contains("does not exist") == true, "\(error)")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/no-such-folder"))
  }

  func testANewNamedCloudIsRemarkedOnAndTheDefaultCloudIsNot() throws {
    let remarks = Mutex<[String]>([])
    let named = home.path + "/shared.sqlite"
    for cloud in [nil, "sqlite:" + named] {
      let choice = StoreChoice(
        store: .keyValue, home: home.path, cloud: cloud, account: "tester", environment: [:],
        notice: { remark in remarks.withLock { $0.append(remark) } })
      _ = try choice.makeStore()
    }
    XCTAssertEqual(remarks.withLock { $0 }, ["No cloud at \(named) yet; Cloudy creates a new, empty one there."])
  }

  func testOfflineOpensASyncedStoreWithoutItsCloud() async throws {
    let store = try StoreChoice(
      store: .documents, home: home.path, cloud: "postgres://nobody@127.0.0.1:1/none", account: "tester",
      offline: true, environment: [:]
    ).makeStore()
    XCTAssertEqual(store.backend, .documents)
    let status = await store.sync()
    XCTAssertEqual(status?.sync, .offline, "no connection was tried")
    XCTAssertNil(status?.problem)
  }
}
