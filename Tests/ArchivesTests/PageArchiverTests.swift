import Archives
import Foundation
import TestSupport
import WebFetching
import WebPages
import XCTest

/// One web fixture server for this test process (it ends when the process does).
let webFixture = Result { try WebFixtureServer() }

/// Archiving real pages from the fixture server on 127.0.0.1: only the page is fetched,
/// endless and bomb-like bodies stop at the cap, and hostile text is neutralised.
final class PageArchiverTests: XCTestCase {
  private func archive(_ path: String) async throws -> Result<PageArchive, PageArchiver.Failure> {
    let fetcher = HTTPPageFetcher(environment: [:], connectTimeout: .seconds(2), requestTimeout: .seconds(10))
    let result = await PageArchiver(fetcher: fetcher).archive(try webFixture.get().url(path))
    await fetcher.shutdown()
    return result
  }

  /// How many times anything under `/archive/sub/` was asked for.
  private func subResourceRequests() async throws -> String {
    let fetcher = HTTPPageFetcher(environment: [:])
    let page = await fetcher.fetch(try webFixture.get().url("/archive/sub-count"), method: .get, bodyLimit: 100)
    await fetcher.shutdown()
    return String(decoding: try page.get().body, as: UTF8.self)
  }

  func testAnArticleIsReadWithoutFetchingWhatItRefersTo() async throws {
    let server = try webFixture.get()
    let before = try await subResourceRequests()
    let archive = try await archive("/archive/moved").get()
    XCTAssertEqual(archive.title, "Kept & Read")
    XCTAssertEqual(archive.url, server.url("/archive/article"), "the final URL, after the redirect")
    XCTAssertEqual(
      archive.text,
      """
      # The Tower

      Visit the tôwer [1] in "Tōkyō" — 東京タワー is tall.

      • First thing
      • Second thing [2]

      1. One
      2. Two

      Привет, мир. Crème brûlée for dessert.

        indented
          code

      [1] \(server.url("/archive/tower"))
      [2] https://example.org/x
      """)
    XCTAssertEqual(String(decoding: archive.html, as: UTF8.self).prefix(15), "<!DOCTYPE html>")
    let after = try await subResourceRequests()
    XCTAssertEqual(after, before, "no image, script, style or frame was fetched")
    // (The count does count: one request for an image, made here, shows in it.)
    let fetcher = HTTPPageFetcher(environment: [:])
    _ = await fetcher.fetch(server.url("/archive/sub/image.png"), method: .get, bodyLimit: 100)
    await fetcher.shutdown()
    let counted = try await subResourceRequests()
    XCTAssertEqual(Int(counted), Int(after).map { $0 + 1 })
  }

  func testAnEndlessBodyStopsAtTheCap() async throws {
    let archive = try await archive("/title/huge").get()
    XCTAssertEqual(archive.html.count, PageArchive.htmlLimit)
    XCTAssertEqual(archive.title, "Huge Page")
  }

  func testACompressionBombStopsAtTheCap() async throws {
    switch try await archive("/archive/bomb") {
    case .success(let archive): XCTAssertLessThanOrEqual(archive.html.count, PageArchive.htmlLimit)
    case .failure(let failure): XCTAssertEqual(failure.sentence.isEmpty, false)
    }
  }

  func testDeeplyNestedAndEscapingPagesAreSafe() async throws {
    let deep = try await archive("/archive/deep").get()
    XCTAssertEqual(deep.text, "At the bottom")
    let escaped = try await archive("/archive/escape").get().text
    XCTAssertFalse(escaped.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, escaped)
    XCTAssertEqual(escaped, "␛[31mRed␛[0m and ␛]0;pwned␇ safe\u{FFFD}txt.exe\u{FFFD} end")
  }

  func testWhatIsNotAPageIsNotArchived() async throws {
    let gone = try await archive("/gone")
    XCTAssertEqual(gone.failureValue, .status(404))
    let image = try await archive("/title/image")
    XCTAssertEqual(image.failureValue, .notAPage("image/png"))
    let fetcher = HTTPPageFetcher(environment: [:])
    let notWeb = await PageArchiver(fetcher: fetcher).archive("file:///etc/passwd")
    await fetcher.shutdown()
    XCTAssertEqual(notWeb.failureValue, .fetch(.notWeb))
  }
}

extension Result {
  fileprivate var failureValue: Failure? {
    if case .failure(let failure) = self { failure } else { nil }
  }
}
