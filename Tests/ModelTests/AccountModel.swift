import Foundation

/// What a bookmark is to the model: every field a person can see and change. Its own type,
/// not the stores' `Bookmark`: the model shares no code with what it checks.
struct ModelFields: Hashable, CustomStringConvertible {
  var name: String
  var url: String
  var folder: [String]
  var notes: String
  var tags: [String]

  var description: String {
    "“\(name)” \(url) in /\(folder.joined(separator: "/"))" + (notes.isEmpty ? "" : " notes “\(notes)”")
      + (tags.isEmpty ? "" : " tags \(tags)")
  }
}

/// One account as it must be once every device has synced: the bookmarks, the folders,
/// Recently Deleted (with when each went), and each device's session (its undo and redo
/// stacks). Written for clarity: dictionaries and sets, every rule spelled out.
///
/// Where two devices changed one thing while one of them could not see the other's change
/// (offline, or not yet synced), the stores keep conflict versions or let an edit beat a
/// delete; the model does not guess which version ends up current. It marks the thing
/// *contested* and, once everything has settled, checks that what the stores agree on is one
/// of the versions that were made (``contestedCandidates``), then takes it as the truth.
struct AccountModel {
  /// A change the view model can take back, as the model expects it to.
  struct UndoEntry: CustomStringConvertible {
    enum Kind {
      /// An add, an edit, a move, a delete, a restore: one bookmark, before and after.
      case bookmark
      /// `J`/`K`: the order only (the model doesn't keep the order: the fields don't change).
      case reorder
      /// An import: everything it brought, which undo removes for good.
      case importAll
      /// A folder change: `u` refuses to go past it.
      case folder
    }
    var kind: Kind
    var label: String
    /// Each bookmark it touched: nil where it was (or is) not in the list.
    var before: [String: ModelFields?]
    var after: [String: ModelFields?]
    /// For `J`/`K`: the bookmark it swapped places with, which its undo and redo write too.
    var neighbour: String?
    var description: String { label }
  }

  struct Device {
    var undo: [UndoEntry] = []
    var redo: [UndoEntry] = []
    /// The step at which this device last pushed and fetched everything.
    var lastSync = 0
    var online = true
  }

  var bookmarks: [String: ModelFields] = [:]
  /// Folders kept as folders of their own (made with `N`, or by a move or an import).
  var folders: Set<[String]> = []
  /// Recently Deleted: each bookmark as it was, and the day it went.
  var deleted: [String: (fields: ModelFields, at: Date)] = [:]
  /// Every bookmark id the screen ever said was saved, and the ids the user removed for good
  /// (deleted from Recently Deleted, emptied, expired, or an import taken back).
  var acknowledged: Set<String> = []
  var removedForGood: Set<String> = []
  /// Each bookmark as it was last saved (what keeping deletes held back brings back).
  var lastFields: [String: ModelFields] = [:]
  var devices: [Device]
  /// The team shelf: how many of its rows have each name and URL ("name\turl").
  var shelf: [String: Int] = [:]

  /// Who last touched a bookmark (or `folder:` + a folder path), at which step.
  var lastTouched: [String: (device: Int, step: Int)] = [:]
  /// Bookmarks two devices changed without seeing each other's change, with every version
  /// made (nil: deleted).
  var contestedCandidates: [String: [ModelFields?]] = [:]
  /// Each version of a bookmark made on a device that was online since the last settle: the
  /// cloud may hold any of them when a contest starts (a later edit of the same device, made
  /// offline, may lose to another device's as a conflict, leaving the one pushed current: seed
  /// 200050).
  var pushedSinceSettle: [String: [ModelFields?]] = [:]
  /// A folder changed on two devices at once: folders and paths are taken from the stores at
  /// the next settle.
  var foldersContested = false
  var step = 0

  init(devices: Int) {
    self.devices = Array(repeating: Device(), count: devices)
  }

