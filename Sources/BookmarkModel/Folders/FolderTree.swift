import Foundation

/// The folder records of a store, resolved: where every record's contents show now, which
/// record a path names, and how a ``FolderChange`` becomes records to write.
///
/// Rules, the same on every device, so two devices that hold the same records show the same
/// tree whatever order the records came in:
/// - A record's contents show at its parent's place plus its name; a deleted record's at its
///   parent's place (its bookmarks and folders go up one level), so nothing is lost when a
///   folder is deleted on one device while another files a bookmark in it.
/// - A parent that is not known (not synced yet, or unreadable) counts as the top level.
/// - Two devices moving folders into each other at once make a cycle: the record in the
///   cycle with the smallest id goes to the top level.
/// - Two live records with the same path (made or renamed at once on two devices) show as
///   one folder; a path names the older record (smaller `order`, then id).
/// - A bookmark with no record (stored before folders were records, or filed under a record
///   this device does not know) is shown at the path it carries.
public struct FolderTree: Sendable {
  public private(set) var records: [FolderRecord.ID: FolderRecord] = [:]
  /// Where each record's contents show.
  private var places: [FolderRecord.ID: [String]] = [:]
  /// The live record each path names.
  private var byPath: [[String]: FolderRecord.ID] = [:]

  public init(_ records: some Sequence<FolderRecord>) {
    for record in records { self.records[record.id] = record }
    resolve()
  }

  public var isEmpty: Bool { records.isEmpty }

  /// Where a record's contents show now; nil for an unknown record.
  public func place(of id: FolderRecord.ID) -> [String]? { places[id] }

  /// The live record a path names, if any.
  public func record(at path: [String]) -> FolderRecord.ID? { byPath[path] }

  /// The bookmark with its folder path as its record places it now.
  public func resolved(_ bookmark: Bookmark) -> Bookmark {
    guard let id = bookmark.folderID, let place = places[id], place != bookmark.folder else { return bookmark }
    var resolved = bookmark
    resolved.folder = place
    return resolved
  }

  /// Every live folder, each before its subfolders, siblings in their order.
  public var liveFolders: [[String]] {
    var children: [[String]: [(order: Int, id: String, path: [String])]] = [:]
    for (path, id) in byPath {
      children[Array(path.dropLast()), default: []].append((records[id]?.order ?? 0, id, path))
    }
    var result: [[String]] = []
    func visit(_ parent: [String]) {
      for child in (children[parent] ?? []).sorted(by: { ($0.order, $0.id) < ($1.order, $1.id) }) {
        result.append(child.path)
        visit(child.path)
      }
    }
    visit([])
    return result
  }

  /// Deleted records that nothing points at (no bookmark, no other record) and that were
  /// deleted before `date`. A store with a quota drops them, so tombstones don't fill it.
  public func expiredTombstones(deletedBefore date: Date, bookmarks: [Bookmark]) -> [FolderRecord.ID] {
    let dead = records.values.filter { $0.deleted && $0.modified < date }
    guard !dead.isEmpty else { return [] }
    var pointedAt = Set(records.values.compactMap(\.parent))
    for bookmark in bookmarks { if let id = bookmark.folderID { pointedAt.insert(id) } }
    return dead.map(\.id).filter { !pointedAt.contains($0) }.sorted()
  }

  // MARK: - Changing

  /// What to write for a change: the records made or changed, and the bookmarks filed
  /// under a record for the first time (they carried only a path, and must follow the folder).
  public struct Writes: Sendable {
    public var records: [FolderRecord] = []
    public var bookmarks: [Bookmark] = []

    public init() {}
  }

  /// The record for a folder path, made (with any missing parents) when there is none;
  /// nil for the top level. The records made are added to `writes`.
  public mutating func file(
    _ path: [String], order: Int, now: Date, newID: () -> FolderRecord.ID, into writes: inout Writes
  ) -> FolderRecord.ID? {
    var parent: FolderRecord.ID?
    for depth in path.indices {
      let prefix = Array(path[...depth])
      if let id = byPath[prefix] {
        parent = id
        continue
      }
      let record = FolderRecord(
        id: newID(), name: path[depth], parent: parent, order: order + writes.records.count, modified: now)
      insert(record)
      writes.records.append(record)
      parent = record.id
    }
    return parent
  }

