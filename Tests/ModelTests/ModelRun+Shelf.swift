import BookmarkModel
import BookmarkStoreInterface
import DocumentBookmarks
import Foundation
import Shelf

extension ModelRun {
  /// The account's shelf, made by the run (the account is its owner) with three rows of a
  /// team's, so there is something to save before anything is published.
  func makeShelf() async throws {
    let shelf = devices[0].shelf
    _ = try await shelf.access()
    try await shelf.create(worldReadable: false)
    for n in 1...3 {
      let row = try await shelf.add(name: "Team \(n)", url: "https://team.example/\(n)")
      model.shelf[row.name + "\t" + row.url, default: 0] += 1
    }
  }

  /// `p`: a copy of the bookmark goes on the shelf. The shelf is queried, not mirrored, so a
  /// device cut off from the network is left out (the app's shelf is read-only then).
  func publish(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    guard device.online, let bookmark = await pickBookmark(d, pick) else { return }
    await device.press(.character("p"))
    guard device.message == "Published “\(bookmark.name)” to the team shelf." else {
      throw fail("acknowledged", "publishing \(bookmark.id) said “\(device.message)”")
    }
    model.shelf[bookmark.name + "\t" + bookmark.url, default: 0] += 1
    try await checkShelf()
    note(d, "publishes \(bookmark.id) to the shelf")
  }

  /// `Tab`, a row, `P`, `Tab`: a copy saved into my bookmarks, as an add of this device's
  /// (`u` takes it back); or, when my list has its URL, nothing but the sentence saying so.
  func saveFromShelf(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    guard device.online else { return }
    await device.press(.tab)
    guard device.model.state.showsShelf, let rows = device.model.state.shelf?.bookmarks, !rows.isEmpty else {
      throw fail("driver", "Tab showed no shelf rows (\(String(describing: device.model.state.shelf?.problem)))")
    }
    await device.press(.home)
    for _ in 0..<(pick % rows.count) { await device.press(.down) }
    guard let chosen = device.model.state.shelf?.selected else { throw fail("driver", "no shelf row selected") }
    let listedBefore = Set(device.model.state.bookmarks.map(\.id))
    await device.press(.character("P"))
    let message = device.message
    await device.press(.tab)
    guard !device.model.state.showsShelf else { throw fail("driver", "Tab on the shelf did not go back") }
    if message.hasSuffix("in your bookmarks has this URL already.") {
      guard device.model.state.bookmarks.contains(where: { $0.url == chosen.url }) else {
        throw fail(
          "acknowledged", "saving “\(chosen.name)” from the shelf said “\(message)”, but no bookmark has its URL")
      }
      note(d, "saves “\(chosen.name)” from the shelf: \(message)")
      return
    }
    guard message == "Saved “\(chosen.name)” into your bookmarks; u takes it back.",
      let saved = device.model.state.bookmarks.first(where: { !listedBefore.contains($0.id) })
    else {
      throw fail("acknowledged", "saving “\(chosen.name)” from the shelf said “\(message)”")
    }
    let fields = Self.fields(saved)
    guard fields == ModelFields(name: chosen.name, url: chosen.url, folder: [], notes: "", tags: []) else {
      throw fail("acknowledged", "“\(chosen.name)” \(chosen.url) saved from the shelf is listed as \(fields)")
    }
    acknowledgeNew(saved.id, fields, as: "save of “\(fields.name)”", on: d)
    note(d, "saves \(saved.id) \(fields) from the shelf")
  }

  /// The shelf holds exactly the rows the model has: the run's three and every one published.
  func checkShelf() async throws {
    let page = try await devices[0].shelf.page(matching: "", after: nil, limit: 100_000)
    var rows: [String: Int] = [:]
    for row in page.bookmarks { rows[row.name + "\t" + row.url, default: 0] += 1 }
    guard rows == model.shelf else {
      throw fail(
        "shelf",
        "the shelf holds \(rows.sorted { $0.key < $1.key }); the model has \(model.shelf.sorted { $0.key < $1.key })")
    }
  }
}
