import BookmarkModel
import DurableFiles
import Foundation
import Ubiquity

/// A private binary copy of what the document store gathered (`gathered.cache` beside the
/// container's index, 0600), so opening a large container does not read and decode every
/// document's row of the index (100,000 bookmarks: about 2 s).
///
/// The index stays the truth, and the cache is only a starting point that the index brings
/// up to date:
/// - it is stamped with the index's ``DocumentIndex/identity`` (a rebuilt index, or another
///   file put in its place, has another; a copy written over the file in place keeps it, so
///   whoever restores an index that way removes this cache) and records the index generation
///   it holds everything up to; the store reads it only for the same identity and a
///   generation no newer than the index's, and then applies every row the index changed
///   since that generation (removals are kept in the index as tombstones, so none is
///   missed). A change by another process or device is therefore always seen;
/// - a truncated, corrupted (checksum), foreign or other-version file is ignored and the
///   index gathered in full;
/// - it is written after a full gathering and after catching up on many changes, from a
///   state that holds at least everything up to the generation it records.
///
/// A ``CacheFile`` with the magic `CLDYDGC\0`, stamped with the identity's UTF-8. Payload:
/// the generation (Int64), the number of readable bookmarks and of documents (UInt32 each);
/// each document's file name (empty for the usual name of its bookmark's id), version id,
/// conflict count (UInt32), generation and order (Int64 each), and for the readable ones,
/// which come first and in the list's order, the bookmark as
/// ``CacheWriter/append(_:)-bookmark`` writes it; then the folder documents (a count, then
/// each one's file, version id, conflict count, generation and contents).
enum GatheredDocumentsCache {
  static let file = CacheFile(magic: Array("CLDYDGC\0".utf8), formatVersion: 1)
  static let fileName = "gathered.cache"

  struct Contents {
    /// The index generation everything up to which is in here.
    var generation: Int64
    /// The readable bookmarks, in the list's order: the first documents' bookmarks.
    var bookmarks: [Bookmark]
    /// Every bookmark document: those of ``bookmarks`` first, in the same order, then the
    /// ones that can't be read.
    var documents: [Document]
    var folders: [FolderDocument]

    /// The file name of the document at `index`.
    func file(at index: Int) -> String {
      documents[index].file ?? DocumentContainer.fileName(for: bookmarks[index].id, extension: "bookmark")
    }
  }

  struct Document {
    /// Nil for the usual name of its bookmark's id (`<id>.bookmark`).
    var file: String?
    var version: MetadataQuery.Version
    var generation: Int64
    var order: Int
  }

  struct FolderDocument {
    var file: String
    var version: MetadataQuery.Version
    var generation: Int64
    /// Empty for a folder document that can't be read.
    var contents: Data
  }

  static func read(_ path: String, identity: String) -> Contents? {
    CacheFile.withContents(of: path) { raw in
      file.decode(raw, stamp: Array(identity.utf8)) { reader in decode(&reader) }
    }
  }

  private static func decode(_ reader: inout CacheReader) -> Contents? {
    guard let generation = reader.int64(), let readable = reader.count(), let count = reader.count(),
      readable <= count
    else { return nil }
    var bookmarks: [Bookmark] = []
    var documents: [Document] = []
    bookmarks.reserveCapacity(readable)
    documents.reserveCapacity(count)
    var context = CacheReader.BookmarkContext()
    for index in 0..<count {
      guard let name = reader.string(), let (version, documentGeneration) = version(&reader),
        let order = reader.int64()
      else { return nil }
      if index < readable {
        guard let bookmark = reader.bookmark(sharing: &context) else { return nil }
        bookmarks.append(bookmark)
      } else if name.isEmpty {
        return nil  // an unreadable document has no bookmark to name it
      }
      documents.append(
        Document(file: name.isEmpty ? nil : name, version: version, generation: documentGeneration, order: Int(order)))
    }
    guard let folderCount = reader.count() else { return nil }
    var folders: [FolderDocument] = []
    for _ in 0..<folderCount {
      guard let file = reader.string(), let (version, folderGeneration) = version(&reader),
        let contents = reader.data()
      else { return nil }
      folders.append(FolderDocument(file: file, version: version, generation: folderGeneration, contents: contents))
    }
    return Contents(generation: generation, bookmarks: bookmarks, documents: documents, folders: folders)
  }

  private static func version(_ reader: inout CacheReader) -> (MetadataQuery.Version, Int64)? {
    guard let versionID = reader.string(), let conflicts = reader.uint32(), let generation = reader.int64() else {
      return nil
    }
    return (MetadataQuery.Version(id: versionID, conflictVersions: Int(conflicts)), generation)
  }

  /// Replaces the cache (failures are ignored: it only saves time), first removing what a
  /// writer killed mid-write left (written without a lock, so only dead writers' temporaries).
  static func write(_ contents: Contents, identity: String, to path: String) {
    PrivateFiles.removeTemporariesOfDeadWriters(of: path)
    CacheFile.write(encode(contents, identity: identity), to: path)
  }

  static func encode(_ contents: Contents, identity: String) -> [UInt8] {
    file.encode(stamp: Array(identity.utf8), capacity: contents.documents.count * 256) { writer in
      writer.append(contents.generation)
      writer.append(UInt32(contents.bookmarks.count))
      writer.append(UInt32(contents.documents.count))
      for (index, document) in contents.documents.enumerated() {
        writer.append(document.file ?? "")
        append(document.version, document.generation, &writer)
        writer.append(Int64(document.order))
        if index < contents.bookmarks.count { writer.append(contents.bookmarks[index]) }
      }
      writer.append(UInt32(contents.folders.count))
      for folder in contents.folders {
        writer.append(folder.file)
        append(folder.version, folder.generation, &writer)
        writer.append(folder.contents)
      }
    }
  }

  private static func append(_ version: MetadataQuery.Version, _ generation: Int64, _ writer: inout CacheWriter) {
    writer.append(version.id)
    writer.append(UInt32(version.conflictVersions))
    writer.append(generation)
  }
}
