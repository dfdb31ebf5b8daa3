import DurableFiles
import Foundation

extension DocumentContainer {
  /// Runs `body` in an index write transaction, then tells this process's queries and the
  /// sync engine.
  func commit<T>(recordingFolder: Bool = true, _ body: (any DocumentIndexSession) throws -> T) throws -> T {
    // Set once the body has made its change: a failure after that is the commit's own, and
    // whether the change is stored can't be known from this connection.
    var changed = false
    let (result, generation): (T, Int64)
    do {
      (result, generation) = try guarded {
        try index.write { session -> (T, Int64) in
          // Changed since the last commit recorded it: by hand, outside the lock. Then it isn't
          // recorded now either, so the next scan still looks (recording it hid a file
          // changed by hand just before this commit from the folder watch's scan).
          let changedOutside =
            try session.value("folder") != Self.describe(PrivateFiles.signature(documentsDirectory))
          let result = try body(session)
          // The folder changed under our own lock; remember it so the next start needn't scan.
          if recordingFolder, !changedOutside, let folder = Self.describe(PrivateFiles.signature(documentsDirectory)) {
            try session.setValue(folder, for: "folder")
          }
          let generation = try session.generation()
          changed = true
          return (result, generation)
        }
      }
    } catch DocumentContainerError.io(let reason) where changed {
      throw DocumentContainerError.commitFailed(reason)
    }
    commits.send(generation)
    wakeEngine()
    return result
  }

  /// ``commit(recordingFolder:_:)`` for a change that removes documents: each file is moved
  /// to ``removingDirectory`` in the transaction and unlinked only once it has committed. A
  /// commit that fails (a full disk) puts the files back, so the folder still agrees with the
  /// index and nothing was changed: unlinked in the transaction, a document whose commit then
  /// failed was gone from the folder while the index still had it, and the next scan took the
  /// missing file for a delete by hand and synced it (a bookmark lost for good). A process that
  /// dies between the two leaves the files for the next scan (``recoverRemovals(in:)``).
  func commitRemoving<T>(_ body: (any DocumentIndexSession, Removals) throws -> T) throws -> T {
    let removals = Removals(container: self)
    let result: T
    do {
      result = try commit { session in try body(session, removals) }
    } catch {
      removals.putBack()
      throw error
    }
    removals.finish()
    return result
  }

  /// Where a removal keeps a document's file until its commit is through: beside
  /// `Documents/`, so the folder's own signature (what a start compares) moves only once.
  public var removingDirectory: String { root + "/Removing" }

  /// The files one removal moved aside (see ``commitRemoving(_:)``), each named
  /// `<file>~<process id>` in ``removingDirectory``.
  final class Removals {
    private let container: DocumentContainer
    private var moved: [(file: String, aside: String)] = []

    init(container: DocumentContainer) { self.container = container }

    /// Moves `file` aside (nothing to move if it's not there). Throws before anything is
    /// moved if the folder for it can't be made.
    func moveAside(_ file: String) throws {
      let path = container.documentsDirectory + "/" + file
      let aside = container.removingDirectory + "/" + file + "~" + container.processID
      do {
        try PrivateFiles.makeDirectory(container.removingDirectory)
      } catch {
        throw DocumentContainerError.io("\(error)")
      }
      if rename(path, aside) != 0 {
        guard errno == ENOENT else {
          throw DocumentContainerError.io("Can't delete \(path): \(String(cString: strerror(errno))).")
        }
        return
      }
      moved.append((file, aside))
    }

    /// The change is committed: the files go for good.
    func finish() {
      for (_, aside) in moved { _ = unlink(aside) }
      moved = []
    }

    /// The change failed: every file comes back where it was (a scan that ran meanwhile may
    /// have put one back already).
    func putBack() {
      for (file, aside) in moved.reversed() {
        _ = rename(aside, container.documentsDirectory + "/" + file)
      }
      moved = []
    }
  }

  /// Settles what removals cut short by a process's death left in ``removingDirectory``: a
  /// file whose document the index still has (its commit never happened) goes back, unless
  /// the folder has it again; the others were removed, and go. Called under the write lock,
  /// when no removal of any process is between its move and its commit.
  func recoverRemovals(in session: any DocumentIndexSession) throws {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: removingDirectory) else { return }
    for name in names {
      let aside = removingDirectory + "/" + name
      guard let cut = name.lastIndex(of: "~") else {
        _ = unlink(aside)
        continue
      }
      let file = String(name[..<cut])
      let path = documentsDirectory + "/" + file
      if let entry = try session.entry(file), !entry.removed, access(path, F_OK) != 0 {
        if rename(aside, path) != 0, errno != ENOENT {
          throw DocumentContainerError.io("Can't put back \(path): \(String(cString: strerror(errno))).")
        }
      } else {
        _ = unlink(aside)
      }
    }
  }

  func guarded<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DocumentContainerError {
      throw error
    } catch {
      throw DocumentContainerError.io("\(error)")
    }
  }
}
