import BookmarkModel
import Foundation
import Ubiquity

/// A private binary copy of what the document store gathered (`gathered.cache` beside the
/// container's index, 0600), so opening a large container does not read and decode every
/// document's row of the index (100,000 bookmarks: about 2 s).
///
/// The index stays the truth, and the cache is only a starting point that the index brings
/// up to date:
/// - it is stamped with the index's ``DocumentIndex/identity`` (another index file, or the
///   index rebuilt or put back from a copy, has another) and records the index generation
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
/// the generation (Int64); the documents (a count, then each one's file, version id,
/// conflict count (UInt32), generation (Int64), order (Int64) and, after a UInt32 that is 1
/// for a readable bookmark and 0 for a document that can't be read, the bookmark as
/// ``CacheWriter/append(_:)-bookmark`` writes it), readable ones in the list's order; then
/// the folder documents (a count, then each one's file, version id, conflict count,
/// generation and contents).
enum GatheredDocumentsCache {
  static let file = CacheFile(magic: Array("CLDYDGC\0".utf8), formatVersion: 1)
  static let fileName = "gathered.cache"

  struct Contents {
    /// The index generation everything up to which is in here.
    var generation: Int64
    /// Readable bookmarks first, in the list's order.
    var documents: [Document]
    var folders: [FolderDocument]
  }

  struct Document {
    var file: String
    var version: MetadataQuery.Version
    var generation: Int64
    var order: Int
    /// Nil for a document that can't be read.
    var bookmark: Bookmark?
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
    guard let generation = reader.int64(), let count = reader.count() else { return nil }
    var documents: [Document] = []
    documents.reserveCapacity(count)
    var context = CacheReader.BookmarkContext()
    for _ in 0..<count {
      guard let (file, version, documentGeneration) = header(&reader), let order = reader.int64(),
        let readable = reader.uint32()
      else { return nil }
      var bookmark: Bookmark?
      if readable == 1 {
        guard let read = reader.bookmark(sharing: &context) else { return nil }
        bookmark = read
      }
      documents.append(
        Document(file: file, version: version, generation: documentGeneration, order: Int(order), bookmark: bookmark))
    }
    guard let folderCount = reader.count() else { return nil }
    var folders: [FolderDocument] = []
    for _ in 0..<folderCount {
      guard let (file, version, folderGeneration) = header(&reader), let contents = reader.data() else { return nil }
      folders.append(FolderDocument(file: file, version: version, generation: folderGeneration, contents: contents))
    }
    return Contents(generation: generation, documents: documents, folders: folders)
  }

  private static func header(_ reader: inout CacheReader) -> (String, MetadataQuery.Version, Int64)? {
    guard let file = reader.string(), let versionID = reader.string(), let conflicts = reader.uint32(),
      let generation = reader.int64()
    else { return nil }
    return (file, MetadataQuery.Version(id: versionID, conflictVersions: Int(conflicts)), generation)
  }

  static func write(_ contents: Contents, identity: String, to path: String) {
    CacheFile.write(encode(contents, identity: identity), to: path)
  }

  static func encode(_ contents: Contents, identity: String) -> [UInt8] {
    file.encode(stamp: Array(identity.utf8), capacity: contents.documents.count * 320) { writer in
      writer.append(contents.generation)
      writer.append(UInt32(contents.documents.count))
      for document in contents.documents {
        header(document.file, document.version, document.generation, &writer)
        writer.append(Int64(document.order))
        if let bookmark = document.bookmark {
          writer.append(UInt32(1))
          writer.append(bookmark)
        } else {
          writer.append(UInt32(0))
        }
      }
      writer.append(UInt32(contents.folders.count))
      for folder in contents.folders {
        header(folder.file, folder.version, folder.generation, &writer)
        writer.append(folder.contents)
      }
    }
  }

  private static func header(
    _ file: String, _ version: MetadataQuery.Version, _ generation: Int64, _ writer: inout CacheWriter
  ) {
    writer.append(file)
    writer.append(version.id)
    writer.append(UInt32(version.conflictVersions))
    writer.append(generation)
  }
}
