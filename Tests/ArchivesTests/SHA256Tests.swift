import XCTest

@testable import Archives

/// The asset names: FIPS 180-4's test vectors, and updates in pieces agreeing with one.
final class SHA256Tests: XCTestCase {
  func testKnownDigests() {
    XCTAssertEqual(SHA256.hex(of: []), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    XCTAssertEqual(
      SHA256.hex(of: Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    XCTAssertEqual(
      SHA256.hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    XCTAssertEqual(
      SHA256.hex(of: [UInt8](repeating: 0x61, count: 1_000_000)),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  func testPiecesHashAsTheWhole() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    for split in [0, 1, 55, 56, 63, 64, 65, 500, 999] {
      var hasher = SHA256()
      hasher.update(Array(bytes[..<split]))
      hasher.update(Array(bytes[split...]))
      var whole = SHA256()
      whole.update(bytes)
      XCTAssertEqual(hasher.finalize(), whole.finalize(), "split at \(split)")
    }
  }
}
