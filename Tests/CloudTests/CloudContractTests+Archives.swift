import ArchiveIndexSQLite
import ArchiveSync
import Archives
import Cloud
import Foundation
import TestSupport
import XCTest

/// Kept pages through every cloud (issue 41): assets in chunks, lists of versions, the quota,
/// and what another device must refuse.
extension CloudContractTests {
  /// `count` bytes that do not compress, the same for a seed.
  private func noise(_ count: Int, seed: UInt64 = 41) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
  }

  /// Two devices of one account on the store.
  private func devices(_ store: CloudTestStore) -> (phone: ArchiveCloud, laptop: ArchiveCloud) {
    (ArchiveCloud(cloud: store.device(), origin: "phone"), ArchiveCloud(cloud: store.device(), origin: "laptop"))
  }

  private func version(_ bookmarkID: String, _ bytes: [UInt8], at seconds: Double = 1_000) -> ArchiveVersion {
    ArchiveVersion(
      bookmarkID: bookmarkID, hash: SHA256.hex(of: bytes), url: "https://example.org/page", title: "Page",
      fetched: Date(timeIntervalSince1970: seconds))
  }

  func testAKeptPageGoesUpInChunksAndComesDownWholeOnAnotherDevice() async {
    await forEachImplementation { store in
      let name = store.name
      let (phone, laptop) = devices(store)
      let bytes = noise(600_000)
      let kept = version("b1", bytes)
      let sent = try await phone.send(bytes, as: kept)
      XCTAssertEqual(sent, .uploaded(bytes: 600_000), name)

      let listed = try await laptop.versions(of: "b1")
      XCTAssertEqual(listed.map { $0.version(of: "b1") }, [kept], name)
      let fetched = try await laptop.asset(try XCTUnwrap(listed.first))
      XCTAssertEqual(fetched, bytes, "\(name): the same bytes")
      // 600,000 bytes are three chunks of at most 256 KiB: three rows, none of them the page.
      for chunk in 0..<4 {
        let record = try await laptop.cloud.record(for: "\(kept.hash)/\(chunk)", in: ArchiveCloud.assets)
        XCTAssertEqual(record?.value?.count, [262_144, 262_144, 75_712, nil][chunk], "\(name): chunk \(chunk)")
      }
      let used = try await laptop.usage()
      XCTAssertEqual(used, 600_000, name)
      let missing = try await laptop.versions(of: "b2")
      XCTAssertEqual(missing, [], "\(name): a bookmark nothing was kept of")
    }
  }

  func testAPageOfTwoBookmarksIsSentAndCountedOnce() async {
    await forEachImplementation { store in
      let name = store.name
      let (phone, laptop) = devices(store)
      let bytes = noise(1_000)
      _ = try await phone.send(bytes, as: version("b1", bytes))
      let again = try await laptop.send(bytes, as: version("b2", bytes))
      XCTAssertEqual(again, .present, name)
      let used = try await phone.usage()
      XCTAssertEqual(used, 1_000, name)
      let listed = try await phone.versions(of: "b2")
      XCTAssertEqual(listed.map(\.hash), [SHA256.hex(of: bytes)], name)
    }
  }

  func testAFullQuotaRefusesThePageAndWritesNothing() async {
    await forEachImplementation { store in
      let name = store.name
      let small = ArchiveCloud(cloud: store.device(), origin: "phone", quota: 1 << 20)
      let first = noise(700_000, seed: 1)
      _ = try await small.send(first, as: version("b1", first))
      let second = noise(400_000, seed: 2)
      do {
        _ = try await small.send(second, as: version("b2", second))
        XCTFail("\(name): passed the quota")
      } catch let error as ArchiveCloudError {
        XCTAssertEqual(error, .quotaFull(used: 700_000, quota: 1 << 20), name)
        XCTAssertEqual(
          error.description, "the cloud's space for kept pages is full (0.7 MB of 1.0 MB used)", name)
      }
      let listed = try await small.versions(of: "b2")
      XCTAssertEqual(listed, [], "\(name): no version names bytes that are not there")
      let chunk = try await small.cloud.record(for: SHA256.hex(of: second) + "/0", in: ArchiveCloud.assets)
      XCTAssertNil(chunk, name)
      let used = try await small.usage()
      XCTAssertEqual(used, 700_000, name)
    }
  }

  func testTwoDevicesKeepingOneBookmarksPageAtOnceBothKeepTheirVersion() async {
    await forEachImplementation { store in
      let name = store.name
      let (phone, laptop) = devices(store)
      let mine = noise(5_000, seed: 1)
      let theirs = noise(5_000, seed: 2)
      let first = version("b1", mine, at: 1_000)
      let second = version("b1", theirs, at: 2_000)
      async let a = phone.send(mine, as: first)
      async let b = laptop.send(theirs, as: second)
      _ = try await (a, b)
      let listed = try await phone.versions(of: "b1")
      XCTAssertEqual(listed.map(\.hash), [SHA256.hex(of: theirs), SHA256.hex(of: mine)], "\(name): newest first")
      // A bookmark keeps its newest three.
      for seed in UInt64(3)...5 {
        let more = noise(100, seed: seed)
        _ = try await phone.send(more, as: version("b1", more, at: Double(seed) * 1_000))
      }
      let kept = try await laptop.versions(of: "b1")
      XCTAssertEqual(kept.map(\.fetched), [5_000, 4_000, 3_000], name)
    }
  }

  func testWhatIsNotAPageInTheCloudIsNotTakenForOne() async {
    await forEachImplementation { store in
      let name = store.name
      let phone = ArchiveCloud(cloud: store.device(), origin: "phone")
      let other = store.device()
      // A list that is not JSON, and one with an entry whose hash is not a SHA-256.
      _ = try await other.write(
        [CloudWrite(key: "junk", value: Data("not a list".utf8))], in: ArchiveCloud.archives, origin: "x")
      let bytes = noise(300)
      let good = CloudArchive(version("b1", bytes), bytes: 300)
      var bad = good
      bad.hash = "../../etc/passwd"
      let list = try JSONEncoder().encode([bad, good])
      _ = try await other.write([CloudWrite(key: "b1", value: list)], in: ArchiveCloud.archives, origin: "x")
      let junk = try await phone.versions(of: "junk")
      XCTAssertEqual(junk, [], name)
      let listed = try await phone.versions(of: "b1")
      XCTAssertEqual(listed, [good], "\(name): only the well-formed entry")

      // Bytes changed in the cloud are not a page.
      _ = try await phone.send(bytes, as: version("b1", bytes))
      _ = try await other.write(
        [CloudWrite(key: good.hash + "/0", value: Data(noise(300, seed: 9)))], in: ArchiveCloud.assets, origin: "x")
      do {
        _ = try await phone.asset(good)
        XCTFail("\(name): damaged bytes taken")
      } catch let error as ArchiveError {
        XCTAssertEqual(error, .damagedInCloud(good.hash), name)
      }
    }
  }

  func testKeptPagesAreExchangedWithTheLibrariesOfTwoDevices() async {
    await forEachImplementation { store in
      let name = store.name
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      func library(_ device: String) throws -> ArchiveLibrary {
        let path = ArchiveLibrary.folder(inData: folder.file(device))
        return ArchiveLibrary(
          folder: path, index: try SQLiteArchiveIndex(path: path + "/index.sqlite"), fold: { $0.lowercased() })
      }
      let phone = ArchiveSharing(library: try library("phone"), cloud: ArchiveCloud(cloud: store.device(), origin: "p"))
      let laptop = ArchiveSharing(
        library: try library("laptop"), cloud: ArchiveCloud(cloud: store.device(), origin: "l"))
      let page = PageArchive(
        title: "Tower", url: "https://example.org/tower", contentType: "text/html", text: "The Tower of Tokyo",
        links: [], html: Array("<p>The Tower of Tokyo</p>".utf8))
      // Kept while the cloud could not be reached: sent by the next exchange.
      _ = try phone.library.keep(page, for: "b1", fetched: Date(timeIntervalSince1970: 1_000))
      let sent = try await phone.exchange(among: ["b1"], fetching: false)
      XCTAssertEqual(sent, ArchiveSharing.Exchange(sent: 1, fetched: 0), name)
      let nothingMore = try await phone.exchange(among: ["b1"], fetching: false)
      XCTAssertEqual(nothingMore.sent, 0, "\(name): sent once")

      XCTAssertEqual(try laptop.library.search("tokyo").count, 0, "\(name): not fetched yet")
      let fetched = try await laptop.exchange(among: ["b1"], fetching: true)
      XCTAssertEqual(fetched, ArchiveSharing.Exchange(sent: 0, fetched: 1), name)
      XCTAssertEqual(try laptop.library.search("tokyo").map(\.version.bookmarkID), ["b1"], name)
      XCTAssertEqual(try laptop.library.open(try XCTUnwrap(laptop.library.versions(of: "b1").first).hash), page, name)
      // A deleted bookmark's pages are not fetched.
      let other = try await laptop.exchange(among: ["b2"], fetching: true)
      XCTAssertEqual(other, ArchiveSharing.Exchange(), name)
    }
  }

  func testThePagesOfBookmarksGoneForGoodAreLetGoAndLeaveTheUsage() async {
    await forEachImplementation { store in
      let name = store.name
      let (phone, laptop) = devices(store)
      let shared = noise(3_000, seed: 1)
      let own = noise(600_000, seed: 2)
      _ = try await phone.send(shared, as: version("b1", shared))
      _ = try await phone.send(shared, as: version("b2", shared))
      _ = try await phone.send(own, as: version("b3", own))
      let kept = Date(timeIntervalSince1970: 1_000)

      // Within a day of being kept, a bookmark this device does not know is left alone.
      let early = try await laptop.free(keeping: [], now: kept.addingTimeInterval(3_600))
      XCTAssertEqual(early, 0, name)

      let gone = try await laptop.free(keeping: ["b2"], now: kept.addingTimeInterval(2 * 86_400))
      XCTAssertEqual(gone, 2, "\(name): b1 and b3")
      let b1 = try await phone.versions(of: "b1")
      XCTAssertEqual(b1, [], name)
      let b2 = try await phone.versions(of: "b2")
      XCTAssertEqual(b2.map(\.hash), [SHA256.hex(of: shared)], "\(name): b2 still names the shared page")
      let sharedBytes = try await phone.asset(try XCTUnwrap(b2.first))
      XCTAssertEqual(sharedBytes, shared, name)
      for chunk in 0..<3 {
        let record = try await phone.cloud.record(for: "\(SHA256.hex(of: own))/\(chunk)", in: ArchiveCloud.assets)
        XCTAssertNil(record?.value, "\(name): b3's page is gone, chunk \(chunk)")
      }
      let used = try await phone.usage()
      XCTAssertEqual(used, 3_000, name)
    }
  }

  func testADeviceLetsGoOfThePagesItKeptOfBookmarksGoneForGood() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = ArchiveLibrary.folder(inData: folder.path)
    let library = ArchiveLibrary(
      folder: path, index: try SQLiteArchiveIndex(path: path + "/index.sqlite"), fold: { $0.lowercased() })
    func page(_ text: String) -> PageArchive {
      PageArchive(
        title: text, url: "https://example.org/" + text, contentType: "text/html", text: text, links: [],
        html: Array(text.utf8))
    }
    let kept = Date(timeIntervalSince1970: 1_000)
    _ = try library.keep(page("shared"), for: "b1", fetched: kept)
    _ = try library.keep(page("shared"), for: "b2", fetched: kept)
    _ = try library.keep(page("own"), for: "b3", fetched: kept)
    XCTAssertEqual(try library.free(keeping: ["b2"], now: kept.addingTimeInterval(60)), 0, "within the grace")
    XCTAssertEqual(try library.free(keeping: ["b2"], now: kept.addingTimeInterval(2 * 86_400)), 2)
    XCTAssertEqual(try library.archivedBookmarks(), ["b2"])
    let shared = try XCTUnwrap(library.versions(of: "b2").first)
    XCTAssertNotNil(try library.open(shared.hash), "the page b2 still has")
    let assets = try FileManager.default.subpathsOfDirectory(atPath: path + "/assets").filter { $0.count > 3 }
    XCTAssertEqual(assets.count, 1, "the other page's file is deleted")
    XCTAssertEqual(try library.search("own").count, 0)
  }
}
