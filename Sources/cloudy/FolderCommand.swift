import ArgumentParser
import BookmarkModel
import BookmarkStoreInterface
import CommandLineIO

/// `cloudy folder new|rename|move|delete`: folders as things of their own, for scripts.
/// Each is one change of the store, synced as one.
struct FolderCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "folder",
    abstract: "Make, rename, move or delete a folder (folders are written Toolbar/Dev).",
    subcommands: [New.self, Rename.self, Move.self, Delete.self])

  struct New: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Make an empty folder (and any missing parents).")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The new folder's path, e.g. Reading/Later.") var path: String

    func run() async throws { try await FolderCommand.change(.create(try FolderCommand.folder(path)), options) }
  }

  struct Rename: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Give a folder a new name; it keeps what it holds.")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The folder's path.") var path: String
    @Argument(help: "Its new name (one name, no /).") var name: String

    func run() async throws {
      try await FolderCommand.change(.rename(try FolderCommand.folder(path), to: name.trimmingWhitespace()), options)
    }
  }

  struct Move: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Move a folder, with everything in it, into another folder (/ is the top level).")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The folder's path.") var path: String
    @Argument(help: "The folder to move it into; / for the top level.") var into: String

    func run() async throws {
      let parent = BookmarkOrganisation.folderPath(into)
      try await FolderCommand.change(.move(try FolderCommand.folder(path), into: parent), options)
    }
  }

  struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete a folder; the bookmarks and folders in it go to its parent.")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The folder's path.") var path: String

    func run() async throws { try await FolderCommand.change(.delete(try FolderCommand.folder(path)), options) }
  }

  /// A folder path as typed; the top level is no folder to act on.
  static func folder(_ text: String) throws -> [String] {
    let path = BookmarkOrganisation.folderPath(text)
    if path.isEmpty { throw ValidationError("Give a folder, e.g. Toolbar/Dev; `cloudy folders` lists them.") }
    return path
  }

  static func change(_ change: FolderChange, _ options: GlobalOptions) async throws {
    try await CLIError.reporting {
      let store = try await options.openStore()
      try await store.changeFolder(change)
      // What happened, on stderr as `remove` says it: stdout stays for data.
      GlobalOptions.warn(done(change))
      await options.finish(store)
    }
  }

  /// A folder change made, as a sentence: "Made the folder Reading/Later."
  static func done(_ change: FolderChange) -> String {
    func named(_ path: [String]) -> String { path.isEmpty ? "the top level" : path.joined(separator: "/") }
    switch change {
    case .create(let path): return "Made the folder \(named(path))."
    case .rename(let path, let name): return "Renamed the folder \(named(path)) to \(name)."
    case .move(let path, let parent): return "Moved the folder \(named(path)) into \(named(parent))."
    case .delete(let path):
      return "Deleted the folder \(named(path)); what it held is in \(named(Array(path.dropLast()))) now."
    }
  }
}
