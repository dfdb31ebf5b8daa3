import PropertyLists

/// A bookmark's folder path, tags and notes as the user types them: how text becomes the
/// stored values, and the limits every entry point (dialog, command line, import of a Cloudy
/// export) checks before storing them.
public enum BookmarkOrganisation {
  public static let maximumFolderNameLength = 255
  public static let maximumDepth = 32
  public static let maximumTagLength = 64
  public static let maximumTags = 64
  public static let maximumNotesLength = 10_000
  public static let maximumNameLength = 1_000
  /// The largest bookmark document read (the document store's format): more than a bookmark
  /// within the limits above can take, so one over it broke them, and is refused unread.
  public static let maximumDocumentBytes = 256 * 1024

  /// A folder path from `Toolbar/Dev` (or `/Toolbar/Dev/`): the names between slashes,
  /// trimmed, empty ones left out.
  public static func folderPath(_ text: String) -> [String] {
    text.split(separator: "/").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
  }

  /// The path as the dialog's field shows it: `Toolbar/Dev`.
  public static func folderText(_ path: [String]) -> String {
    path.joined(separator: "/")
  }

  /// Tags from `rust, tech #swift`: separated by spaces or commas, a leading `#` dropped,
  /// each kept once (the first spelling, compared without case).
  public static func tags(_ text: String) -> [String] {
    let words = text.split { $0 == "," || $0.isWhitespace }.map { tag(String($0)) }
    return unique(words.filter { !$0.isEmpty })
  }

  /// One tag as typed (`#rust` or `rust`), without the `#` a filter would use.
  public static func tag(_ typed: String) -> String {
    typed.hasPrefix("#") ? String(typed.dropFirst()) : typed
  }

  /// The tags as the dialog's field shows them: `rust tech`.
  public static func tagsText(_ tags: [String]) -> String {
    tags.joined(separator: " ")
  }

  /// The first problem with a name, or nil.
  public static func problem(name: String) -> OrganisationProblem? {
    guard longer(name, than: maximumNameLength) else { return nil }
    return .nameTooLong(characters: name.count)
  }

  /// The first of these limits a stored bookmark breaks, or nil: what every entry point
  /// refuses, so a document or record arriving from the folder, the cloud or a file that
  /// breaks one is not taken in.
  public static func problem(_ bookmark: Bookmark) -> OrganisationProblem? {
    problem(name: bookmark.name) ?? problem(folder: bookmark.folder) ?? limitProblem(tags: bookmark.tags)
      ?? problem(notes: bookmark.notes)
  }

  /// The first problem with a folder path, or nil.
  public static func problem(folder path: [String]) -> OrganisationProblem? {
    if path.count > maximumDepth { return .foldersTooDeep(levels: path.count) }
    for name in path {
      if name.unicodeScalars.contains(where: isInvisible) { return .folderNameInvisible }
      if name.utf8.contains(UInt8(ascii: "/")), name.contains("/") { return .folderNameHasSlash(name) }
      if longer(name, than: maximumFolderNameLength) { return .folderNameTooLong(characters: name.count) }
    }
    return nil
  }

  /// The first problem with tags given one by one (`--tag`), or nil.
  public static func problem(tags: [String]) -> OrganisationProblem? {
    if let problem = limitProblem(tags: tags) { return problem }
    for tag in tags where tag.contains(where: \.isWhitespace) || tag.contains(",") { return .tagHasSpace(tag) }
    return nil
  }

  /// The first limit stored tags break (how many, how long, an invisible character), or nil.
  /// A tag with a space is not typed (the dialog and `--tag` separate tags there), but one
  /// can come in with a browser's file (`TAGS="machine learning"`), and is stored as it is.
  public static func limitProblem(tags: [String]) -> OrganisationProblem? {
    if tags.count > maximumTags { return .tooManyTags(tags.count) }
    for tag in tags {
      if tag.unicodeScalars.contains(where: isInvisible) { return .tagInvisible }
      if longer(tag, than: maximumTagLength) { return .tagTooLong(characters: tag.count) }
    }
    return nil
  }

  /// The first problem with notes, or nil. Line breaks and tabs are allowed.
  public static func problem(notes: String) -> OrganisationProblem? {
    if notes.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && isInvisible($0) }) { return .notesInvisible }
    if longer(notes, than: maximumNotesLength) { return .notesTooLong(characters: notes.count) }
    return nil
  }

  /// Whether `text` has more than `limit` characters. Its bytes are counted first: there are
  /// never fewer of them, and counting characters means finding every grapheme's end (these
  /// checks run on every bookmark read from a file or the cloud).
  private static func longer(_ text: String, than limit: Int) -> Bool {
    text.utf8.count > limit && text.count > limit
  }

  /// Control characters and the invisible formatting ones the URL rule refuses too. Of
  /// ASCII, only the control characters are (looked up without Unicode's tables).
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
    return switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
    default: false
    }
  }

  private static func unique(_ tags: [String]) -> [String] {
    var seen = Set<String>()
    return tags.filter { seen.insert($0.lowercased()).inserted }
  }
}
