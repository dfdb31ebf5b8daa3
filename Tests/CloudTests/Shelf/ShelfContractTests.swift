import Foundation
import Shelf
import TestSupport
import XCTest

/// Issue 20: one contract for every team shelf (SQLite; PostgreSQL when the test server
/// runs). Three accounts: `owner` and `editor` share a PostgreSQL role, `reader` has the
/// other one; `stranger` has no role on the shelf.
final class ShelfContractTests: XCTestCase {
  private func eachShelf(_ body: (ShelfImplementation) async throws -> Void) async throws {
    for implementation in try ShelfImplementation.all() {
      do {
        try await body(implementation)
      } catch {
        await implementation.close()
        XCTFail("\(implementation.name): \(error)")
        continue
      }
      await implementation.close()
    }
  }

  private func team(_ implementation: ShelfImplementation) async throws -> (
    owner: any ShelfService, editor: any ShelfService, reader: any ShelfService, stranger: any ShelfService
  ) {
    try await implementation.team()
  }

  private func refusal(_ body: () async throws -> Void) async -> ShelfError? {
    do {
      try await body()
      return nil
    } catch let error as ShelfError {
      return error
    } catch {
      XCTFail("not a ShelfError: \(error)")
      return nil
    }
  }

  func testEachRoleMayDoWhatItShouldAndNoMore() async throws {
    try await eachShelf { shelf in
      let (owner, editor, reader, stranger) = try await team(shelf)
      let added = try await editor.add(name: "Runbook", url: "https://wiki.example/runbook")
      XCTAssertEqual(added.createdBy, "editor", shelf.name)
      let value1 = try await reader.bookmark(id: added.id)?.name
      XCTAssertEqual(value1, "Runbook", shelf.name)
      let value2 = try await reader.page(matching: "", after: nil, limit: 10).bookmarks.map(\.id)
      XCTAssertEqual(value2, [added.id])

      let readerAdd = await refusal { _ = try await reader.add(name: "X", url: "https://x.example") }
      XCTAssertEqual(readerAdd, .readOnly, shelf.name)
      let readerEdit = await refusal {
        _ = try await reader.edit(id: added.id, name: "X", url: "https://x.example", basedOn: added.version)
      }
      XCTAssertEqual(readerEdit, .readOnly, shelf.name)
      let readerRemove = await refusal { try await reader.remove(id: added.id) }
      XCTAssertEqual(readerRemove, .readOnly, shelf.name)
      let readerGrant = await refusal { try await reader.grant(account: "stranger", group: nil, role: .owner) }
      XCTAssertEqual(readerGrant, .notOwner, shelf.name)
      let editorGrant = await refusal { try await editor.grant(account: "editor", group: nil, role: .owner) }
      XCTAssertEqual(editorGrant, .notOwner, shelf.name)

      let strangerRead = await refusal { _ = try await stranger.page(matching: "", after: nil, limit: 10) }
      XCTAssertEqual(strangerRead, .notReadable, shelf.name)
      let strangerMembers = await refusal { _ = try await stranger.members() }
      XCTAssertEqual(strangerMembers, .notReadable, shelf.name)

      // World-readable: anyone reads, nobody without a role writes.
      try await owner.setWorldReadable(true)
      let value3 = try await stranger.page(matching: "run", after: nil, limit: 10).bookmarks.count
      XCTAssertEqual(value3, 1, shelf.name)
      let strangerAdd = await refusal { _ = try await stranger.add(name: "X", url: "https://x.example") }
      XCTAssertEqual(strangerAdd, .readOnly, shelf.name)

      let edited = try await owner.edit(
        id: added.id, name: "Runbook (prod)", url: added.url, basedOn: added.version)
      guard case .edited(let now) = edited else { return XCTFail("\(shelf.name): \(edited)") }
      XCTAssertEqual(now.createdBy, "editor", shelf.name)
      XCTAssertEqual(now.modifiedBy, "owner", shelf.name)
      XCTAssertGreaterThan(now.version, added.version, shelf.name)

      let members = try await reader.members()
      XCTAssertEqual(members.map(\.account), ["owner", "editor", "reader"], shelf.name)
      XCTAssertEqual(members.map(\.role), [.owner, .editor, .reader], shelf.name)

      try await editor.remove(id: added.id)
      let value4 = try await owner.bookmark(id: added.id)
      XCTAssertNil(value4, shelf.name)
    }
  }

  func testRolesAreManagedByOwnersAndTheShelfAlwaysKeepsOne() async throws {
    try await eachShelf { shelf in
      let (owner, editor, _, _) = try await team(shelf)
      let again = await refusal { try await editor.create(worldReadable: true) }
      XCTAssertEqual(again, .alreadyOwned, shelf.name)
      let unknown = await refusal { try await owner.grant(account: "nobody-here", group: nil, role: .reader) }
      XCTAssertEqual(unknown, .noSuchAccount("nobody-here"), shelf.name)
      let lastRevoked = await refusal { try await owner.revoke(account: "owner", group: nil) }
      XCTAssertEqual(lastRevoked, .lastOwner, shelf.name)
      let lastDemoted = await refusal { try await owner.grant(account: "owner", group: nil, role: .editor) }
      XCTAssertEqual(lastDemoted, .lastOwner, shelf.name)
      // With a second owner, the first may step down.
      try await owner.grant(account: "editor", group: nil, role: .owner)
      try await editor.grant(account: "owner", group: nil, role: .reader)
      let value5 = try await owner.access().role
      XCTAssertEqual(value5, .reader, shelf.name)
      let nowReader = await refusal { _ = try await owner.add(name: "X", url: "https://x.example") }
      XCTAssertEqual(nowReader, .readOnly, shelf.name)
    }
  }