  // MARK: - Touches and contests

  /// Notes that `device` changes `key` now; marks it contested if another device changed it
  /// without this one having seen it, or this one's change can't have been seen there.
  mutating func touch(_ key: String, by device: Int, value: ModelFields?) {
    if let last = lastTouched[key], last.device != device {
      let seenHere = devices[device].lastSync >= last.step && devices[device].online
      let pushedThere = devices[last.device].lastSync >= last.step
      if !(seenHere && pushedThere) { contest(key, value: value) }
    }
    if contestedCandidates[key] != nil { contestedCandidates[key]!.append(value) }
    if devices[device].online, !key.hasPrefix("folder:") { pushedSinceSettle[key, default: []].append(value) }
    lastTouched[key] = (device, step)
  }

  /// Whether `device` may see `key` differently from the account: another device changed it
  /// since this one last synced, or has not pushed its change yet.
  func isStale(_ key: String, for device: Int) -> Bool {
    guard let last = lastTouched[key], last.device != device else { return false }
    let seenHere = devices[device].lastSync >= last.step && devices[device].online
    return !seenHere || devices[last.device].lastSync < last.step
  }

  private mutating func contest(_ key: String, value: ModelFields?) {
    if key.hasPrefix("folder:") {
      foldersContested = true
      return
    }
    if contestedCandidates[key] == nil {
      contestedCandidates[key] = [bookmarks[key]] + pushedSinceSettle[key, default: []]
    }
  }

  mutating func touchFolder(_ path: [String], by device: Int) {
    guard let top = path.first else { return }
    touch("folder:" + top, by: device, value: nil)
  }

  // MARK: - Changes, as the screen said they were made

  /// A save of the bookmark as `fields`. A copy of it in Recently Deleted stays there, not
  /// shown while the bookmark is listed (an edit that beat a delete, an import redone over a
  /// bookmark deleted meanwhile): only a restore takes it (``restore(_:by:)``), and it shows
  /// again if the bookmark goes without a copy of its own (seed 190010).
  mutating func put(_ id: String, _ fields: ModelFields, by device: Int) {
    touch(id, by: device, value: fields)
    touchFolder(fields.folder, by: device)
    bookmarks[id] = fields
    lastFields[id] = fields
    acknowledged.insert(id)
    removedForGood.remove(id)
    addFolders(of: fields.folder)
  }

  /// A delete: to Recently Deleted, as it was.
  mutating func delete(_ id: String, at date: Date, by device: Int) {
    guard let fields = bookmarks[id] else { return }
    touch(id, by: device, value: nil)
    bookmarks[id] = nil
    deleted[id] = (fields, date)
  }

  /// Gone without a copy in Recently Deleted: a listed bookmark taken back (an import undone),
  /// whose older copy there, if any, shows again; or a copy there deleted for good.
  mutating func removeForGood(_ id: String, by device: Int) {
    touch(id, by: device, value: nil)
    if bookmarks[id] != nil {
      bookmarks[id] = nil
    } else {
      deleted[id] = nil
    }
    removedForGood.insert(id)
  }

  /// Brought back from Recently Deleted as it is there: the copy is taken.
  mutating func restore(_ id: String, by device: Int) {
    guard let entry = deleted[id] else { return }
    put(id, entry.fields, by: device)
    deleted[id] = nil
  }

  /// Saved again from Recently Deleted as `fields` (a restore as this device made it): the
  /// copy is taken.
  mutating func restore(_ id: String, as fields: ModelFields, by device: Int) {
    put(id, fields, by: device)
    deleted[id] = nil
  }

  mutating func addFolders(of path: [String]) {
    for end in stride(from: path.count, to: 0, by: -1) { folders.insert(Array(path.prefix(end))) }
  }

  mutating func makeFolder(_ path: [String], by device: Int) {
    touchFolder(path, by: device)
    addFolders(of: path)
  }

