import BookmarkModel
import BookmarkStoreInterface
import DocumentBookmarks
import Foundation
import Shelf

extension ModelRun {
  func delete(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    guard let bookmark = await pickBookmark(d, pick) else { return }
    await device.press(.character("d"), .character("y"))
    guard device.message == "Deleted “\(bookmark.name)”; D shows Recently Deleted." else {
      throw fail("acknowledged", "deleting \(bookmark.id) said “\(device.message)”")
    }
    let fields = Self.fields(bookmark)
    if model.bookmarks[bookmark.id] == nil {
      // Gone from the account already (deleted elsewhere, unseen here): this device said its
      // Recently Deleted has it, and so it must, as this device had it.
      model.touch(bookmark.id, by: d, value: nil)
      model.deleted[bookmark.id] = (fields, clock.peek())
    } else {
      model.delete(bookmark.id, at: clock.peek(), by: d)
    }
    recordChange(of: bookmark.id, "delete of “\(fields.name)”", from: fields, to: nil, on: d)
    note(d, "deletes \(bookmark.id)")
  }

  func move(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    guard let bookmark = await pickBookmark(d, pick) else { return }
    await device.press(.character("m"))
    guard case .move(let picker) = device.model.state.modal else { return }
    let choices = picker.rows.indices.filter { picker.rows[$0].path != bookmark.folder }
    guard !choices.isEmpty else {
      await device.press(.escape)
      return
    }
    let choice = choices[pick / 7 % choices.count]
    let path = picker.rows[choice].path
    await device.press(.home)
    for _ in 0..<choice { await device.press(.down) }
    await device.press(.enter)
    guard device.message.hasPrefix("Moved “\(bookmark.name)”") else {
      throw fail("acknowledged", "moving \(bookmark.id) to \(path) said “\(device.message)”")
    }
    let before = Self.fields(bookmark)
    var after = before
    after.folder = path
    model.put(bookmark.id, after, by: d)
    recordChange(of: bookmark.id, "move of “\(before.name)”", from: before, to: after, on: d)
    note(d, "moves \(bookmark.id) to /\(path.joined(separator: "/"))")
  }

  func reorder(_ d: Int, _ pick: Int) async throws {
    let device = devices[d]
    let bookmarks = device.model.state.bookmarks
    guard bookmarks.count >= 2 else { return }
    // (`CLOUDY_MODEL_OFFLINE_REORDER=0` leaves out J/K made offline.)
    if !device.online && !Self.driveOfflineReorders {
      log.append("\(index): J/K offline not driven (CLOUDY_MODEL_OFFLINE_REORDER=0)")
      return
    }
    let row = pick % bookmarks.count
    await device.select(row)
    let moved = bookmarks[row]
    let other = bookmarks[row == bookmarks.count - 1 ? row - 1 : row + 1]
    await device.press(row == bookmarks.count - 1 ? .character("K") : .character("J"))
    if let message = device.model.state.message, message.isError {
      throw fail("acknowledged", "J/K on \(moved.id) said “\(message.text)”")
    }
    // As this device has them: what its J/K writes (it may not have seen a delete elsewhere),
    // each filed in its folder's record (which may be gone elsewhere: a folder change too).
    model.touch(moved.id, by: d, value: Self.fields(moved))
    model.touch(other.id, by: d, value: Self.fields(other))
    model.touchFolder(moved.folder, by: d)
    model.touchFolder(other.folder, by: d)
    let fields = Self.fields(moved)
    model.record(
      .init(
        kind: .reorder, label: "move of “\(moved.name)” in your order", before: [moved.id: fields],
        after: [moved.id: fields], neighbour: other.id),
      on: d)
    note(d, "J/K \(moved.id) past \(other.id)")
  }

