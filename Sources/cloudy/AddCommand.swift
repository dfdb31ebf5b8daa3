import ArgumentParser
import BookmarkModel
import CommandLineIO
import PageAccess
import PropertyLists
import WebPages

/// `cloudy add URL [--name NAME] [--folder PATH] [--tag TAG]… [--notes TEXT]`.
struct AddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a bookmark and print its id. A URL without a scheme gets https://.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The URL, e.g. www.example.com.")
  var url: String

  @Option(name: .long, help: "The name to show (default: the page's title, else the URL's host).")
  var name: String = ""

  @Option(name: .long, help: ArgumentHelp("Give up on the page's title after this long.", valueName: "seconds"))
  var timeout: Int = 10

  @OptionGroup var organisation: OrganisationOptions

  @Flag(name: .long, help: "Add even if a bookmark with the same URL exists.")
  var allowDuplicate = false

  func validate() throws {
    if timeout < 1 { throw ValidationError("--timeout needs a whole number of seconds, 1 or more.") }
  }

  func run() async throws {
    if options.shelf {
      if organisation.isGiven { throw CLIError("The team shelf has no folders, tags or notes; leave those out.") }
      return try await ShelfCLI.add(options, url: url, name: name, timeout: timeout)
    }
    try await CLIError.reporting {
      var draft = try organisation.apply(
        to: try BookmarkDraft(name: name, url: url).validated().mapError { CLIError($0.description) }.get())
      // The page is fetched before the store opens: a slow site holds up nothing else.
      if name.trimmingWhitespace().isEmpty, options.fetchesPages,
        let title = await WebAccess(timeout: .seconds(timeout), environment: options.environment).with({
          await TitleFetcher(fetcher: $0).title(for: draft.url)
        })
      {
        draft.name = title
      }
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
