import DurableFiles
import Foundation
import Sync
import Synchronization

extension DocumentContainer {
  /// Brings the index up to date with the `Documents/` folder: a document written or
  /// replaced by hand becomes a new version, one dropped in is created, one deleted by hand
  /// is deleted, entries committed but not yet written to disk are written, and temporary
  /// files of processes that died are removed. The scan is skipped when the folder has not
  /// changed since the index last saw it (its modification time and inode), so opening a
  /// large container reads neither the documents nor their metadata; entries still to be
  /// written are written even then (one query finds them). Returns how many
  /// entries were written.
  @discardableResult
  public func refreshFromFiles(force: Bool = false) throws -> Int {
    try PrivateFiles.makeDirectory(documentsDirectory)
    waitForTheFolderToSettle()
    // The scan records the folder itself, as it was before the listing.
    let unmaterialized = try commit(recordingFolder: false) { session -> [String] in
      try recoverRemovals(in: session)
      let signature = PrivateFiles.signature(documentsDirectory)
      let folder = Self.describe(signature)
      // The folder is as the last commit left it, but a commit whose files were still to be
      // written when the process died (an import, a fetch) left nothing to see there.
      if !force, try session.value("folder") == folder { return try session.unwrittenFiles() }
      var entries: [String: DocumentIndexEntry] = [:]
      for entry in try session.allEntries() { entries[entry.file] = entry }
      var unmaterialized: [String] = []
      var seen = Set<String>()
      // Every write of a document's file happens under the index's write lock, which this
      // scan holds: a temporary left in the folder now belongs to a process that died.
      for name in try listTemporaries() { _ = unlink(documentsDirectory + "/" + name) }
      for listed in try listDocuments() {
        var name = listed
        seen.insert(name)
        var signature = Self.describe(PrivateFiles.signature(documentsDirectory + "/" + name))
        var existing = entries[name]
        if let existing, !existing.removed, existing.signature == signature { continue }
        if let existing, !existing.removed, existing.signature == nil {
          // Committed but not written yet (an import or fetch cut short): the index wins.
          unmaterialized.append(name)
          continue
        }
        guard let contents = try? PrivateFiles.read(documentsDirectory + "/" + name) else { continue }
        if var existing, !existing.removed, existing.contents == contents {
          existing.signature = signature
          try session.save(existing)
          continue
        }
        if !readable(contents) {
          try keepAside(name, replacingWith: existing.flatMap { $0.removed ? nil : $0 }, in: session)
          continue
        }
        // One document per name its contents belong under: one dropped in under another name
        // is filed under its own; one whose own name is taken is a second copy, kept aside.
        if let filed = filedName(contents), filed != name,
          existing.map({ $0.removed || filedName($0.contents) != filed }) ?? true
        {
          let taken =
            entries[filed].map { !$0.removed } ?? false || seen.contains(filed)
            || access(documentsDirectory + "/" + filed, F_OK) == 0
          let live = existing.flatMap { $0.removed ? nil : $0 }
          guard !taken, live == nil, rename(documentsDirectory + "/" + name, documentsDirectory + "/" + filed) == 0
          else {
            try keepAside(name, replacingWith: live, in: session, because: "is a second copy of \(filed)")
            continue
          }
          name = filed
          seen.insert(name)
          existing = entries[name]
          signature = Self.describe(PrivateFiles.signature(documentsDirectory + "/" + name))
        }
        var entry =
          existing
          ?? DocumentIndexEntry(
            file: name, contents: contents, versionID: "", versionDevice: device, versionSaved: now(),
            origin: DocumentIndexEntry.filesOrigin)
        entry.currentVersion = newVersion(contents)
        entry.removed = false
        entry.pending = true
        entry.signature = signature
        entry.origin = DocumentIndexEntry.filesOrigin
        try session.save(entry)
      }
      for var entry in entries.values where !entry.removed && !seen.contains(entry.file) {
        if entry.signature == nil {
          unmaterialized.append(entry.file)
          continue
        }
        entry.removed = true
        entry.signature = nil
        entry.conflicts = []
        entry.pending = entry.base > 0 || entry.pending
        entry.origin = DocumentIndexEntry.filesOrigin
        try session.save(entry)
      }
      // What the folder was before the listing, not after: a file added while the scan ran
      // then still differs next time (recording the folder as it was after hid a file
      // dropped in during a scan for good). Not recorded if the folder changed in the clock
      // tick it was read in, when a change just after could leave it looking the same.
      try session.setValue(signature.flatMap { Self.isSettled($0) ? folder : nil }, for: "folder")
      return unmaterialized
    }
    // Files another write of this process is writing now are its to write; a crash of
    // this process would leave them to the next start's scan.
    guard materializing.load(ordering: .acquiring) == 0 else { return 0 }
    try materialize(unmaterialized)
    return unmaterialized.count
  }

