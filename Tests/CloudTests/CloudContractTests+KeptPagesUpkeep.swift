import ArchiveSync
import Archives
import DeviceHome
import Foundation
import PageAccess
import TestSupport
import XCTest

/// The upkeep of kept pages after a sync reached the cloud (`KeptPagesUpkeep`), on every
/// cloud: what waited here is sent, and pages are let go only when the store is known whole.
extension CloudContractTests {
  func testTheUpkeepSendsWhatWaitedAndLetsGoOnlyWithTheStoreWhole() async {
    await forEachImplementation { store in
      let name = store.name
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      let location = StoreLocation(configDirectory: folder.file("config"), dataDirectory: folder.file("data"))
      let library = try XCTUnwrap(ArchiveAccess.library(in: location, creating: true))
      let phone = ArchiveCloud(cloud: store.device(), origin: "phone")
      let laptop = ArchiveCloud(cloud: store.device(), origin: "laptop")
      func page(_ text: String) -> PageArchive {
        PageArchive(
          title: text, url: "https://example.org/" + text, contentType: "text/html", text: text, links: [],
          html: Array(text.utf8))
      }
      let kept = Date(timeIntervalSince1970: 1_000)
      let later = kept.addingTimeInterval(2 * 86_400)
      // b1 kept offline (waits here), b2 kept and sent; b2 is then deleted for good.
      _ = try library.keep(page("waited"), for: "b1", fetched: kept)
      _ = try library.keep(page("gone"), for: "b2", fetched: kept)
      _ = try await ArchiveSharing(library: library, cloud: phone).sendNewest(of: "b2")

      let unknown = try await KeptPagesUpkeep.keepUp(
        in: location, through: phone, listed: ["b1"], deleted: nil, now: later)
      XCTAssertEqual(
        unknown, KeptPagesUpkeep.Done(sent: 1, freed: 0), "\(name): nothing let go but from the whole store")
      let waited = try await laptop.versions(of: "b1")
      XCTAssertEqual(waited.count, 1, "\(name): the page that waited is in the cloud")
      let stillThere = try await laptop.versions(of: "b2")
      XCTAssertEqual(stillThere.count, 1, name)

      let soon = try await KeptPagesUpkeep.keepUp(
        in: location, through: phone, listed: ["b1"], deleted: [], now: kept.addingTimeInterval(60))
      XCTAssertEqual(soon, KeptPagesUpkeep.Done(), "\(name): within a day of keeping, nothing goes")

      let whole = try await KeptPagesUpkeep.keepUp(
        in: location, through: phone, listed: ["b1"], deleted: [], now: later)
      XCTAssertEqual(whole, KeptPagesUpkeep.Done(sent: 0, freed: 1), name)
      let gone = try await laptop.versions(of: "b2")
      XCTAssertEqual(gone, [], name)
      XCTAssertEqual(try library.archivedBookmarks(), ["b1"], name)

      let inTrash = try await KeptPagesUpkeep.keepUp(
        in: location, through: phone, listed: [], deleted: ["b1"], now: later)
      XCTAssertEqual(inTrash, KeptPagesUpkeep.Done(), "\(name): Recently Deleted keeps its pages")
    }
  }
}