  func folder(_ d: Int, _ kind: ModelStep.Kind, _ pick: Int) async throws {
    let device = devices[d]
    // The folder view, at the top level.
    await device.press(.character("A"))
    defer { log.append("  (folder view back to the flat list)") }
    let rows = device.model.state.shownFolders
    switch kind {
    case .newFolder:
      let name = ["Work", "Home", "Reading", "Later", "News"][pick % 5]
      await device.press(.character("N"))
      await device.type(name)
      await device.press(.enter)
      if case .folderName = device.model.state.modal {
        await device.press(.escape)
        note(d, "new folder “\(name)” refused")
      } else if device.model.state.message?.isError != true {
        model.makeFolder([name], by: d)
        model.record(.init(kind: .folder, label: "new folder", before: [:], after: [:]), on: d)
        note(d, "makes folder \(name)")
      }
    case .renameFolder, .moveFolder, .deleteFolder:
      guard !rows.isEmpty else { break }
      let row = pick % rows.count
      let folder = rows[row].path
      await device.select(row)
      if kind == .renameFolder {
        let name = ["Office", "House", "Later", "Work", "Archive"][pick / 5 % 5]
        await device.press(.enter, .control("u"))
        await device.type(name)
        await device.press(.enter)
        if case .folderName = device.model.state.modal {
          await device.press(.escape)
          note(d, "rename of \(folder) to \(name) refused")
        } else if device.model.state.message?.isError != true, folder != [name] {
          model.moveFolder(folder, to: [name], by: d)
          model.record(.init(kind: .folder, label: "rename", before: [:], after: [:]), on: d)
          note(d, "renames folder \(folder) to \(name)")
        }
      } else if kind == .moveFolder {
        await device.press(.character("m"))
        guard case .move(let picker) = device.model.state.modal, !picker.rows.isEmpty else {
          if case .move = device.model.state.modal { await device.press(.escape) }
          break
        }
        let choice = pick / 7 % picker.rows.count
        let parent = picker.rows[choice].path
        await device.press(.home)
        for _ in 0..<choice { await device.press(.down) }
        await device.press(.enter)
        if case .move = device.model.state.modal {
          await device.press(.escape)
          note(d, "move of \(folder) into \(parent) refused")
        } else if device.model.state.message?.isError != true, parent + [folder.last!] != folder {
          model.moveFolder(folder, to: parent + [folder.last!], by: d)
          model.record(.init(kind: .folder, label: "folder move", before: [:], after: [:]), on: d)
          note(d, "moves folder \(folder) into /\(parent.joined(separator: "/"))")
        } else {
          note(d, "move of folder \(folder) into \(parent): nothing")
        }
      } else {
        await device.press(.character("d"), .character("y"))
        if device.model.state.message?.isError != true {
          model.deleteFolder(folder, by: d)
          model.record(.init(kind: .folder, label: "folder delete", before: [:], after: [:]), on: d)
          note(d, "deletes folder \(folder)")
        }
      }
    default: break
    }
    if let modal = device.model.state.modal { throw fail("driver", "a folder step left \(modal) open") }
    await device.press(.character("A"))
  }

  func importFile(_ d: Int, count: Int, _ pick: Int) async throws {
    let device = devices[d]
    let made = (0..<count).map { i in
      Bookmark(
        id: "imp-\(index)-\(i)", name: "Imported \(index).\(i)", url: "https://imported.example/\(index)/\(i)",
        created: ModelRun.start, modified: ModelRun.start, folder: i % 4 == 1 ? ["Imported \(index)"] : [],
        notes: i % 5 == 2 ? "from a file" : "", tags: i % 3 == 0 ? ["import"] : [])
    }
    device.nextImport = made
    await device.press(.character("I"))
    await device.type(world.root + "/import-\(index).json")
    await device.press(.enter, .enter)
    let expected = "Imported \(count == 1 ? "1 bookmark" : "\(count) bookmarks") from import-\(index).json"
    guard device.message.hasPrefix(expected) else {
      throw fail("acknowledged", "importing \(count) said “\(device.message)”")
    }
    var after: [String: ModelFields?] = [:]
    for bookmark in made {
      model.put(bookmark.id, Self.fields(bookmark), by: d)
      after[bookmark.id] = Self.fields(bookmark)
    }
    model.record(
      .init(
        kind: .importAll,
        label: "import of \(count == 1 ? "1 bookmark" : "\(count) bookmarks") from import-\(index).json",
        before: after.mapValues { _ in nil }, after: after),
      on: d)
    note(d, "imports \(count)")
  }
}