  /// Whether any of `files` in the folder differs from what the index recorded of it: one
  /// there that the index doesn't have, one gone that it has, or one whose signature moved
  /// (a change by hand, in place or replaced). Files committed but not written yet are left
  /// to ``refreshFromFiles(force:)``. The folder watch asks this of the names it hears of: a
  /// change in place leaves the folder's own signature as it was, and one made while this
  /// process wrote its own files is hidden in the folder's new signature. It looks under
  /// the write lock, after any commit still writing (whose files it would otherwise see
  /// before their signatures), and saves nothing; 2,000 names at a time, so others' commits
  /// wait no longer than for one of their own batches.
  public func filesDiffer(_ files: some Collection<String>) throws -> Bool {
    let files = files.filter { !$0.hasPrefix(".") && !$0.contains(".tmp-") }
    for start in stride(from: 0, to: files.count, by: 2000) {
      let differ = try guarded {
        try index.write { session in
          for file in files[start..<min(start + 2000, files.count)] {
            let onDisk = Self.describe(PrivateFiles.signature(documentsDirectory + "/" + file))
            guard let entry = try session.entry(file), !entry.removed else {
              if onDisk != nil { return true }
              continue
            }
            if let recorded = entry.signature, recorded != onDisk { return true }
          }
          return false
        }
      }
      if differ { return true }
    }
    return false
  }

  /// After a change to `file` failed part-way, makes the file agree with the index (what
  /// every later reader goes by: a file renamed into place whose commit failed is removed,
  /// one whose commit went through is left) and returns the document's contents as the
  /// index holds them, `nil` if there is no such document. Throws if the index can't be read
  /// or the file can't be made to agree.
  public func settle(_ file: String) throws -> Data? {
    let entry = try guarded { try index.read { try $0.entry(file) } }
    let path = documentsDirectory + "/" + file
    let onDisk = (try? PrivateFiles.read(path)) ?? nil
    // A file that can't be made to agree (the disk full, say) is left holding what the change
    // wrote, and the next start takes it in as a hand edit: then nobody can tell what is
    // stored, and this says so by throwing.
    if let entry, !entry.removed {
      if onDisk != entry.contents { _ = try writeFile(file, entry.contents) }
      return entry.contents
    }
    if onDisk != nil, unlink(path) != 0, errno != ENOENT {
      throw DocumentContainerError.io("Can't delete \(path): \(String(cString: strerror(errno))).")
    }
    return nil
  }

  /// Moves a damaged document file to ``damagedDirectory`` and puts the last good version
  /// back in its place (if there is one): a damaged file is never taken as a new version
  /// or as a delete, so it never reaches the cloud. The status names it until the process
  /// ends.
  func keepAside(
    _ name: String, replacingWith good: DocumentIndexEntry?, in session: any DocumentIndexSession,
    because reason: String = "could not be read"
  ) throws {
    let path = documentsDirectory + "/" + name
    try PrivateFiles.makeDirectory(damagedDirectory)
    let stamp = Int(now().timeIntervalSince1970)
    var aside = damagedDirectory + "/" + name + ".\(stamp)"
    var attempt = 0
    while FileManager.default.fileExists(atPath: aside) {
      attempt += 1
      aside = damagedDirectory + "/" + name + ".\(stamp)-\(attempt)"
    }
    guard rename(path, aside) == 0 else {
      throw DocumentContainerError.io("Can't move \(path) aside: \(String(cString: strerror(errno))).")
    }
    var sentence = "\(name) in \(documentsDirectory) \(reason); it was kept as \(aside)"
    if var good {
      good.signature = try writeFile(name, good.contents)
      try session.save(good)
      sentence += " and the last good version stays."
    } else {
      sentence += "."
    }
    state.withLock { $0.notice = ZoneProblem.sentences($0.notice, sentence) }
  }