  /// The writes that make a change, given the store's bookmarks (resolved, with their
  /// record ids). Bookmarks inside the folder that have no record yet are filed under one
  /// first, so they move with it; a change that changes nothing writes nothing.
  public mutating func writes(
    for change: FolderChange, bookmarks: [Bookmark], order: Int, now: Date, newID: () -> FolderRecord.ID
  ) throws(FolderProblem) -> Writes {
    var folders = Set(liveFolders)
    for bookmark in bookmarks where !bookmark.folder.isEmpty {
      for depth in 1...bookmark.folder.count { folders.insert(Array(bookmark.folder.prefix(depth))) }
    }
    if let problem = change.problem(existing: folders) { throw problem }
    var writes = Writes()
    if change.changesNothing { return writes }
    let path = change.path
    guard let id = file(path, order: order, now: now, newID: newID, into: &writes) else { return writes }
    if case .create = change { return writes }
    for bookmark in bookmarks where bookmark.folder.starts(with: path) {
      if let bound = bookmark.folderID, records[bound] != nil { continue }
      var filed = bookmark
      filed.folderID = file(bookmark.folder, order: order, now: now, newID: newID, into: &writes)
      writes.bookmarks.append(filed)
    }
    var parent: FolderRecord.ID?
    if case .move(_, let destination) = change {
      parent = file(destination, order: order, now: now, newID: newID, into: &writes)
    }
    // Every live record at the path: two made or renamed at once on two devices show as one
    // folder, so they change as one.
    let twins = records.values.filter { !$0.deleted && places[$0.id] == path }.map(\.id).sorted()
    for twin in [id] + twins.filter({ $0 != id }) {
      var record = records[twin]!
      switch change {
      case .create: break
      case .rename(_, let name): record.name = name
      case .move: record.parent = parent
      case .delete: record.deleted = true
      }
      record.modified = now
      if case .move = change { record.order = order + writes.records.count }
      writes.records.removeAll { $0.id == twin }
      writes.records.append(record)
      records[twin] = record
    }
    resolve()
    return writes
  }

  // MARK: - Resolving

  private mutating func insert(_ record: FolderRecord) {
    records[record.id] = record
    let place = (record.parent.flatMap { places[$0] } ?? []) + [record.name]
    places[record.id] = place
    if byPath[place] == nil { byPath[place] = record.id }
  }

  private mutating func resolve() {
    // Parents, with unknown ones as the top level and each cycle broken at its smallest id.
    var parents: [FolderRecord.ID: FolderRecord.ID] = [:]
    for (id, record) in records {
      if let parent = record.parent, records[parent] != nil { parents[id] = parent }
    }
    var done = Set<FolderRecord.ID>()
    for start in records.keys.sorted() where !done.contains(start) {
      var chain: [FolderRecord.ID] = []
      var onChain = Set<FolderRecord.ID>()
      var current: FolderRecord.ID? = start
      while let id = current, !done.contains(id), onChain.insert(id).inserted {
        chain.append(id)
        current = parents[id]
      }
      if let id = current, onChain.contains(id), let first = chain.firstIndex(of: id) {
        parents[chain[first...].min()!] = nil
      }
      done.formUnion(chain)
    }
    // Places, each walking up only as far as a record already placed.
    places = [:]
    for start in records.keys {
      var chain: [FolderRecord.ID] = []
      var current: FolderRecord.ID? = start
      while let id = current, places[id] == nil {
        chain.append(id)
        current = parents[id]
      }
      var place = current.flatMap { places[$0] } ?? []
      for id in chain.reversed() {
        let record = records[id]!
        if !record.deleted { place.append(record.name) }
        places[id] = place
      }
    }
    byPath = [:]
    for (id, record) in records where !record.deleted {
      let place = places[id]!
      if let other = byPath[place], let existing = records[other],
        (existing.order, existing.id) < (record.order, record.id)
      {
        continue
      }
      byPath[place] = id
    }
  }
}
