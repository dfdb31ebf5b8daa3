import BookmarkModel
import BookmarkStoreInterface
import DocumentContainer
import Foundation

extension DocumentBookmarkStore {
  public func conflictVersions(of id: Bookmark.ID) async throws -> [BookmarkVersion] {
    guard let file = indexed({ $0.fileByID[id] }) else { throw StoreError.notFound(id) }
    let versions = try await translating(id: id) {
      try await UbiquitousDocument(container: container, file: file).versions()
    }
    guard !versions.conflicts.isEmpty else { return [] }
    return ([versions.current] + versions.conflicts).enumerated().compactMap { index, version in
      guard let (bookmark, _) = BookmarkDocument.read(version.contents) else { return nil }
      return BookmarkVersion(
        id: version.id, bookmark: bookmark, device: version.device, saved: version.saved, isCurrent: index == 0,
        isThisDevice: version.device == container.deviceName || version.device == container.device)
    }
  }

  @discardableResult
  public func resolveConflict(of id: Bookmark.ID, _ resolution: ConflictResolution, seen: [String]) async throws
    -> [Bookmark]
  {
    guard let file = indexed({ $0.fileByID[id] }) else { throw StoreError.notFound(id) }
    let time = environment.now()
    var name = id
    var made: [(file: String, bookmark: Bookmark)] = []
    let resolved = try await translating(id: id) {
      try container.resolve(
        file,
        deciding: { versions in
          // The versions the dialog lists are the ones that read as bookmarks; they must be
          // the ones seen, or a version that arrived since would go unseen.
          let readable = versions.compactMap { version in BookmarkDocument.read(version.contents).map { (version, $0) }
          }
          if let current = readable.first, current.0.id == versions.first?.id { name = current.1.bookmark.name }
          guard readable.count > 1, Set(readable.map(\.0.id)) == Set(seen) else { return nil }
          switch resolution {
          case .keep(let versionID):
            guard let kept = versions.first(where: { $0.id == versionID }) else { return nil }
            return (.version(kept), [])
          case .keepAll(let versionID):
            guard let kept = versions.first(where: { $0.id == versionID }) else { return nil }
            made = readable.filter { $0.0.id != versionID }.map { version, read in
              var copy = read.bookmark
              copy.id = ConflictResolution.copyID(of: id, version: version.id)
              return (self.file(forNew: copy.id), copy)
            }
            // Each copy just after the bookmark in the user's own order.
            let order = readable.first { $0.0.id == versionID }?.1.order ?? Self.order(time)
            return (.version(kept), made.map { ($0.file, BookmarkDocument.data(for: $0.bookmark, order: order + 1)) })
          case .merge(var merged):
            merged.id = id
            merged.modified = time.wholeSeconds
            let order = readable.first?.1.order ?? Self.order(time)
            return (.contents(BookmarkDocument.data(for: merged, order: order)), [])
          }
        },
        deriving: { kept, versions in
          // The history: the version kept made from every version it resolves.
          guard let (bookmark, _) = BookmarkDocument.read(kept.contents) else { return [] }
          let replaced = versions.compactMap { version in
            BookmarkDocument.read(version.contents).map {
              BookmarkHistory.Saved(
                versionID: version.id, bookmark: $0.bookmark, device: version.device, saved: version.saved)
            }
          }
          return [recordingHistory(of: id, new: bookmark, replacing: replaced, note: "conflict resolved", at: time)]
        })
    }
    guard resolved else { throw StoreError.versionsChanged(name.isEmpty ? id : name) }
    refresh([file, Self.historyFile(of: id)] + made.map(\.file))
    return made.map(\.bookmark)
  }

  /// Keeps the folder version changed last (by its `modified` time, in whole seconds; a tie
  /// goes to the greater version id, the same choice on every device) and removes the
  /// others, everywhere: a folder's name and place are small and were set by a person a
  /// moment apart, so asking which to keep would ask about nothing. Chosen and resolved in
  /// one commit. Recently Deleted's documents the same way, by the time of the deletion.
  func settleFolderConflicts(_ files: [String]) {
    let container = container
    Task.detached {
      for file in files {
        try? container.resolve(file) { versions in
          versions.max { a, b in (Self.changed(a.contents), a.id) < (Self.changed(b.contents), b.id) }!
        }
      }
    }
  }

  /// Two devices that recorded versions of one bookmark at once each wrote its history: the
  /// histories are united (nothing either device saved is dropped) and written as one
  /// version, on every device, without asking.
  ///
  /// The union depends on nothing but the versions (not this device's rules or clock): two
  /// devices uniting one conflict write the same bytes, which are never a conflict again.
  func uniteHistoryConflicts(_ files: [String]) {
    let container = container
    Task.detached {
      for file in files {
        _ = try? container.resolve(
          file,
          deciding: { versions in
            guard versions.count > 1 else { return nil }
            let documents = versions.compactMap { BookmarkHistory(document: $0.contents) }
            // One that can't be read stays in conflict, kept as it is.
            guard documents.count == versions.count, let first = documents.first,
              documents.allSatisfy({ $0.bookmarkID == first.bookmarkID })
            else { return nil }
            return (.contents(documents.dropFirst().reduce(first) { $0.united(with: $1) }.fittedDocument), [])
          })
      }
    }
  }

  /// When a folder document or a deleted bookmark's document was last changed.
  static func changed(_ contents: Data) -> Date {
    FolderRecord(document: contents)?.modified ?? DeletedBookmark.read(document: contents)?.deleted.deleted
      ?? .distantPast
  }
}