  /// Writes the files of entries committed without one (an import, a fetch), in batches
  /// under the lock, with one flush per batch rather than one per file.
  func materialize(_ files: [String]) throws {
    guard !files.isEmpty else { return }
    materializing.add(1, ordering: .acquiringAndReleasing)
    defer { materializing.subtract(1, ordering: .acquiringAndReleasing) }
    try PrivateFiles.makeDirectory(documentsDirectory)
    let files = Self.inIndexOrder(files, \.self)
    for start in stride(from: 0, to: files.count, by: 2000) {
      let chunk = files[start..<min(start + 2000, files.count)]
      try commit { session in
        var entries: [DocumentIndexEntry] = []
        let found = try session.entries(Array(chunk))
        for file in chunk {
          guard let entry = found[file], !entry.removed, entry.signature == nil else { continue }
          entries.append(entry)
        }
        do {
          // In place: until this commit records their signatures, a start-up scan writes
          // these files again from the index, so one cut short by a crash is repaired.
          try PrivateFiles.replaceAll(
            in: documentsDirectory, entries.map { ($0.file, $0.contents) }, atomically: false)
        } catch {
          throw DocumentContainerError.io("Can't save in \(documentsDirectory): \(error).")
        }
        // Only the signatures: the documents themselves are as committed, so readers of
        // changes (this process's store among them) don't read and decode them again. Saving
        // whole entries gave each batch a new generation, and an import of 100,000 then sent
        // the store 50 updates, each re-read, re-sorted and published.
        for entry in entries {
          try session.setSignature(
            Self.describe(PrivateFiles.signature(documentsDirectory + "/" + entry.file)), of: entry.file)
        }
      }
    }
  }

  /// Documents in the index's order (its rows are kept by file name, byte by byte): a batch
  /// then changes neighbouring rows. In the order given (an import's file names are random),
  /// each batch of 2,000 touched most of the index's pages, and an import of 100,000 wrote
  /// about 2 GB to the index's log.
  static func inIndexOrder<T>(_ items: [T], _ file: (T) -> String) -> [T] {
    items.sorted { file($0).utf8.lexicographicallyPrecedes(file($1).utf8) }
  }

  func listTemporaries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: documentsDirectory).filter { $0.contains(".tmp-") }
  }

  func listDocuments() throws -> [String] {
    guard let directory = opendir(documentsDirectory) else {
      throw DocumentContainerError.io("Can't read \(documentsDirectory): \(String(cString: strerror(errno))).")
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let item = readdir(directory) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      // Hidden files and our own temporaries are not documents.
      if name.hasPrefix(".") || name.contains(".tmp-") { continue }
      names.append(name)
    }
    return names
  }

  /// Writes a document's file atomically and returns its new signature.
  func writeFile(_ file: String, _ contents: Data) throws -> String? {
    let path = documentsDirectory + "/" + file
    do {
      try PrivateFiles.makeDirectory(documentsDirectory)
      try PrivateFiles.replace(path, with: contents)
    } catch let error as FileError {
      throw DocumentContainerError.io(error.description)
    } catch {
      throw DocumentContainerError.io("Can't save \(path): \(error).")
    }
    return Self.describe(PrivateFiles.signature(path))
  }

  /// Whether a change made after `signature` was read is sure to give the folder another
  /// time: its time is not in the clock's current tick (which file times are taken from;
  /// a second of margin covers finer file times). A time further ahead (a clock stepped
  /// back, a restored backup) is settled too: a change now gets an earlier time.
  /// Waits, a few milliseconds at most, until the folder's last change is older than the
  /// clock's tick, so a scan can record it. A folder changed in the tick it is read in is not
  /// recorded (see ``isSettled(_:)``), and nothing but a scan records it again: a new
  /// container's folder, made just before its first scan, left every later commit unrecorded,
  /// and the first open after importing 100,000 bookmarks into a new home scanned every file
  /// (1.8 s rather than 0.27 s).
  func waitForTheFolderToSettle() {
    for _ in 0..<10 {
      guard let signature = PrivateFiles.signature(documentsDirectory), !Self.isSettled(signature) else { return }
      usleep(2_000)
    }
  }

  static func isSettled(_ signature: PrivateFiles.Signature) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME_COARSE, &now)
    let time = (signature.seconds, signature.nanoseconds)
    return time < (now.tv_sec, now.tv_nsec) || time > (now.tv_sec + 1, now.tv_nsec)
  }

  /// The `Documents/` folder's signature in the container at `root`, as the index records it
  /// when the folder is as its last commit left it: a start compares the two to know, without
  /// opening the container, that no document was changed by hand since.
  public static func folderSignature(root: String) -> String? {
    describe(PrivateFiles.signature(root + "/Documents"))
  }

  static func describe(_ signature: PrivateFiles.Signature?) -> String? {
    signature.map { "\($0.inode):\($0.size):\($0.seconds).\($0.nanoseconds)" }
  }
}
