import BookmarkModel
import DocumentContainer
import Foundation
import Synchronization

extension DocumentBookmarkStore {
  /// How many changes since the cache's generation make it worth writing again on opening.
  static let changesWorthACache = 1_000

  /// The state the cache held (before the index's changes since are applied). Folders in
  /// conflict are settled again, as a gathering settles them.
  func restore(_ cached: GatheredDocumentsCache.Contents) {
    let conflicted = cached.folders.filter { $0.version.conflictVersions > 0 }.map(\.file)
    let conflictedHistories = conflicted.filter { $0.hasSuffix(Self.historySuffix) }
    let conflictedFolders = conflicted.filter { !$0.hasSuffix(Self.historySuffix) }
    defer {
      if !conflictedFolders.isEmpty { settleFolderConflicts(conflictedFolders) }
      if !conflictedHistories.isEmpty { uniteHistoryConflicts(conflictedHistories) }
    }
    state.withLock { state in
      // Written in the list's order (readable bookmarks first, by order, then id). Folder
      // paths are changed in place, and only where a record moved the bookmark (the array is
      // shared with the cache's until then).
      var sorted = cached.bookmarks
      for (index, folder) in cached.moved { sorted[index].folder = folder }
      var conflicted = Set<Bookmark.ID>()
      for index in cached.documents.conflicted where index < cached.bookmarks.count {
        conflicted.insert(cached.bookmarks[index].id)
      }
      state.unindexed = cached
      state.conflicted = conflicted
      for folder in cached.folders {
        // Recently Deleted's documents are kept in the cache with the folders' (each with
        // its contents).
        if folder.file.hasSuffix(Self.deletedSuffix) {
          state.deleted[folder.file] = DeletedEntry(
            file: folder.file, contents: folder.contents, version: folder.version, generation: folder.generation)
          continue
        }
        // Histories are kept in the cache without their contents, and with whether they read.
        if folder.file.hasSuffix(Self.historySuffix) {
          state.histories[folder.file] = HistoryEntry(
            version: folder.version, generation: folder.generation, readable: folder.contents.isEmpty)
          continue
        }
        state.folders[folder.file] = FolderEntry(
          record: Self.folderRecord(folder.file, folder.contents), version: folder.version,
          generation: folder.generation)
      }
      state.tree = cached.tree
      state.sorted = sorted
      state.unreadable =
        cached.documents.count - sorted.count + state.folders.values.count { $0.record == nil }
        + state.deleted.values.count { $0.deleted == nil } + state.histories.values.count { !$0.readable }
    }
  }

  static func known(_ cached: GatheredDocumentsCache.Contents) -> MetadataQuery.Known {
    MetadataQuery.Known(generation: cached.generation) {
      cached.documents.all.enumerated().map { index, document in
        (cached.file(of: document, at: index), document.version)
      }
        + cached.folders.map { ($0.file, $0.version) }
    }
  }

  /// Writes the cache from the state now, which holds everything up to `generation` (and
  /// perhaps newer changes, which the next open applies again, changing nothing).
  func writeCache(holdingEverythingUpTo generation: Int64, identity: String) {
    guard let cachePath else { return }
    let (entries, folders, deleted, histories) = indexed { ($0.entries, $0.folders, $0.deleted, $0.histories) }
    let (files, values) = (entries.keys, entries.values)
    // The list's order, as `sortedBookmarks()` makes it; documents that can't be read last.
    // Sorted as small keys (a copy of each entry and bookmark was 32 MB at 100,000).
    var readable: [(order: Int, id: Bookmark.ID, slot: Int32)] = []
    var unreadable: [Int32] = []
    readable.reserveCapacity(values.count)
    for (slot, entry) in values.enumerated() {
      if let bookmark = entry.bookmark {
        readable.append((entry.order, bookmark.id, Int32(slot)))
      } else {
        unreadable.append(Int32(slot))
      }
    }
    readable.sort { ($0.order, $0.id) < ($1.order, $1.id) }
    func document(_ file: String?, _ entry: Entry) -> GatheredDocumentsCache.Document {
      GatheredDocumentsCache.Document(
        file: file, version: entry.version, generation: entry.generation, order: entry.order)
    }
    let documents =
      readable.map { key in
        let file = files[Int(key.slot)]
        return document(file == self.file(forNew: key.id) ? nil : file, values[Int(key.slot)])
      } + unreadable.map { document(files[Int($0)], values[Int($0)]) }
    let folderDocuments =
      folders.map { file, entry in
        GatheredDocumentsCache.FolderDocument(
          file: file, version: entry.version, generation: entry.generation, contents: entry.record?.document ?? Data())
      }
      + deleted.map { file, entry in
        GatheredDocumentsCache.FolderDocument(
          file: file, version: entry.version, generation: entry.generation, contents: entry.contents)
      }
      + histories.map { file, entry in
        // Empty for one that reads, one byte for one that doesn't.
        GatheredDocumentsCache.FolderDocument(
          file: file, version: entry.version, generation: entry.generation,
          contents: entry.readable ? Data() : Data([0]))
      }
    GatheredDocumentsCache.write(
      GatheredDocumentsCache.Contents(
        generation: generation, bookmarks: readable.compactMap { values[Int($0.slot)].bookmark },
        documents: GatheredDocumentsCache.DocumentList(documents), folders: folderDocuments),
      identity: identity, to: cachePath)
  }

  /// The folder record in a folder document, counted only under its own file name (a
  /// copied file is unreadable, not a twin).
  static func folderRecord(_ file: String, _ contents: Data) -> FolderRecord? {
    FolderRecord(document: contents).flatMap {
      file == DocumentContainer.fileName(for: $0.id, extension: folderExtension) ? $0 : nil
    }
  }
}
