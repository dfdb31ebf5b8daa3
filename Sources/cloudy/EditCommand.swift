import ArgumentParser
import BookmarkModel
import CommandLineIO

/// `cloudy edit ID [--name N] [--url U] [--folder PATH] [--tag TAG]… [--clear-tags] [--notes TEXT]`.
struct EditCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Change a bookmark's name, URL, folder, tags or notes. ID may be a unique prefix.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The bookmark's id, as `cloudy list` prints it, or a unique prefix of it.")
  var id: String

  @Option(name: .long, help: "The new name.")
  var name: String?

  @Option(name: .long, help: "The new URL.")
  var url: String?

  @OptionGroup var organisation: OrganisationOptions

  @Flag(name: .long, help: "Remove every tag.")
  var clearTags = false

  @Flag(name: .long, help: "Change the URL even if another bookmark has the same URL.")
  var allowDuplicate = false

  func validate() throws {
    if id.isEmpty { throw ValidationError("Give the bookmark's id; `cloudy list` shows every id.") }
    if name == nil, url == nil, !organisation.isGiven, !clearTags {
      throw ValidationError("Give what to change: --name, --url, --folder, --tag, --clear-tags or --notes.")
    }
  }

  func run() async throws {
    if options.shelf {
      if organisation.isGiven || clearTags {
        throw CLIError("The team shelf has no folders, tags or notes; leave those out.")
      }
      return try await ShelfCLI.edit(options, id: id, name: name, url: url)
    }
    try await CLIError.reporting {
      let store = try await options.openStore()
      let bookmarks = try await store.load()
      let bookmark = try bookmarks.resolve(id)
      // A rename keeps the stored URL verbatim: it is not checked or rewritten again.
      let draft = try organisation.apply(
        to: try BookmarkDraft(name: name ?? bookmark.name, url: url ?? bookmark.url)
          .validated(unchangedURL: bookmark.url)
          .mapError { CLIError($0.description) }.get(), clearTags: clearTags)
      if url != nil, !allowDuplicate, let existing = bookmarks.duplicate(of: draft.url, excluding: bookmark.id) {
        throw CLIError(
          "“\(existing.name)” (\(existing.id)) already has this URL; pass --allow-duplicate to use it anyway.")
      }
      let saved = try await store.update(id: bookmark.id, with: draft)
      GlobalOptions.warn("Saved “\(saved.name)” (\(saved.id.prefix(8))).")
      await options.finish(store)
    }
  }
}
