import BookmarkModel
import BookmarkStoreInterface
import DocumentContainer
import Foundation

extension DocumentBookmarkStore {
  /// The file of a bookmark's history.
  static func historyFile(of id: Bookmark.ID) -> String {
    DocumentContainer.fileName(for: id, extension: historyExtension)
  }

  /// The version a bookmark document is, as its history records one: under the id of the
  /// container's `current` version when that holds these contents (the same id on every
  /// device), else under an id made from the contents.
  func savedVersion(_ bookmark: Bookmark, contents: Data, current: DocumentVersion?)
    -> BookmarkHistory.Saved
  {
    if let current, current.contents == contents {
      return BookmarkHistory.Saved(
        versionID: current.id, bookmark: bookmark, device: current.device, saved: current.saved)
    }
    return BookmarkHistory.Saved(
      versionID: DerivedID.make(from: String(decoding: contents, as: UTF8.self)), bookmark: bookmark, device: "",
      saved: bookmark.modified)
  }

  /// The history document written with a new version of a bookmark: what it holds then
  /// (every device's, its conflict versions united), with the new version recorded.
  func recordingHistory(
    of id: Bookmark.ID, new bookmark: Bookmark, replacing replaced: [BookmarkHistory.Saved], note: String?,
    at time: Date
  ) -> DerivedDocument {
    let (versionID, device, rules) = (environment.newID(), self.rules.device, historyRules)
    return DerivedDocument(file: Self.historyFile(of: id)) { versions in
      // A history this version can't read (damaged, or from a newer Cloudy) is kept as it is:
      // the edit is saved, and not recorded there.
      let histories = versions.compactMap { BookmarkHistory(document: $0.contents) }
      guard histories.count == versions.count, histories.allSatisfy({ $0.bookmarkID == id }) else { return nil }
      var history = histories.reduce(BookmarkHistory(bookmarkID: id)) { $0.united(with: $1) }
      history.record(
        (versionID, bookmark, device, time.wholeSeconds, note), replacing: replaced, rules: rules, now: time)
      return history.fittedDocument
    }
  }

  /// The histories in these documents as one (those that can't be read are left out).
  static func united(_ documents: [Data], of id: Bookmark.ID) -> BookmarkHistory {
    documents.compactMap { BookmarkHistory(document: $0) }.filter { $0.bookmarkID == id }
      .reduce(BookmarkHistory(bookmarkID: id)) { $0.united(with: $1) }
  }

  /// A bookmark's saved versions, oldest first; the version it is now is the last one (added
  /// here when nothing recorded it: a bookmark never edited, or changed by an older Cloudy).
  public func history(of id: Bookmark.ID) async throws -> BookmarkHistory {
    if !query.watching { catchUp() }
    let historyFile = Self.historyFile(of: id)
    let stored = try await translating(id: id) { () -> [Data] in
      guard let entry = try container.entry(historyFile) else { return [] }
      return ([entry.currentVersion] + entry.conflicts).map(\.contents)
    }
    var history = Self.united(stored, of: id)
    guard let file = indexed({ $0.fileByID[id] }) else {
      if let deleted = sortedDeleted().first(where: { $0.id == id }) {
        throw StoreError.historyOfDeleted(deleted.bookmark.name, device: deleted.device)
      }
      throw StoreError.notFound(id)
    }
    let versions = try await translating(id: id) { try container.versions(of: file) }
    guard let (bookmark, _) = BookmarkDocument.read(versions.current.contents) else {
      throw StoreError.unreadable(path: container.documentsDirectory + "/" + file, reason: "not a bookmark document")
    }
    if let recorded = history.matching(bookmark) {
      history.currentID = recorded.id
    } else {
      let current = savedVersion(bookmark, contents: versions.current.contents, current: versions.current)
      history = BookmarkHistory(
        bookmarkID: id,
        versions: history.versions + [
          HistoryVersion(
            id: current.versionID, parents: history.heads.map(\.id), device: current.device, saved: current.saved,
            bookmark: bookmark)
        ])
      history.currentID = current.versionID
    }
    // Read within this device's rules, as a write would leave it: a version older than the
    // days they keep is not shown (nor reverted to) because nothing was saved since it aged
    // out, nor more versions because two devices' copies were united.
    history.bound(by: historyRules, now: environment.now(), keeping: Set([history.currentID].compactMap { $0 }))
    return history
  }

  /// Makes an old version of a bookmark its current one again, as a new version (which
  /// syncs, and is in the history in its turn). `version` is an id or the start of one.
  /// A folder the old version was in that is gone is made again.
  public func revert(id: Bookmark.ID, to version: String) async throws -> Reverted {
    let history = try await history(of: id)
    let chosen: HistoryVersion
    switch history.find(version) {
    case .found(let found): chosen = found
    case .none: throw StoreError.noSuchVersion(version)
    case .ambiguous: throw StoreError.ambiguousVersion(version)
    }
    // Its folder: the record it was filed in, wherever that is now, while that is a folder;
    // else the path it had (made again if it is gone).
    var old = chosen.bookmark
    let tree = folderTree()
    if let record = old.folderID, let place = tree.place(of: record), tree.record(at: place) == record {
      old.folder = place
    }
    let draft = BookmarkDraft(
      name: old.name, url: old.url, folder: old.folder, tags: old.tags, notes: old.notes)
    if let file = indexed({ $0.fileByID[id] }), let entry = try? container.entry(file),
      let (current, _) = BookmarkDocument.read(entry.contents), draft.changesNothing(in: folderTree().resolved(current))
    {
      throw StoreError.alreadyThatVersion(current.name, version: chosen.shortID)
    }
    let (bookmark, before, madeFolder) = try await save(
      id: id, with: draft, note: "reverted to \(chosen.shortID)")
    return Reverted(bookmark: bookmark, before: before, version: chosen, madeFolder: madeFolder)
  }
}
