import ArgumentParser
import BookmarkFormats
import CommandLineIO
import Foundation
import ScreenRendering
import Shelf

/// `cloudy shelf create|grant|revoke|members|world-readable|status`: the team shelf's roles.
struct ShelfCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shelf",
    abstract: "Manage the team shelf: the cloud's shared bookmarks, and who may read and change them.",
    discussion: """
      Every account of a cloud may be given a role on its shelf: owner (manages roles), editor (adds, edits, \
      removes) or reader. `cloudy --shelf list` and the app's Tab show the shelf. docs/shelf.md tells more.
      """,
    subcommands: [Status.self, Create.self, Grant.self, Revoke.self, Members.self, WorldReadable.self],
    defaultSubcommand: Status.self)

  /// `cloudy shelf status`: this account's role.
  struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Say what this account may do on the team shelf.")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
      try await ShelfCommand.with(options) { shelf in
        let access = try await shelf.access()
        let account = try options.choice.accountName()
        var line: String
        switch access.role {
        case .owner?: line = "“\(account)” owns the team shelf on \(shelf.displayName)."
        case .editor?: line = "“\(account)” edits the team shelf on \(shelf.displayName)."
        case .reader?: line = "“\(account)” reads the team shelf on \(shelf.displayName)."
        case nil:
          line =
            access.hasOwner
            ? "“\(account)” has no role on the team shelf on \(shelf.displayName)"
              + (access.worldReadable ? "; it is world-readable, so it may read." : ".")
            : "The team shelf on \(shelf.displayName) has no owner yet; `cloudy shelf create` makes “\(account)” its owner."
        }
        print(DisplayText.sanitize(line))
      }
    }
  }

  /// `cloudy shelf create [--world-readable]`.
  struct Create: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make this account the owner of the cloud's team shelf (only while it has none).")
    @OptionGroup var options: GlobalOptions
    @Flag(name: .long, help: "Let every account of the cloud read it, with a role or without.")
    var worldReadable = false

    func run() async throws {
      try await ShelfCommand.with(options) { shelf in
        try await shelf.create(worldReadable: worldReadable)
        print("This account owns the team shelf now; `cloudy shelf grant ACCOUNT editor` lets others add to it.")
      }
    }
  }

  /// `cloudy shelf grant ACCOUNT ROLE [--pg-role ROLE]`.
  struct Grant: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Give an account a role on the team shelf: reader, editor or owner (owners only).")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The account, as its Cloudy sessions name it (--account, CLOUDY_ACCOUNT).") var account: String
    @Argument(help: "reader, editor or owner.") var role: String
    @Option(
      name: .customLong("pg-role"),
      help: ArgumentHelp(
        "On PostgreSQL, the login role of that account, when several roles have one so named.", valueName: "role"))
    var group: String?

    func run() async throws {
      guard let chosen = ShelfRole(rawValue: role.lowercased()) else {
        throw CLIError("A role is reader, editor or owner.")
      }
      try await ShelfCommand.with(options) { shelf in
        // Who it went to, with the PostgreSQL role: a name alone could be another role's.
        let member = try await shelf.grant(account: account, group: group, role: chosen)
        let article = chosen == .reader ? "a" : "an"
        print(DisplayText.sanitize("“\(member.displayName)” is now \(article) \(chosen.rawValue) of the team shelf."))
      }
    }
  }

  /// `cloudy shelf revoke ACCOUNT [--pg-role ROLE]`.
  struct Revoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Take an account's role on the team shelf away (owners only).")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The account.") var account: String
    @Option(
      name: .customLong("pg-role"), help: ArgumentHelp("Its PostgreSQL login role, if several.", valueName: "role"))
    var group: String?

    func run() async throws {
      try await ShelfCommand.with(options) { shelf in
        try await shelf.revoke(account: account, group: group)
        print(DisplayText.sanitize("“\(account)” has no role on the team shelf now."))
      }
    }
  }

  /// `cloudy shelf members [--json]`.
  struct Members: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the accounts with a role on the team shelf.")
    @OptionGroup var options: GlobalOptions
    @Flag(name: .long, help: "Print a JSON array of {account, role, pgRole}.") var json = false

    func run() async throws {
      try await ShelfCommand.with(options) { shelf in
        let members = try await shelf.members()
        if json {
          let rows = members.map { ["account": $0.account, "role": $0.role.rawValue, "pgRole": $0.group ?? ""] }
          let encoder = JSONEncoder()
          encoder.outputFormatting = [.sortedKeys]
          // Names other accounts chose: escaped beyond JSONEncoder's C0, as `list --json` is.
          try StandardStream.output.write(
            BookmarkJSON.escapingTerminalControls(try encoder.encode(rows)) + Data("\n".utf8))
        } else {
          for member in members {
            print(member.role.rawValue + "\t" + DisplayText.sanitize(member.displayName))
          }
        }
      }
    }
  }

  /// `cloudy shelf world-readable yes|no`.
  struct WorldReadable: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "world-readable",
      abstract: "Let every account of the cloud read the team shelf (yes), or only its members (no).")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "yes or no.") var answer: String

    func run() async throws {
      guard let open = ["yes": true, "no": false][answer.lowercased()] else { throw CLIError("Say yes or no.") }
      try await ShelfCommand.with(options) { shelf in
        try await shelf.setWorldReadable(open)
        print(open ? "Every account of this cloud may read the team shelf." : "Only members may read the team shelf.")
      }
    }
  }

  /// Runs `body` on the shelf, closing it after, with the shelf's refusals as one line.
  static func with(_ options: GlobalOptions, _ body: (any ShelfService) async throws -> Void) async throws {
    try await CLIError.reporting {
      let shelf = try options.makeShelf()
      do {
        try await body(shelf)
      } catch {
        await shelf.close()
        throw error
      }
      await shelf.close()
    }
  }
}
