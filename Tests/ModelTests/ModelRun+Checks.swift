import BookmarkModel
import BookmarkStoreInterface
import DocumentBookmarks
import Foundation
import Shelf

extension ModelRun {
  /// After every step: every online device synced (the step's change pushed, fetched by the
  /// others), every screen given its store's snapshot; then the status line and Recently
  /// Deleted checked on each.
  func afterStep() async throws {
    for device in devices { _ = await device.store.sync() }
    for device in devices { _ = await device.store.sync() }
    for d in devices.indices { try await refresh(d) }
    for (d, device) in devices.enumerated() {
      if device.online { model.devices[d].lastSync = model.step }
      try await checkStatus(d)
      try await checkDeletedApart(d)
    }
  }

  /// The status line is true: checked again after another sync while the device's own sync
  /// engine, woken by another device's signal, may be between its steps.
  func checkStatus(_ d: Int) async throws {
    var attempt = 0
    while true {
      do {
        try checkStatusOnce(d)
        return
      } catch let violation as ModelViolation {
        attempt += 1
        if attempt >= 4 { throw violation }
        _ = await devices[d].store.sync()
        try await refresh(d)
      }
    }
  }

  func checkStatusOnce(_ d: Int) throws {
    let device = devices[d]
    let status = device.model.state.status
    let real = device.realPending()
    guard status.pending == real else {
      throw fail("status true", "\(device.name) says “\(status.summary)” but \(real) documents are pending")
    }
    if !device.online, status.sync != .offline {
      throw fail("status true", "\(device.name) is offline but says “\(status.summary)”")
    }
    if device.online, status.sync == .offline {
      throw fail("status true", "\(device.name) is online but says “\(status.summary)”")
    }
    if device.online, real == 0, status.sync != .synced {
      throw fail("status true", "\(device.name) is online with nothing pending but says “\(status.summary)”")
    }
    if status.sync == .synced, real != 0 {
      throw fail("status true", "\(device.name) says synced with \(real) pending")
    }
  }

  func checkDeletedApart(_ d: Int) async throws {
    guard let snapshot = await devices[d].store.snapshot(), case .success(let bookmarks) = snapshot.bookmarks else {
      throw fail("driver", "\(devices[d].name) has no list")
    }
    // A copy of an older version beside a newer one listed is two pasts, both kept (an edit
    // beat the delete: DeletedBookmark.notChangedSince, HeldDeletesTests); the same version
    // listed and in Recently Deleted is not.
    let listed = Dictionary(bookmarks.map { ($0.id, Self.fields($0)) }) { a, _ in a }
    let both = Set(snapshot.deleted.filter { listed[$0.id] == Self.fields($0.bookmark) }.map(\.id))
    if !both.isEmpty {
      throw fail("recently deleted", "\(devices[d].name) lists \(both.sorted()) and has them in Recently Deleted")
    }
  }

