import BookmarkModel
import DocumentContainer
import DurableFiles
import Foundation
import StoreSupport
import Synchronization

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
/// the generation (Int64) and the number of documents (UInt32); the folder documents (a
/// count, then each one's file, version id, conflict count (UInt32), generation (Int64) and
/// contents); the readable bookmarks, in the list's order, as ``CachedBookmarks`` writes them;
/// then every bookmark document, those of the readable bookmarks first and in the same order:
/// its file name (empty for the usual name of its bookmark's id), version id, conflict count,
/// generation and order (Int64).
enum GatheredDocumentsCache {
  static let file = CacheFile(magic: Array("CLDYDGC\0".utf8), formatVersion: 4)
  static let fileName = "gathered.cache"

  struct Contents {
    /// The index generation everything up to which is in here.
    var generation: Int64
    /// The readable bookmarks, in the list's order: the first documents' bookmarks.
    var bookmarks: [Bookmark]
    /// Every bookmark document: those of ``bookmarks`` first, in the same order, then the
    /// ones that can't be read.
    var documents: DocumentList
    var folders: [FolderDocument]
    /// The folder records' tree, as the reader made it from ``folders``.
    var tree: FolderTree?
    /// The bookmarks (by position) that ``tree`` places elsewhere than the path they carry,
    /// with their place now.
    var moved: [(index: Int, folder: [String])] = []

    /// The file name of `document`, the one at `index` of ``documents``.
    func file(of document: Document, at index: Int) -> String {
      document.file ?? DocumentContainer.fileName(for: bookmarks[index].id, extension: "bookmark")
    }
  }

  /// The documents' files, versions, generations and orders, kept as the cache's bytes until
  /// first asked for: opening needs only how many there are and which are in conflict, and
  /// the dictionaries made after the first frame the rest (100,000 version ids: about 12 ms
  /// of allocations before the first frame).
  final class DocumentList: Sendable {
    let count: Int
    /// The positions of the documents with conflict versions.
    let conflicted: [Int]
    private let stored: Mutex<Stored>

    private enum Stored {
      case bytes([UInt8])
      case decoded([Document])
    }

    init(_ documents: [Document]) {
      count = documents.count
      conflicted = documents.indices.filter { documents[$0].version.conflictVersions > 0 }
      stored = Mutex(.decoded(documents))
    }

    /// The list in `reader`'s next bytes, checked whole (the reader is moved past it), or nil.
    /// The documents from `readable` on must name their file (no bookmark names them).
    init?(_ reader: inout CacheReader, count: Int, readable: Int) {
      let start = reader.offset
      var conflicted: [Int] = []
      for index in 0..<count {
        guard let file = reader.skipString(), index < readable || file > 0, reader.skipString() != nil,
          let conflicts = reader.uint32(), reader.int64() != nil, reader.int64() != nil
        else { return nil }
        if conflicts > 0 { conflicted.append(index) }
      }
      self.count = count
      self.conflicted = conflicted
      stored = Mutex(.bytes(Array(UnsafeRawBufferPointer(rebasing: reader.raw[start..<reader.offset]))))
    }

    /// Every document, decoded the first time it is asked for.
    var all: [Document] {
      stored.withLock { stored in
        switch stored {
        case .decoded(let documents):
          return documents
        case .bytes(let bytes):
          // Checked whole when read, so this reads the same bytes the same way.
          let documents: [Document] =
            bytes.withUnsafeBytes { raw -> [Document]? in
              var reader = CacheReader(raw: raw)
              return GatheredDocumentsCache.documents(&reader, count: count)
            } ?? []
          stored = .decoded(documents)
          return documents
        }
      }
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

  /// The cache at `path` if it is whole and stamped `identity`. `tree` makes the folder
  /// records' tree from the folder documents (nil when there are none), and the bookmarks it
  /// places elsewhere are found as they are read.
  static func read(_ path: String, identity: String, tree: ([FolderDocument]) -> FolderTree? = { _ in nil })
    -> Contents?
  {
    CacheFile.withContents(of: path) { raw in
      file.decode(raw, stamp: Array(identity.utf8)) { reader in decode(&reader, tree: tree) }
    }
  }

  private static func decode(_ reader: inout CacheReader, tree: ([FolderDocument]) -> FolderTree?) -> Contents? {
    guard let generation = reader.int64(), let count = reader.count(), let folderCount = reader.count() else {
      return nil
    }
    var folders: [FolderDocument] = []
    for _ in 0..<folderCount {
      guard let file = reader.string(), let (version, folderGeneration) = version(&reader),
        let contents = reader.data()
      else { return nil }
      folders.append(FolderDocument(file: file, version: version, generation: folderGeneration, contents: contents))
    }
    let tree = tree(folders)
    // Every readable bookmark has a document, and an unreadable document has no bookmark to
    // name it.
    guard let (bookmarks, moved) = CachedBookmarks.read(&reader, inHalves: true, place: { tree?.place(of: $0) }),
      bookmarks.count <= count,
      let documents = DocumentList(&reader, count: count, readable: bookmarks.count)
    else { return nil }
    return Contents(
      generation: generation, bookmarks: bookmarks, documents: documents, folders: folders, tree: tree, moved: moved)
  }

  fileprivate static func documents(_ reader: inout CacheReader, count: Int) -> [Document]? {
    var documents: [Document] = []
    documents.reserveCapacity(count)
    for _ in 0..<count {
      guard let name = reader.string(), let (version, generation) = version(&reader), let order = reader.int64()
      else { return nil }
      documents.append(
        Document(file: name.isEmpty ? nil : name, version: version, generation: generation, order: Int(order)))
    }
    return documents
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
    // Each document: its file name, version id, conflicts, generation and order (about 120).
    let capacity = CachedBookmarks.estimatedBytes(of: contents.bookmarks) + contents.documents.count * 128 + 4096
    return file.encode(stamp: Array(identity.utf8), capacity: capacity) { writer in
      writer.append(contents.generation)
      writer.append(UInt32(contents.documents.count))
      let documents = contents.documents.all
      writer.append(UInt32(contents.folders.count))
      for folder in contents.folders {
        writer.append(folder.file)
        append(folder.version, folder.generation, &writer)
        writer.append(folder.contents)
      }
      CachedBookmarks.append(contents.bookmarks, to: &writer)
      for document in documents {
        writer.append(document.file ?? "")
        append(document.version, document.generation, &writer)
        writer.append(Int64(document.order))
      }
    }
  }

  private static func append(_ version: MetadataQuery.Version, _ generation: Int64, _ writer: inout CacheWriter) {
    writer.append(version.id)
    writer.append(UInt32(version.conflictVersions))
    writer.append(generation)
  }
}