  /// A rename or a move: the folder and everything under it now live at `new`.
  mutating func moveFolder(_ old: [String], to new: [String], by device: Int) {
    touchFolder(old, by: device)
    touchFolder(new, by: device)
    folders = Set(folders.map { $0.starts(with: old) ? new + $0.dropFirst(old.count) : $0 })
    addFolders(of: new)
    for (id, fields) in bookmarks where fields.folder.starts(with: old) {
      var moved = fields
      moved.folder = new + fields.folder.dropFirst(old.count)
      touch(id, by: device, value: moved)
      bookmarks[id] = moved
      lastFields[id] = moved
    }
    moveCandidates(from: old, to: new)
  }

  /// A folder deleted: what it held (bookmarks and folders) goes to its parent.
  mutating func deleteFolder(_ path: [String], by device: Int) {
    touchFolder(path, by: device)
    let parent = Array(path.dropLast())
    // Its folders move up a level: at the top level, each is a folder of its own now (a
    // rename of it elsewhere, unseen here, names one of two folders of one name: seed 131501).
    for folder in folders where folder.starts(with: path) && folder.count == path.count + 1 {
      touchFolder(parent + folder.dropFirst(path.count), by: device)
    }
    folders = Set(
      folders.compactMap { folder in
        guard folder.starts(with: path) else { return folder }
        return folder == path ? nil : parent + folder.dropFirst(path.count)
      })
    for (id, fields) in bookmarks where fields.folder.starts(with: path) {
      var moved = fields
      moved.folder = parent + fields.folder.dropFirst(path.count)
      touch(id, by: device, value: moved)
      bookmarks[id] = moved
      lastFields[id] = moved
    }
    moveCandidates(from: path, to: parent)
  }

  /// A version still contested is filed in its folder's record, so it moves with the folder
  /// (renamed, moved or deleted: its contents go up one level), whichever version wins.
  private mutating func moveCandidates(from old: [String], to new: [String]) {
    for (id, candidates) in contestedCandidates {
      contestedCandidates[id] = candidates.map { candidate in
        guard var candidate, candidate.folder.starts(with: old) else { return candidate }
        candidate.folder = new + candidate.folder.dropFirst(old.count)
        return candidate
      }
    }
  }

  /// Recently Deleted keeps each bookmark 30 days.
  mutating func expire(now: Date) {
    for (id, entry) in deleted where now.timeIntervalSince(entry.at) > 30 * 86_400 {
      deleted[id] = nil
      removedForGood.insert(id)
    }
  }

  // MARK: - Undo

  mutating func record(_ entry: UndoEntry, on device: Int) {
    devices[device].undo.append(entry)
    devices[device].redo = []
  }

  /// What `u` (or `U`) must do now on `device`.
  enum UndoExpectation {
    case nothing(message: String)
    case refuseFolder
    /// Applies at once: the bookmarks it touched go back to `values`.
    case applies(UndoEntry, values: [String: ModelFields?])
    /// Asks first, naming this entry.
    case asks(UndoEntry, values: [String: ModelFields?])
  }

  func expectation(undo: Bool, on device: Int) -> UndoExpectation {
    let stack = undo ? devices[device].undo : devices[device].redo
    guard let top = stack.last else {
      return .nothing(message: undo ? "Nothing to undo in this session." : "Nothing to redo.")
    }
    if undo, top.kind == .folder { return .refuseFolder }
    let expected = undo ? top.after : top.before
    let target = undo ? top.before : top.after
    let unchanged: Bool
    switch top.kind {
    case .importAll where undo:
      unchanged = expected.allSatisfy { id, value in bookmarks[id] == value }
    case .importAll:
      unchanged = expected.keys.allSatisfy { bookmarks[$0] == nil }
    default:
      unchanged = expected.allSatisfy { id, value in bookmarks[id] == value }
    }
    return unchanged ? .applies(top, values: target) : .asks(top, values: target)
  }
}
