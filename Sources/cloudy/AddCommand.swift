import ArgumentParser
import BookmarkModel
import BookmarkStores

/// `cloudy add URL [--name NAME] [--folder PATH] [--tag TAG]… [--notes TEXT]`.
struct AddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a bookmark and print its id. A URL without a scheme gets https://.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The URL, e.g. www.example.com.")
  var url: String

  @Option(name: .long, help: "The name to show (default: the URL's host).")
  var name: String = ""

  @OptionGroup var organisation: OrganisationOptions

  @Flag(name: .long, help: "Add even if a bookmark with the same URL exists.")
  var allowDuplicate = false

  func run() async throws {
    try await CLIError.reporting {
      let draft = try organisation.apply(
        to: try BookmarkDraft(name: name, url: url).validated().mapError { CLIError($0.description) }.get())
      let store = try await options.openStore()
      if !allowDuplicate, let existing = try await store.load().duplicate(of: draft.url) {
        throw CLIError(
          "“\(existing.name)” (\(existing.id)) already has this URL; pass --allow-duplicate to add it anyway.")
      }
      print(try await store.add(draft).id)
      await options.finish(store)
    }
  }
}
