import Foundation
import TestSupport
import XCTest

@testable import DocumentContainer

/// A version's id kept as a UUID's 16 bytes when it is one in the upper-case form, and as
/// text otherwise: the text always comes back as it was, and two versions are equal (and
/// hash alike) exactly when their ids' texts are.
final class VersionIDTests: XCTestCase {
  func testEveryIdComesBackAsItWasAndIsEqualExactlyWhenItsTextIs() {
    var random = SplitMix64(seed: 3939)
    var ids = (0..<200).map { _ in UUID().uuidString }
    ids += ids.prefix(20).map { $0.lowercased() }
    ids += ["", "v1", "other", "10BE6674-BF7A-4D51-9F4F-3DC7F5420B5", "10BE6674-BF7A-4D51-9F4F-3DC7F5420B591"]
    ids += [
      "10BE6674+BF7A-4D51-9F4F-3DC7F5420B59", "10BE6674-BF7A-4D51-9F4F-3DC7F5420B5G", "東京-BF7A-4D51-9F4F-3DC7F5420B5",
    ]
    ids += (0..<200).map { _ in
      String((0..<36).map { _ in Array("0123456789ABCDEFabcdef-x")[random.below(24)] })
    }
    for id in ids {
      let version = MetadataQuery.Version(id: id, conflictVersions: 1)
      XCTAssertEqual(version.id, id)
      var changed = version
      changed.id = "v2"
      XCTAssertEqual(changed.id, "v2")
    }
    XCTAssertEqual(
      ids.prefix(200).filter { if case .uuid = VersionID($0) { true } else { false } }.count, 200,
      "an upper-case UUID is kept as its bytes")
    for _ in 0..<2_000 {
      let (a, b) = (ids[random.below(ids.count)], ids[random.below(ids.count)])
      let (left, right) = (
        MetadataQuery.Version(id: a, conflictVersions: 0), MetadataQuery.Version(id: b, conflictVersions: 0)
      )
      XCTAssertEqual(left == right, a == b, "\(a) and \(b)")
      if a == b { XCTAssertEqual(left.hashValue, right.hashValue) }
    }
  }
}