  /// Every device online and synced until quiet; then every device's export is the same, and
  /// the model's; nothing acknowledged is lost; Recently Deleted is what the model says.
  func settle(keep: Bool) async throws {
    for (d, device) in devices.enumerated() {
      device.setOnline(true)
      model.devices[d].online = true
    }
    for _ in 0..<4 {
      for device in devices { _ = await device.store.sync() }
      for d in devices.indices { try await refresh(d) }
      for d in devices.indices {
        if case .confirmHeldDeletes = devices[d].model.state.modal { try await answerHeld(d, keep: keep) }
      }
    }
    for d in devices.indices { model.devices[d].lastSync = model.step }
    let exports = try await devices.asyncMap { try await $0.export() }
    for (d, export) in exports.enumerated() where export != exports[0] {
      throw fail("convergence", "\(devices[d].name)'s export differs from \(devices[0].name)'s")
    }
    let listed = Dictionary(try await devices[0].store.load().map { ($0.id, Self.fields($0)) }) { a, _ in a }
    let deletedEntries = try await devices[0].store.recentlyDeleted()
    let deleted = Dictionary(deletedEntries.map { ($0.id, $0) }) { a, _ in a }
    let now = clock.peek()
    model.expire(now: now)
    // Contested bookmarks: what the stores agree on must be one of the versions made.
    for (id, candidates) in model.contestedCandidates {
      let value = listed[id]
      if value == nil, deleted[id] == nil, !candidates.contains(where: { $0 == nil }) {
        throw fail("nothing lost", "\(id), changed on two devices at once, is in neither the list nor Recently Deleted")
      }
      // A folder changed at once too: the path a bookmark settles in is the stores' choice.
      if let value, !candidates.contains(value), !model.foldersContested {
        throw fail("convergence", "\(id) settled as \(value), which no device made (made: \(candidates))")
      }
      model.bookmarks[id] = value
      if let entry = deleted[id] { model.deleted[id] = (Self.fields(entry.bookmark), entry.deleted) }
      if value == nil, deleted[id] == nil { model.removedForGood.insert(id) }
    }
    if model.foldersContested || adoptUnknown {
      for (id, value) in listed where model.bookmarks[id] == nil { model.bookmarks[id] = value }
      for (id, value) in listed where model.foldersContested { model.bookmarks[id] = value }
      for (id, _) in model.bookmarks where listed[id] == nil && model.foldersContested {
        model.bookmarks[id] = nil
      }
      // A copy in Recently Deleted was taken where its bookmark showed then, which a folder
      // changed at once may have moved: the stores' path stands there too.
      for (id, entry) in deleted where model.foldersContested && model.deleted[id] != nil {
        model.deleted[id]!.fields = Self.fields(entry.bookmark)
      }
    }
    // The list.
    for (id, value) in listed where model.bookmarks[id] != value {
      let expected = model.bookmarks[id].map { "\($0)" } ?? (model.deleted[id] != nil ? "in Recently Deleted" : "gone")
      throw fail("convergence", "\(id) is \(value) on every device; the model has it \(expected)")
    }
    for (id, value) in model.bookmarks where listed[id] == nil {
      throw fail("nothing lost", "\(id) \(value) is missing from every device's list")
    }
    // Nothing acknowledged is lost.
    for id in model.acknowledged where listed[id] == nil && deleted[id] == nil && !model.removedForGood.contains(id) {
      throw fail("nothing lost", "\(id) is in neither the list nor Recently Deleted, and no one removed it for good")
    }
    // Recently Deleted: what was deleted in the last 30 days and not restored, and is not
    // listed (a copy of a listed bookmark, an edit that beat the delete, is kept but not shown).
    for id in model.deleted.keys where deleted[id] == nil && listed[id] == nil {
      let age = now.timeIntervalSince(model.deleted[id]!.at) / 86_400
      if model.foldersContested || abs(age - 30) < 1 {
        model.deleted[id] = nil
        continue
      }
      throw fail("recently deleted", "\(id), deleted \(Int(age)) days ago, is missing from Recently Deleted")
    }
    for (id, entry) in deleted where model.deleted[id] == nil {
      let age = now.timeIntervalSince(entry.deleted) / 86_400
      if model.foldersContested || abs(age - 30) < 1 || adoptUnknown {
        model.deleted[id] = (Self.fields(entry.bookmark), entry.deleted)
        continue
      }
      throw fail(
        "recently deleted", "Recently Deleted holds \(id) (\(Int(age)) days), which the model says is not there")
    }
    // The folders.
    let storeFolders = Set((await devices[0].store.snapshot())?.folders ?? [])
    var expectedFolders = model.folders
    for value in model.bookmarks.values { model.addFolders(of: value.folder) }
    expectedFolders = model.folders
    var shown = storeFolders
    for value in listed.values {
      for end in stride(from: value.folder.count, to: 0, by: -1) { shown.insert(Array(value.folder.prefix(end))) }
    }
    if model.foldersContested {
      model.folders = shown
    } else if shown != expectedFolders {
      throw fail(
        "convergence",
        "the folders are \(shown.map { $0.joined(separator: "/") }.sorted()); the model has "
          + "\(expectedFolders.map { $0.joined(separator: "/") }.sorted())")
    }
    try await checkShelf()
    // The status line, settled.
    for (d, device) in devices.enumerated() {
      try await checkStatus(d)
      if device.model.state.status.pending != 0 {
        throw fail(
          "status true", "\(device.name) still has \(device.model.state.status.pending) pending after settling")
      }
    }
    model.contestedCandidates = [:]
    model.pushedSinceSettle = [:]
    model.foldersContested = false
    adoptUnknown = false
    let conflicts = devices[0].model.state.status.conflicts
    log.append(
      "\(index): settled: \(listed.count) bookmarks, \(deleted.count) in Recently Deleted, \(conflicts) in conflict,"
        + " all agree")
  }
}