  func testARoleRevokedWhileADeviceIsOpenTakesEffectAtOnce() async throws {
    try await eachShelf { shelf in
      let (owner, editor, _, _) = try await team(shelf)
      _ = try await editor.add(name: "Before", url: "https://before.example")
      try await owner.revoke(account: "editor", group: nil)
      let after = await refusal { _ = try await editor.add(name: "After", url: "https://after.example") }
      XCTAssertEqual(after, .notReadable, shelf.name)
      let read = await refusal { _ = try await editor.page(matching: "", after: nil, limit: 5) }
      XCTAssertEqual(read, .notReadable, shelf.name)
    }
  }

  /// Two editors change one bookmark from the same version: the second edit is kept beside
  /// the first, as the document store keeps both versions; an edit of a removed bookmark
  /// brings it back.
  func testConcurrentEditsKeepBothVersions() async throws {
    try await eachShelf { shelf in
      let (owner, editor, _, _) = try await team(shelf)
      let original = try await owner.add(name: "Dashboards", url: "https://grafana.example")
      let first = try await owner.edit(
        id: original.id, name: "Dashboards (owner)", url: original.url, basedOn: original.version)
      let second = try await editor.edit(
        id: original.id, name: "Dashboards (editor)", url: original.url, basedOn: original.version)
      guard case .edited = first, case .keptBeside(let kept) = second else {
        return XCTFail("\(shelf.name): \(first), \(second)")
      }
      XCTAssertNotEqual(kept.id, original.id, shelf.name)
      let names = try await owner.page(matching: "dashboards", after: nil, limit: 10).bookmarks.map(\.name)
      XCTAssertEqual(names, ["Dashboards (editor)", "Dashboards (owner)"], shelf.name)

      try await owner.remove(id: original.id)
      let late = try await editor.edit(id: original.id, name: "Back", url: original.url, basedOn: original.version)
      guard case .keptBeside(let back) = late else { return XCTFail("\(shelf.name): \(late)") }
      XCTAssertEqual(back.id, original.id, "an edit beats a remove: \(shelf.name)")
    }
  }

  func testPagesAreSortedAndSearchesFindSubstringsOfAnyLength() async throws {
    try await eachShelf { shelf in
      let (owner, _, reader, _) = try await team(shelf)
      for index in 0..<120 {
        _ = try await owner.add(name: String(format: "Service %03d", index), url: "https://svc\(index).example/")
      }
      _ = try await owner.add(name: "東京 office wiki", url: "https://tokyo.example/")
      _ = try await owner.add(name: "100% uptime_report", url: "https://sre.example/")
      _ = try await owner.add(name: "ALERTS", url: "https://alerts.example/Pager")

      var seen: [String] = []
      var after: ShelfCursor?
      repeat {
        let page = try await reader.page(matching: "", after: after, limit: 50)
        seen += page.bookmarks.map(\.name)
        after = page.hasMore ? page.bookmarks.last?.cursor : nil
      } while after != nil
      XCTAssertEqual(seen.count, 123, shelf.name)
      XCTAssertEqual(seen, seen.sorted { $0.lowercased() < $1.lowercased() }, shelf.name)

      func names(_ query: String) async throws -> [String] {
        try await reader.page(matching: query, after: nil, limit: 200).bookmarks.map(\.name)
      }
      let value6 = try await names("東")
      XCTAssertEqual(value6, ["東京 office wiki"], shelf.name)
      let value7 = try await names("東京")
      XCTAssertEqual(value7, ["東京 office wiki"], shelf.name)
      let value8 = try await names("alerts")
      XCTAssertEqual(value8, ["ALERTS"], shelf.name)
      let value9 = try await names("pager")
      XCTAssertEqual(value9, ["ALERTS"], "the URL is searched too: \(shelf.name)")
      let value10 = try await names("0%")
      XCTAssertEqual(value10, ["100% uptime_report"], "% is a character: \(shelf.name)")
      let value11 = try await names("e_r")
      XCTAssertEqual(value11, ["100% uptime_report"], "_ is a character: \(shelf.name)")
      let value12 = try await names("service 11").count
      XCTAssertEqual(value12, 10, shelf.name)
      let value13 = try await names("no such thing")
      XCTAssertEqual(value13, [], shelf.name)
    }
  }

  func testAnotherAccountsChangeIsSignalled() async throws {
    try await eachShelf { shelf in
      let (owner, _, reader, _) = try await team(shelf)
      var signals = reader.signals().makeAsyncIterator()
      // The first signal (the connection made) may come before or after the add; wait until a
      // page shows it, signal by signal.
      _ = try await owner.add(name: "Live", url: "https://live.example")
      var shown = false
      let deadline = ContinuousClock.now + .seconds(15)
      while !shown, ContinuousClock.now < deadline {
        _ = await signals.next()
        shown = try await reader.page(matching: "live", after: nil, limit: 5).bookmarks.count == 1
      }
      XCTAssertTrue(shown, shelf.name)
    }
  }

  func testNamesAndURLsWithControlCharactersAreRefused() async throws {
    try await eachShelf { shelf in
      let (owner, _, _, _) = try await team(shelf)
      let escape = await refusal { _ = try await owner.add(name: "Evil\u{1B}[2J", url: "https://x.example") }
      XCTAssertNotNil(escape, shelf.name)
      let empty = await refusal { _ = try await owner.add(name: "", url: "https://x.example") }
      XCTAssertNotNil(empty, shelf.name)
    }
  }
}
