import ArgumentParser
import BookmarkModel
import CommandLineIO

/// `--folder`, `--tag` and `--notes`, for `add` and `edit` (`edit` has `--clear-tags` too).
struct OrganisationOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp("The folder, names joined by / (\"\" for none).", valueName: "path"))
  var folder: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Tags, separated by commas or spaces (repeatable); on edit they replace the bookmark's tags.",
      valueName: "tags"))
  var tag: [String] = []

  @Option(name: .long, help: ArgumentHelp("Notes (\"\" for none).", valueName: "text"))
  var notes: String?

  /// True when any of the options was given.
  var isGiven: Bool { folder != nil || !tag.isEmpty || notes != nil }

  /// The draft with these fields (nil where not given; no tags at all with `clearTags`), or
  /// the sentence saying what's wrong.
  func apply(to draft: BookmarkDraft, clearTags: Bool = false) throws -> BookmarkDraft {
    if clearTags, !tag.isEmpty { throw CLIError("Give --tag or --clear-tags, not both.") }
    var draft = draft
    draft.folder = folder.map(BookmarkOrganisation.folderPath)
    // Each value is read as the dialog's Tags field is: `--tag a,b` is two tags.
    let tags = BookmarkOrganisation.tags(tag.joined(separator: ","))
    draft.tags = clearTags ? [] : tag.isEmpty ? nil : tags
    draft.notes = notes
    if let problem = draft.organisationProblem { throw CLIError(problem.description) }
    return draft
  }
}
