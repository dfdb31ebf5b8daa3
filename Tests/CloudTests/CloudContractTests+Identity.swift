import Cloud
import Foundation
import XCTest

/// Identity: made once with the cloud and stored in it, so a device can tell a reset or
/// replaced cloud from the one its token belongs to.
extension CloudContractTests {
  func testEveryDeviceOfOneCloudSeesTheSameLastingIdentity() async {
    await forEachImplementation { store in
      let name = store.name
      let phone = store.device()
      let identity = try await phone.identity()
      XCTAssertFalse(identity.isEmpty, "\(name): an identity")
      _ = try await phone.put("k", "v")
      let other = try await store.device(account: "bob").identity()
      XCTAssertEqual(other, identity, "\(name): one identity for every device and account")
      await phone.close()
      let later = try await store.device().identity()
      XCTAssertEqual(later, identity, "\(name): it lasts")
    }
  }

  func testAResetCloudHasANewIdentity() async {
    await forEachImplementation { store in
      let name = store.name
      let before = try await store.device().identity()
      try store.reset()
      let after = try await store.device().identity()
      XCTAssertNotEqual(before, after, "\(name): a reset cloud is another cloud")
      let again = try await store.device().identity()
      XCTAssertEqual(again, after, "\(name): and keeps its new identity")
    }
  }
}
